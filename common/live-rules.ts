/**
 * The rules of the live games (Crash, Live Roulette), shared by the server (rounds and payouts)
 * and the browser (the curve, the verify page). Pure functions only; each side draws its numbers
 * with its own HMAC-SHA256 exactly as the Originals do, with the round's hash from the
 * pre-committed chain as the server seed, the game as the client seed and the round's number as
 * the nonce (docs/decisions/005-games.md, "Live rounds").
 */

export const LIVE_GAMES = ['crash', 'live_roulette'] as const
export type LiveGame = (typeof LIVE_GAMES)[number]
export const isLiveGame = (value: string): value is LiveGame =>
  (LIVE_GAMES as readonly string[]).includes(value)

/** Crash pays 97 % whatever multiplier a player cashes out at: a 3 % house edge. */
export const CRASH_RTP_BP = 9_700
/** 1.00× in basis points; multipliers are kept as integers of 1/10 000. */
export const ONE_X_BP = 10_000
/** The highest crash point, 10 000×: an automatic cash-out can be set up to it. */
export const CRASH_MAX_BP = 100_000_000
/** The lowest automatic cash-out, 1.01× (at 1.00× a bet could only get its stake back). */
export const CRASH_MIN_AUTO_BP = 10_100

const TWO_POW_32 = 2n ** 32n

/**
 * The crash point in basis points from the round's first uint32 `u`:
 * floor(0.97 × 2^32 / (2^32 − u)), at least 1.00× and at most 10 000×. For any m ≥ 1.00×,
 * P(crash ≥ m) = 0.97 / m (to within 2^-32), so a cash-out at m returns 97 % on average; about
 * 3 % of rounds crash at once, at 1.00×, where every bet loses.
 */
export function crashPointBp(u32: number): number {
  if (!Number.isInteger(u32) || u32 < 0 || u32 >= 2 ** 32) throw new Error(`crash u32 ${u32}`)
  const bp = (BigInt(CRASH_RTP_BP) * TWO_POW_32) / (TWO_POW_32 - BigInt(u32))
  return Math.min(CRASH_MAX_BP, Math.max(ONE_X_BP, Number(bp)))
}

/**
 * The multiplier `elapsedMs` after the round started: it doubles every `doublingMs`, rounded
 * down to the basis point, so it grows slowly at first and ever faster (exponentially).
 */
export function crashMultiplierBpAt(elapsedMs: number, doublingMs: number): number {
  if (elapsedMs <= 0) return ONE_X_BP
  return Math.floor(ONE_X_BP * 2 ** (elapsedMs / doublingMs))
}

/** How long after the start the multiplier reaches `crashBp` (the moment the round crashes). */
export const crashDurationMs = (crashBp: number, doublingMs: number): number =>
  Math.ceil(doublingMs * Math.log2(crashBp / ONE_X_BP))

/** What a cash-out at `multiplierBp` pays, rounded down to the minor unit. */
export const crashPayout = (stakeMinor: bigint, multiplierBp: number): bigint =>
  (stakeMinor * BigInt(multiplierBp)) / BigInt(ONE_X_BP)

/** A multiplier as players read it: 2 decimals ("1.97"), floored like the payout. */
export const multiplierText = (bp: number): string =>
  `${String(Math.floor(bp / ONE_X_BP))}.${String(Math.floor((bp % ONE_X_BP) / 100)).padStart(2, '0')}`

/** The round's numbers are HMAC(round hash, `game:number:cursor`), as an Original's bet's. */
export const liveFairnessInput = (game: LiveGame, number: number, roundHash: string) => ({
  serverSeed: roundHash,
  clientSeed: game,
  nonce: number,
})
