import { drawInts, type FairnessInput } from './fairness.ts'

/** European roulette: one zero, 37 pockets; RTP 36/37 = 97.30 % on every bet. */
export const ROULETTE_POCKETS = 37
export const RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
])

export type RouletteBetKind =
  'straight' | 'red' | 'black' | 'even' | 'odd' | 'low' | 'high' | 'dozen' | 'column'

export interface RouletteBet {
  kind: RouletteBetKind
  /** straight: the number 0–36; dozen and column: 1–3; others: unused. */
  value?: number
}

/** The numbers a bet covers; an invalid bet covers none. */
export function coveredNumbers({ kind, value }: RouletteBet): number[] {
  const all = Array.from({ length: 36 }, (_, index) => index + 1)
  switch (kind) {
    case 'straight':
      return value !== undefined && Number.isInteger(value) && value >= 0 && value <= 36
        ? [value]
        : []
    case 'red':
      return all.filter((n) => RED_NUMBERS.has(n))
    case 'black':
      return all.filter((n) => !RED_NUMBERS.has(n))
    case 'even':
      return all.filter((n) => n % 2 === 0)
    case 'odd':
      return all.filter((n) => n % 2 === 1)
    case 'low':
      return all.filter((n) => n <= 18)
    case 'high':
      return all.filter((n) => n >= 19)
    case 'dozen':
      return value === 1 || value === 2 || value === 3
        ? all.filter((n) => Math.ceil(n / 12) === value)
        : []
    case 'column':
      return value === 1 || value === 2 || value === 3
        ? all.filter((n) => ((n - 1) % 3) + 1 === value)
        : []
  }
}

/** Returns including the stake: a straight pays 35 to 1, so 36×. */
export const rouletteReturnMultiplier = (bet: RouletteBet): number => {
  const count = coveredNumbers(bet).length
  return count === 0 ? 0 : 36 / count
}

export function rouletteSpin(input: FairnessInput): number {
  const [pocket] = drawInts(input, 1, ROULETTE_POCKETS)
  return pocket ?? 0
}

/** The result of several bets on one spin; each return is a whole multiple of its stake. */
export function rouletteOutcome(
  input: FairnessInput,
  bets: { bet: RouletteBet; stakeMinor: bigint }[],
) {
  const pocket = rouletteSpin(input)
  const payoutMinor = bets.reduce((sum, { bet, stakeMinor }) => {
    const covered = coveredNumbers(bet)
    return covered.includes(pocket) ? sum + (stakeMinor * 36n) / BigInt(covered.length) : sum
  }, 0n)
  return { pocket, payoutMinor }
}
