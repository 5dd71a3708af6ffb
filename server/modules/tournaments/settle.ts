import type { Tx } from '#db/client.ts'
import type { Jobs } from '#server/lib/jobs.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import type { Notify } from '#server/modules/notifications/index.ts'
import type { Wording } from '#server/modules/site/index.ts'
import type { RateTable } from '#server/modules/wallet/index.ts'
import type { tournaments } from './tournaments.tables.ts'

export type TournamentRow = typeof tournaments.$inferSelect

export interface SettleContext {
  secretBox: SecretBox
  /** The rate table, read before the transaction. */
  rates: RateTable
  /** Each language's words, read before the transaction (`wordingOfEveryLocale`). */
  textOf: Wording
  notify: Notify
  now: Date
}

export interface SettledTournament {
  tournamentId: number
  /** The places that won a prize, by player. */
  winners: Map<string, number>
  /** The currencies each winner's prizes moved, to publish after the commit. */
  wallets: Map<string, Set<string>>
}

/**
 * PLACEHOLDER (scoring helper). Settles a tournament whose row the caller holds locked, in the
 * caller's transaction: the final order (score, then time, then the draw for what is still tied),
 * the results, each paid place's prize (`tournament:<id>:<place>`), the seeds revealed,
 * `finished_at`, and the winners told. The seed calls it for its finished tournament.
 */
export async function settleTournament(
  _tx: Tx,
  _tournament: TournamentRow,
  _context: SettleContext,
): Promise<SettledTournament> {
  throw new Error('not built yet')
}

/**
 * PLACEHOLDER (scoring helper). Asks the job queue for runs at a tournament's start and end
 * (an operator's create or edit; the periodic run catches any it missed).
 */
export async function askForTournamentRuns(
  _jobs: Jobs,
  _tournament: Pick<TournamentRow, 'id' | 'startsAt' | 'endsAt'>,
): Promise<void> {}
