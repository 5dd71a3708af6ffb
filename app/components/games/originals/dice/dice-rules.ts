/**
 * Dice in the browser (docs/decisions/005-games.md): the same rule as the server's
 * `originals/dice.ts`, so play-money rolls are computed here with WebCrypto and never reach the
 * ledger, and the numbers shown (chance, multiplier) are the server's.
 */
import {
  DICE_MAX_WIN_COUNT,
  DICE_MIN_WIN_COUNT,
  DICE_OUTCOMES,
  diceRoll,
  type DiceBet,
} from '#app/lib/fairness.ts'

export {
  DICE_MAX_WIN_COUNT,
  DICE_MIN_WIN_COUNT,
  DICE_OUTCOMES,
  DICE_RTP_BP,
  diceMultiplierBp,
  diceWinCount,
  diceWins,
  isDiceBetValid,
  randomHex as randomSeed,
  sha256Hex,
  type DiceBet,
} from '#app/lib/fairness.ts'

export type DiceDirection = DiceBet['direction']

/** The nearest valid line for a direction (the slider and keys clamp to it). */
export function clampTarget(target: number, direction: DiceDirection): number {
  const rounded = Math.round(target)
  // under: target = win count (1…9800); over: win count = 9999 − target.
  return direction === 'under'
    ? Math.min(Math.max(rounded, DICE_MIN_WIN_COUNT), DICE_MAX_WIN_COUNT)
    : Math.min(
        Math.max(rounded, DICE_OUTCOMES - 1 - DICE_MAX_WIN_COUNT),
        DICE_OUTCOMES - 1 - DICE_MIN_WIN_COUNT,
      )
}

/** The payout of a stake, rounded down to the minor unit. */
export const dicePayoutMinor = (stakeMinor: bigint, multiplierBp: number): bigint =>
  (stakeMinor * BigInt(multiplierBp)) / 10_000n

/** The roll of a bet: HMAC-SHA256(serverSeed, `clientSeed:nonce:0`), its first four bytes. */
export const diceRollOf = (
  serverSeed: string,
  clientSeed: string,
  nonce: number,
): Promise<number> => diceRoll({ serverSeed, clientSeed, nonce })
