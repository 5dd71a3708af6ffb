import { describe, expect, it } from 'vitest'
import {
  boardSize,
  cascadeFalls,
  cellCentre,
  countUp,
  featureProgress,
  jackpotOf,
  linePoints,
  payAt,
  payingCounts,
  reelStops,
  waysOf,
} from './slot-layout.ts'

describe('the slot layout', () => {
  it('fits square cells in the stage, phone and desktop', () => {
    const phone = boardSize(360, 360, 5, 3)
    expect(phone.width).toBeLessThanOrEqual(360)
    expect(phone.height).toBeLessThanOrEqual(360)
    const desktop = boardSize(1000, 520, 6, 7)
    expect(desktop.height).toBeLessThanOrEqual(520)
    expect(desktop.width).toBeLessThanOrEqual(760)
    expect(boardSize(360, 400, 3, 1).cell).toBeLessThanOrEqual(150)
  })

  it('finds cell centres and draws a line edge to edge', () => {
    const centre = cellCentre(0, 0, 5, 3)
    expect(centre.x).toBeCloseTo(10)
    expect(centre.y).toBeCloseTo(100 / 6)
    expect(linePoints([1, 1, 1], [3, 3, 3])).toBe(
      '0.00,50.00 16.67,50.00 50.00,50.00 83.33,50.00 100.00,50.00',
    )
    // A megaways reel of 2 rows has its own row centres.
    expect(linePoints([0, 0], [4, 2]).split(' ')[2]).toBe('75.00,25.00')
  })

  it('lets the survivors of a cascade fall and new symbols drop in', () => {
    // Rows 1 and 3 of 5 won: rows 0 and 2 survive and fall to 2 and 3; row 4 stays.
    expect(cascadeFalls(5, [1, 3])).toEqual([
      { fell: 2, fresh: true },
      { fell: 2, fresh: true },
      { fell: 2, fresh: false },
      { fell: 1, fresh: false },
      { fell: 0, fresh: false },
    ])
    expect(cascadeFalls(3, [])).toEqual([
      { fell: 0, fresh: false },
      { fell: 0, fresh: false },
      { fell: 0, fresh: false },
    ])
  })

  it('stops the reels left to right within 1.2–2.0 s, at once with reduced motion', () => {
    for (const reels of [3, 5, 6]) {
      const stops = reelStops(reels, { reducedMotion: false })
      expect([...stops].sort((a, b) => a - b)).toEqual(stops)
      const last = stops[stops.length - 1] ?? 0
      expect(last).toBeGreaterThanOrEqual(1200)
      expect(last).toBeLessThanOrEqual(2000)
    }
    expect(new Set(reelStops(5, { reducedMotion: true }))).toEqual(new Set([150]))
  })

  it('numbers the free spins with retriggers', () => {
    const spins = [
      { kind: 'base' as const, left: 2, awarded: 2 },
      { kind: 'free' as const, left: 1, awarded: 0 },
      { kind: 'free' as const, left: 3, awarded: 3 },
      { kind: 'free' as const, left: 2, awarded: 0 },
    ]
    expect(featureProgress(spins)).toEqual([
      null,
      { n: 1, total: 2 },
      { n: 2, total: 5 },
      { n: 3, total: 5 },
    ])
  })

  it('computes pays, ways, jackpots and count-ups in integers', () => {
    expect(payAt(100n, 0.2)).toBe(20n)
    expect(payAt(33n, 0.5)).toBe(16n)
    expect(payAt(1_000_000_000_000n, 2.5)).toBe(2_500_000_000_000n)
    expect(waysOf(5, 3)).toBe(243)
    expect(waysOf(6, 7)).toBe(117_649)
    expect(jackpotOf(1000n, 100n, { mini: 10, grand: 1000 })).toBe('mini')
    expect(jackpotOf(999n, 100n, { mini: 10 })).toBeNull()
    const steps = countUp(12_345n, 20)
    expect(steps).toHaveLength(20)
    expect(steps[steps.length - 1]).toBe(12_345n)
    expect([...steps].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(steps)
    expect(payingCounts([0, 0, 1, 2, 5])).toEqual([5, 4, 3])
  })
})
