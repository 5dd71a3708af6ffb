import { drawInts, type FairnessInput } from './fairness.ts'

/** Rolls are 0.00 to 99.99, kept as integers 0 to 9999. */
export const DICE_OUTCOMES = 10_000
/** RTP 99 % (a 1 % house edge), written in the rules. */
export const DICE_RTP_BP = 9_900
/** The win chance a player may pick: 0.01 % to 98 %, as a count of winning rolls. */
export const DICE_MIN_WIN_COUNT = 1
export const DICE_MAX_WIN_COUNT = 9_800

export interface DiceBet {
  /** 1 to 9999: the line the roll is compared with, in hundredths. */
  target: number
  direction: 'over' | 'under'
}

export function diceRoll(input: FairnessInput): number {
  const [roll] = drawInts(input, 1, DICE_OUTCOMES)
  return roll ?? 0
}

/** How many of the 10 000 rolls win: under 50.00 wins on 0 to 4999 (5000 rolls). */
export function diceWinCount({ target, direction }: DiceBet): number {
  return direction === 'under' ? target : DICE_OUTCOMES - 1 - target
}

export const isDiceBetValid = (bet: DiceBet): boolean => {
  if (!Number.isInteger(bet.target) || bet.target < 1 || bet.target > DICE_OUTCOMES - 1)
    return false
  const winCount = diceWinCount(bet)
  return winCount >= DICE_MIN_WIN_COUNT && winCount <= DICE_MAX_WIN_COUNT
}

export const diceWins = (roll: number, { target, direction }: DiceBet): boolean =>
  direction === 'under' ? roll < target : roll > target

/**
 * The payout multiplier in basis points (10 000 = 1×): 99 % of the fair one. Note: the payout
 * `stake × multiplier / 10 000` rounds down, so the house never pays a fraction it lacks.
 */
export const diceMultiplierBp = (bet: DiceBet): number =>
  Math.floor((DICE_RTP_BP * DICE_OUTCOMES) / diceWinCount(bet))

export function diceOutcome(input: FairnessInput, bet: DiceBet, stakeMinor: bigint) {
  const roll = diceRoll(input)
  const isWin = diceWins(roll, bet)
  const multiplierBp = isWin ? diceMultiplierBp(bet) : 0
  return { roll, isWin, multiplierBp, payoutMinor: (stakeMinor * BigInt(multiplierBp)) / 10_000n }
}
