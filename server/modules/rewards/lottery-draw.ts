import type { FastifyBaseLogger } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'

// PLACEHOLDER: the lottery draws, once each however many instances run.
export function startLotteryDraws(_deps: Pick<CoreDeps, 'db' | 'bus' | 'site' | 'secretBox'>, _log: FastifyBaseLogger) {
  return { stop: async () => {} }
}
