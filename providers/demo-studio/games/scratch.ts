import { z } from 'zod'
import { share, type GameMath, type Rng } from './types.ts'

// Scratch card: nine panels; three panels showing the same prize win that prize. The card's
// prize is drawn first from the table below (weights out of 1,000,000: exact RTP 96.00 %, hit
// 42.2342 %, checked in scratch.test.ts), then the panels are laid out to show it: the winning
// prize three times and no other prize more than twice (a losing card: none three times).

export const SCRATCH_TOTAL_WEIGHT = 1_000_000
/** Prizes as multiples of the stake, with their weights; the panels show these nine symbols. */
export const SCRATCH_PRIZES: readonly { multiplier: number; weight: number }[] = [
  { multiplier: 1, weight: 200_000 },
  { multiplier: 2, weight: 110_000 },
  { multiplier: 3, weight: 60_000 },
  { multiplier: 5, weight: 40_000 },
  { multiplier: 10, weight: 10_000 },
  { multiplier: 20, weight: 2000 },
  { multiplier: 50, weight: 300 },
  { multiplier: 100, weight: 40 },
  { multiplier: 500, weight: 2 },
]
export const SCRATCH_MAX_WIN_X = 500

export interface ScratchView {
  /** Nine prize indexes into `SCRATCH_PRIZES`, row by row. */
  panels: number[]
  /** The prize won (its index), or null. */
  prize: number | null
  payout: string
}

export interface ScratchInfo {
  prizes: readonly { multiplier: number; weight: number }[]
  totalWeight: number
}

export const SCRATCH_INFO: ScratchInfo = {
  prizes: SCRATCH_PRIZES,
  totalWeight: SCRATCH_TOTAL_WEIGHT,
}

/** The prize index for a draw in [0, 1,000,000), or null for a losing card. */
export function scratchPrize(draw: number): number | null {
  let rest = draw
  for (const [index, prize] of SCRATCH_PRIZES.entries()) {
    if (rest < prize.weight) return index
    rest -= prize.weight
  }
  return null
}

/** Nine panels showing `prize` three times (or nothing three times), shuffled. */
export function layPanels(prize: number | null, rng: Rng): number[] {
  const counts = SCRATCH_PRIZES.map(() => 0)
  const panels: number[] = []
  if (prize !== null) {
    panels.push(prize, prize, prize)
    counts[prize] = 3
  }
  while (panels.length < 9) {
    const open = counts.flatMap((count, index) => (count < 2 ? [index] : []))
    const symbol = open[rng.int(open.length)] ?? 0
    counts[symbol] = (counts[symbol] ?? 0) + 1
    panels.push(symbol)
  }
  for (let i = panels.length - 1; i > 0; i--) {
    const j = rng.int(i + 1)
    const a = panels[i] ?? 0
    panels[i] = panels[j] ?? 0
    panels[j] = a
  }
  return panels
}

export function createScratch(): GameMath<Record<string, never>, never, ScratchView, ScratchView> {
  return {
    params: z.object({}),
    action: z.never(),
    startStake: (_params, stake) => stake,
    start(_params, stake, rng) {
      const prize = scratchPrize(rng.int(SCRATCH_TOTAL_WEIGHT))
      const panels = layPanels(prize, rng)
      const multiplier = prize === null ? 0 : (SCRATCH_PRIZES[prize]?.multiplier ?? 0)
      const payout = share(stake, multiplier)
      const view: ScratchView = { panels, prize, payout: payout.toString() }
      return { state: view, view, staked: stake, done: true, payout }
    },
    actionStake: () => 'instantNoAction',
    act() {
      throw new Error('scratch cards are drawn whole at the start')
    },
    resume: (state) => state,
    strategy: {
      params: {},
      move() {
        throw new Error('scratch cards are drawn whole at the start')
      },
    },
  }
}
