import type { FastifyBaseLogger } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'

// PLACEHOLDER (issue 23 foundation): replaced by the engine part before the issue lands.
export function startEngagementEngine(_deps: CoreDeps, _log: FastifyBaseLogger) {
  return { stop: async () => {} }
}
