import { z } from 'zod'
import { drawDistinct } from './keno.ts'
import { share, type GameMath } from './types.ts'

// Single-player bingo: a 5×5 card (B 1–15, I 16–30, N 31–45 with a free centre, G 46–60,
// O 61–75) and 34 of the 75 balls (30 balls left a round's sd at 2.3 stakes, too wide for the
// 1e6-round check; 34 make a win likelier and flatter: sd 1.83). The card pays by the lines it completed (rows, columns,
// diagonals: 1, 2, 3 or more), plus the four corners; a full house pays its own prize instead.
// Exact RTP: the balls mark a uniform subset of the card's 24 numbers given how many they
// hit, so bingo.test.ts enumerates all 2^24 subsets weighted by the hypergeometric odds.

export const BINGO_BALLS = 75
export const BINGO_DRAWN = 34
/** Pays in tenths of the stake: 1, 2, 3+ lines; the four corners; a full house (instead). */
export const BINGO_PAYS = { lines: [30, 50, 120], corners: 35, fullHouse: 10_000 } as const
export const BINGO_MAX_WIN_X = BINGO_PAYS.fullHouse / 10

/** The 12 lines as cell indexes (row × 5 + column). */
export const BINGO_LINES: readonly number[][] = [
  ...[0, 1, 2, 3, 4].map((r) => [0, 1, 2, 3, 4].map((c) => r * 5 + c)),
  ...[0, 1, 2, 3, 4].map((c) => [0, 1, 2, 3, 4].map((r) => r * 5 + c)),
  [0, 6, 12, 18, 24],
  [4, 8, 12, 16, 20],
]
export const BINGO_CORNERS: readonly number[] = [0, 4, 20, 24]

export interface BingoView {
  /** 25 numbers row by row; the free centre is 0. */
  card: number[]
  /** The balls in draw order. */
  drawn: number[]
  /** Indexes of the completed lines in `BINGO_LINES`. */
  lines: number[]
  corners: boolean
  fullHouse: boolean
  /** The pay as tenths of the stake. */
  tenths: number
  payout: string
}

export interface BingoInfo {
  balls: number
  drawn: number
  pays: typeof BINGO_PAYS
}

export const BINGO_INFO: BingoInfo = { balls: BINGO_BALLS, drawn: BINGO_DRAWN, pays: BINGO_PAYS }

/** The pay in tenths of the stake for a card's marks (25 cells, the centre marked). */
export function bingoScore(marked: readonly boolean[]) {
  const lines = BINGO_LINES.flatMap((line, index) =>
    line.every((cell) => marked[cell]) ? [index] : [],
  )
  const corners = BINGO_CORNERS.every((cell) => marked[cell])
  const fullHouse = marked.every(Boolean)
  return { lines, corners, fullHouse, tenths: bingoTenths(lines.length, corners, fullHouse) }
}

export function bingoTenths(lines: number, corners: boolean, fullHouse: boolean): number {
  if (fullHouse) return BINGO_PAYS.fullHouse
  const linePay = lines === 0 ? 0 : (BINGO_PAYS.lines[Math.min(lines, 3) - 1] ?? 0)
  return linePay + (corners ? BINGO_PAYS.corners : 0)
}

export function createBingo(): GameMath<Record<string, never>, never, BingoView, BingoView> {
  return {
    params: z.object({}),
    action: z.never(),
    startStake: (_params, stake) => stake,
    start(_params, stake, rng) {
      const card: number[] = new Array<number>(25).fill(0)
      for (let column = 0; column < 5; column++) {
        const numbers = drawDistinct(rng, 15, column === 2 ? 4 : 5, column * 15 + 1)
        for (let row = 0, taken = 0; row < 5; row++) {
          if (column === 2 && row === 2) continue
          card[row * 5 + column] = numbers[taken++] ?? 0
        }
      }
      const drawn = drawDistinct(rng, BINGO_BALLS, BINGO_DRAWN)
      const called = new Set(drawn)
      const score = bingoScore(card.map((n) => n === 0 || called.has(n)))
      const payout = share(stake, score.tenths, 10)
      const view: BingoView = { card, drawn, ...score, payout: payout.toString() }
      return { state: view, view, staked: stake, done: true, payout }
    },
    actionStake: () => 'instantNoAction',
    act() {
      throw new Error('bingo rounds are done at the draw')
    },
    resume: (state) => state,
    strategy: {
      params: {},
      move() {
        throw new Error('bingo rounds are done at the draw')
      },
    },
  }
}
