import { createHash } from 'node:crypto'
import { multiplierText, type LiveGame } from '#common/live-rules.ts'
import type { RouletteBet } from '#common/originals-rules.ts'
import type { liveBets, liveRounds } from './live.tables.ts'
import type { WireLiveBet, WireLiveRound } from './live.contract.ts'

// Rows of the live tables as the wire shows them; the round's hash and result stay hidden until
// the round has ended (they decide it).

export type LiveRoundRow = typeof liveRounds.$inferSelect
export type LiveBetRow = typeof liveBets.$inferSelect

/** A roulette chip as stored in a live bet: amounts in minor units as text. */
export interface StoredChip extends RouletteBet {
  amount: string
}

/** What a live bet stores in `choice`: the masked name shown to others, and the bet itself. */
export interface LiveChoice {
  tag: string
  auto_cashout_bp?: number | null
  chips?: StoredChip[]
}

/**
 * The name other players see: the first letter of the first name and two hex digits of a hash of
 * the player's id, so a player is recognisable round to round without being identifiable.
 */
export function playerTag(playerId: string, firstName: string | null): string {
  const initial = (firstName?.trim()[0] ?? '?').toLocaleUpperCase()
  const suffix = createHash('sha256').update(`live-tag:${playerId}`).digest('hex').slice(0, 2)
  return `${initial}•••${suffix}`
}

const isEnded = (round: LiveRoundRow) => round.status === 'settled' || round.status === 'refunded'

export function toWireRound(round: LiveRoundRow): WireLiveRound {
  const result = isEnded(round) ? round.result : null
  return {
    id: round.id,
    game: round.game as LiveGame,
    number: round.number,
    status: round.status,
    betting_ends_at: round.bettingEndsAt.toISOString(),
    started_at: round.startedAt?.toISOString() ?? null,
    settled_at: round.settledAt?.toISOString() ?? null,
    crash_bp: typeof result?.crash_bp === 'number' ? result.crash_bp : null,
    pocket: typeof result?.pocket === 'number' ? result.pocket : null,
    round_hash: isEnded(round) ? round.roundHash : null,
  }
}

export function toWireLiveBet(bet: LiveBetRow, game: LiveGame): WireLiveBet {
  const choice = bet.choice as unknown as LiveChoice
  return {
    id: bet.id,
    round_id: bet.roundId,
    game,
    player: choice.tag,
    currency: bet.currency,
    amount: bet.stakeMinor.toString(),
    auto_cashout:
      typeof choice.auto_cashout_bp === 'number' ? multiplierText(choice.auto_cashout_bp) : null,
    chips: choice.chips ?? null,
    status: bet.status,
    cashout_multiplier: bet.cashoutAtBp === null ? null : multiplierText(bet.cashoutAtBp),
    win: bet.payoutMinor.toString(),
    uncapped_win: bet.uncappedPayoutMinor?.toString() ?? null,
  }
}

export const autoCashoutOf = (bet: LiveBetRow): number | null => {
  const value = (bet.choice as unknown as LiveChoice).auto_cashout_bp
  return typeof value === 'number' ? value : null
}

export const chipsOf = (bet: LiveBetRow): StoredChip[] =>
  (bet.choice as unknown as LiveChoice).chips ?? []
