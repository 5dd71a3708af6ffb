import { z } from 'zod'
import { share, type GameMath } from './types.ts'

// European roulette: one zero, 37 pockets. A bet covering k numbers returns 36 ÷ k of its
// amount (its stake back and 36 ÷ k − 1 to one), so every bet returns exactly 36 ÷ 37 = 97.30 %
// (roulette.test.ts enumerates the pockets for each kind). Amounts are chips: multiples of the
// base stake the shell's selector shows.

export const ROULETTE_KINDS = [
  'straight',
  'split',
  'street',
  'corner',
  'line',
  'dozen',
  'column',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
] as const
export type RouletteKind = (typeof ROULETTE_KINDS)[number]

export const RED_NUMBERS: readonly number[] = [
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]
/** The European wheel's pockets clockwise from zero. */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14,
  31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
]

export const colourOf = (n: number): 'green' | 'red' | 'black' =>
  n === 0 ? 'green' : RED_NUMBERS.includes(n) ? 'red' : 'black'

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

/**
 * The numbers a bet covers, or null when its value is not a place on the table. Values: straight
 * 0–36; split `[a, b]` of neighbours on the layout (0 with 1, 2 or 3); street and line the first
 * number of their (first) row (1, 4 … 34 / 31); corner its smallest number (not in the third
 * column, at most 32); dozen and column 1–3; the even-money bets take none.
 */
export function coveredBy(kind: string, value: unknown): number[] | null {
  const int = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v)
  const rowStart = (v: unknown, last: number): v is number =>
    int(v) && v >= 1 && v <= last && (v - 1) % 3 === 0
  switch (kind) {
    case 'straight':
      return int(value) && value >= 0 && value <= 36 ? [value] : null
    case 'split': {
      if (!Array.isArray(value) || value.length !== 2 || !value.every(int)) return null
      const [a, b] = [...value].sort((x, y) => x - y) as [number, number]
      if (a < 0 || b > 36 || a === b) return null
      if (a === 0) return b <= 3 ? [a, b] : null
      const ok = b - a === 3 || (b - a === 1 && a % 3 !== 0)
      return ok ? [a, b] : null
    }
    case 'street':
      return rowStart(value, 34) ? range(value, value + 2) : null
    case 'corner':
      return int(value) && value >= 1 && value <= 32 && value % 3 !== 0
        ? [value, value + 1, value + 3, value + 4]
        : null
    case 'line':
      return rowStart(value, 31) ? range(value, value + 5) : null
    case 'dozen':
      return int(value) && value >= 1 && value <= 3 ? range(12 * value - 11, 12 * value) : null
    case 'column':
      return int(value) && value >= 1 && value <= 3
        ? range(1, 36).filter((n) => (n - 1) % 3 === value - 1)
        : null
    default:
      if (value !== undefined) return null
  }
  switch (kind) {
    case 'red':
      return [...RED_NUMBERS]
    case 'black':
      return range(1, 36).filter((n) => !RED_NUMBERS.includes(n))
    case 'odd':
      return range(1, 36).filter((n) => n % 2 === 1)
    case 'even':
      return range(1, 36).filter((n) => n % 2 === 0)
    case 'low':
      return range(1, 18)
    case 'high':
      return range(19, 36)
    default:
      return null
  }
}

/** A chip bet as the page sends it (roulette, sic bo). */
export const ChipBetSchema = z.object({
  kind: z.string().max(20),
  value: z.union([z.number().int(), z.array(z.number().int()).max(4)]).optional(),
  /** Chips: multiples of the base stake. */
  amount: z.number().int(),
})
export type ChipBet = z.infer<typeof ChipBetSchema>

/** The stake of chip bets, or why they are refused: none, a non-positive amount, above the cap. */
export function chipsStake(
  amounts: readonly number[],
  stake: bigint,
  maxChips: number,
): bigint | string {
  if (amounts.length === 0) return 'instantNoBets'
  if (amounts.some((a) => !Number.isInteger(a) || a < 1)) return 'instantBadAmount'
  const chips = amounts.reduce((sum, a) => sum + a, 0)
  if (chips > maxChips) return 'instantTooManyChips'
  return stake * BigInt(chips)
}

export interface RouletteParams {
  bets: ChipBet[]
}

export interface RouletteBetView {
  kind: string
  value?: number | number[]
  /** Minor units staked on it. */
  amount: string
  /** Minor units it returned (0 when it lost). */
  win: string
}

export interface RouletteView {
  pocket: number
  colour: 'green' | 'red' | 'black'
  bets: RouletteBetView[]
  payout: string
}

export interface RouletteInfo {
  /** Chips one round may hold in all. */
  maxChips: number
  /** The wheel's spin on the page, milliseconds (Speed Roulette spins faster). */
  spinMs: number
  table: 'anchor' | 'speed'
  wheel: readonly number[]
  red: readonly number[]
}

export interface RouletteConfig {
  maxChips: number
  spinMs: number
  table: 'anchor' | 'speed'
  /** The stated strategy's bets. */
  sim: ChipBet[]
}

/** The largest round payout in base stakes: every chip on one straight-up number. */
export const rouletteMaxWinX = (config: RouletteConfig) => 36 * config.maxChips

export const rouletteInfo = (config: RouletteConfig): RouletteInfo => ({
  maxChips: config.maxChips,
  spinMs: config.spinMs,
  table: config.table,
  wheel: WHEEL_ORDER,
  red: RED_NUMBERS,
})

function refusal(bets: readonly ChipBet[], stake: bigint, maxChips: number): bigint | string {
  if (bets.length > 200) return 'instantTooManyChips'
  for (const bet of bets) if (!coveredBy(bet.kind, bet.value)) return 'instantBadBet'
  return chipsStake(
    bets.map((b) => b.amount),
    stake,
    maxChips,
  )
}

export function createRoulette(
  config: RouletteConfig,
): GameMath<RouletteParams, never, RouletteView, RouletteView> {
  const cap = BigInt(rouletteMaxWinX(config))
  return {
    params: z.object({ bets: z.array(ChipBetSchema).max(200) }),
    action: z.never(),
    startStake: (params, stake) => refusal(params.bets, stake, config.maxChips),
    start(params, stake, rng) {
      const staked = refusal(params.bets, stake, config.maxChips)
      if (typeof staked === 'string') throw new Error(staked)
      const pocket = rng.int(37)
      let payout = 0n
      const bets = params.bets.map((bet): RouletteBetView => {
        const covered = coveredBy(bet.kind, bet.value) ?? []
        const amount = stake * BigInt(bet.amount)
        const win = covered.includes(pocket) ? share(amount, 36, covered.length) : 0n
        payout += win
        return {
          kind: bet.kind,
          ...(bet.value !== undefined && { value: bet.value }),
          amount: amount.toString(),
          win: win.toString(),
        }
      })
      if (payout > cap * stake) payout = cap * stake
      const view: RouletteView = {
        pocket,
        colour: colourOf(pocket),
        bets,
        payout: payout.toString(),
      }
      return { state: view, view, staked, done: true, payout }
    },
    actionStake: () => 'instantNoAction',
    act() {
      throw new Error('roulette rounds are done at the spin')
    },
    resume: (state) => state,
    strategy: {
      params: { bets: config.sim },
      move() {
        throw new Error('roulette rounds are done at the spin')
      },
    },
  }
}
