import { z } from 'zod'
import { ChipBetSchema, chipsStake, type ChipBet } from './roulette.ts'
import { share, type GameMath } from './types.ts'

// Sic bo: three dice, the standard Macau bets and pays. Each kind's return is exact over the
// 216 outcomes (sicbo.test.ts): small and big 97.22 %, single number 92.13 %, the totals
// 81.02–90.28 %, any triple 86.11 %, a double 81.48 %, a specific triple 83.80 %. Amounts are
// chips (multiples of the base stake).

export const SICBO_KINDS = [
  'small',
  'big',
  'total',
  'anyTriple',
  'triple',
  'double',
  'single',
] as const
export type SicboKind = (typeof SICBO_KINDS)[number]

/** A total's pay to one. */
export const TOTAL_PAYS: Record<number, number> = {
  4: 60,
  5: 30,
  6: 17,
  7: 12,
  8: 8,
  9: 6,
  10: 6,
  11: 6,
  12: 6,
  13: 8,
  14: 12,
  15: 17,
  16: 30,
  17: 60,
}
export const ANY_TRIPLE_PAYS = 30
export const TRIPLE_PAYS = 180
export const DOUBLE_PAYS = 10

/** Is the bet a place on the table? */
export function sicboValid(kind: string, value: unknown): boolean {
  const die = typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6
  switch (kind) {
    case 'small':
    case 'big':
    case 'anyTriple':
      return value === undefined
    case 'total':
      return typeof value === 'number' && TOTAL_PAYS[value] !== undefined
    case 'triple':
    case 'double':
    case 'single':
      return die
    default:
      return false
  }
}

/** What one chip on the bet returns (stake included) for these dice; 0 when it loses. */
export function sicboReturn(
  kind: string,
  value: number | undefined,
  dice: readonly number[],
): number {
  const total = dice.reduce((s, d) => s + d, 0)
  const triple = dice[0] === dice[1] && dice[1] === dice[2]
  const count = dice.filter((d) => d === value).length
  switch (kind) {
    case 'small':
      return !triple && total >= 4 && total <= 10 ? 2 : 0
    case 'big':
      return !triple && total >= 11 && total <= 17 ? 2 : 0
    case 'total':
      return total === value ? (TOTAL_PAYS[total] ?? 0) + 1 : 0
    case 'anyTriple':
      return triple ? ANY_TRIPLE_PAYS + 1 : 0
    case 'triple':
      return triple && count === 3 ? TRIPLE_PAYS + 1 : 0
    case 'double':
      return count >= 2 ? DOUBLE_PAYS + 1 : 0
    case 'single':
      return count > 0 ? count + 1 : 0
    default:
      return 0
  }
}

export interface SicboParams {
  bets: ChipBet[]
}

export interface SicboView {
  dice: [number, number, number]
  bets: { kind: string; value?: number | number[]; amount: string; win: string }[]
  payout: string
}

export interface SicboInfo {
  maxChips: number
  totals: Record<number, number>
  anyTriple: number
  triple: number
  double: number
}

export interface SicboConfig {
  maxChips: number
  sim: ChipBet[]
}

/** The largest payout in base stakes: every chip on one specific triple. */
export const sicboMaxWinX = (config: SicboConfig) => (TRIPLE_PAYS + 1) * config.maxChips

export const sicboInfo = (config: SicboConfig): SicboInfo => ({
  maxChips: config.maxChips,
  totals: TOTAL_PAYS,
  anyTriple: ANY_TRIPLE_PAYS,
  triple: TRIPLE_PAYS,
  double: DOUBLE_PAYS,
})

function refusal(bets: readonly ChipBet[], stake: bigint, maxChips: number): bigint | string {
  if (bets.length > 100) return 'instantTooManyChips'
  for (const bet of bets) if (!sicboValid(bet.kind, bet.value)) return 'instantBadBet'
  return chipsStake(
    bets.map((b) => b.amount),
    stake,
    maxChips,
  )
}

export function createSicbo(
  config: SicboConfig,
): GameMath<SicboParams, never, SicboView, SicboView> {
  const cap = BigInt(sicboMaxWinX(config))
  return {
    params: z.object({ bets: z.array(ChipBetSchema).max(100) }),
    action: z.never(),
    startStake: (params, stake) => refusal(params.bets, stake, config.maxChips),
    start(params, stake, rng) {
      const staked = refusal(params.bets, stake, config.maxChips)
      if (typeof staked === 'string') throw new Error(staked)
      const dice: [number, number, number] = [rng.int(6) + 1, rng.int(6) + 1, rng.int(6) + 1]
      let payout = 0n
      const bets = params.bets.map((bet) => {
        const amount = stake * BigInt(bet.amount)
        const value = typeof bet.value === 'number' ? bet.value : undefined
        const win = share(amount, sicboReturn(bet.kind, value, dice))
        payout += win
        return {
          kind: bet.kind,
          ...(bet.value !== undefined && { value: bet.value }),
          amount: amount.toString(),
          win: win.toString(),
        }
      })
      if (payout > cap * stake) payout = cap * stake
      const view: SicboView = { dice, bets, payout: payout.toString() }
      return { state: view, view, staked, done: true, payout }
    },
    actionStake: () => 'instantNoAction',
    act() {
      throw new Error('sic bo rounds are done at the roll')
    },
    resume: (state) => state,
    strategy: {
      params: { bets: config.sim },
      move() {
        throw new Error('sic bo rounds are done at the roll')
      },
    },
  }
}
