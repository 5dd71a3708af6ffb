import { describe, expect, it } from 'vitest'
import { INSTANT_TITLES } from '../titles/instant.ts'
import { scriptedRng, seededRng } from './rng.ts'
import {
  createScratch,
  layPanels,
  SCRATCH_PRIZES,
  SCRATCH_TOTAL_WEIGHT,
  scratchPrize,
} from './scratch.ts'

describe('scratch', () => {
  it('states the exact figures of the prize table', () => {
    const paid = SCRATCH_PRIZES.reduce((sum, p) => sum + p.multiplier * p.weight, 0)
    const squares = SCRATCH_PRIZES.reduce((sum, p) => sum + p.multiplier ** 2 * p.weight, 0)
    const hits = SCRATCH_PRIZES.reduce((sum, p) => sum + p.weight, 0)
    const rtp = paid / SCRATCH_TOTAL_WEIGHT
    const sd = Math.sqrt(squares / SCRATCH_TOTAL_WEIGHT - rtp * rtp)
    const title = INSTANT_TITLES.find((t) => t.code === 'sunset-scratch')
    expect(paid).toBe(960_000)
    expect(title?.stated).toEqual({
      rtpBp: 9600,
      hitBp: Math.round((hits / SCRATCH_TOTAL_WEIGHT) * 10_000),
      volatility: 'medium',
      maxWinX: 500,
    })
    expect(sd).toBeGreaterThanOrEqual(1.6)
    expect(sd).toBeLessThan(2.3)
  })

  it('maps draws to prizes by weight', () => {
    expect(scratchPrize(0)).toBe(0)
    expect(scratchPrize(199_999)).toBe(0)
    expect(scratchPrize(200_000)).toBe(1)
    expect(scratchPrize(SCRATCH_TOTAL_WEIGHT - 1)).toBe(null)
    expect(scratchPrize(422_341)).toBe(8)
    expect(scratchPrize(422_342)).toBe(null)
  })

  it('shows the prize three times and nothing else three times', () => {
    const rng = seededRng('test:scratch-panels')
    for (let i = 0; i < 2000; i++) {
      const prize = i % 10 === 9 ? null : i % 9
      const panels = layPanels(prize, rng)
      const counts = SCRATCH_PRIZES.map((_, index) => panels.filter((p) => p === index).length)
      expect(panels).toHaveLength(9)
      counts.forEach((count, index) => expect(count).toBe(index === prize ? 3 : Math.min(count, 2)))
    }
  })

  it('pays a hand-computed card', () => {
    const scratch = createScratch()
    // Draw 230,000 → prize 1 (2×); six other panels take the first open symbol; no shuffle moves.
    const round = scratch.start(
      {},
      250n,
      scriptedRng([230_000, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    )
    expect(round.view.prize).toBe(1)
    expect(round.payout).toBe(500n)
    expect(round.view.panels.filter((p) => p === 1)).toHaveLength(3)
  })
})
