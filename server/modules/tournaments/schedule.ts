import type { FastifyBaseLogger } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'

// PLACEHOLDER (scoring helper): the start and finish jobs.
export function defineTournamentJobs(_deps: CoreDeps, _log: FastifyBaseLogger): void {}
