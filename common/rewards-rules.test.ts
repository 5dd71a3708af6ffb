import { describe, expect, it } from 'vitest'
import {
  canSpin,
  isLootboxAvailable,
  lotteryWinners,
  probabilitiesPercent,
  weightedIndex,
  weightsAreValid,
  winningIndex,
} from './rewards-rules.ts'

describe('weightedIndex', () => {
  // r = floor(u32 * sum / 2^32); weights [1, 2, 3] (sum 6): r 0 → 0, r 1–2 → 1, r 3–5 → 2.
  it.each([
    [0, 0],
    [715_827_882, 0], // floor(715827882 * 6 / 2^32) = 0 (just under 1/6)
    [715_827_883, 1], // = 1
    [2_147_483_647, 1], // floor(2147483647 * 6 / 2^32) = 2
    [2_147_483_648, 2], // = 3
    [4_294_967_295, 2], // = 5
  ])('u32 %i over weights [1, 2, 3] picks %i', (u32, index) => {
    expect(weightedIndex(u32, [1, 2, 3])).toBe(index)
  })

  it('walks parts per million as published', () => {
    const weights = [500_000, 300_000, 200_000]
    // r = floor(u32 * 10^6 / 2^32): 0.5 of the range is r 500000 → the second entry.
    expect(weightedIndex(2 ** 31, weights)).toBe(1)
    expect(weightedIndex(2 ** 31 - 1, weights)).toBe(0)
    // 0.8 of the range: floor(3435973837 * 10^6 / 2^32) = 800000 → the third.
    expect(weightedIndex(3_435_973_837, weights)).toBe(2)
    expect(weightedIndex(3_435_973_836, weights)).toBe(1)
  })

  it('refuses a table that is not valid', () => {
    expect(() => weightedIndex(0, [])).toThrow()
    expect(() => weightedIndex(0, [1, 0])).toThrow()
    expect(() => weightedIndex(0, [1.5])).toThrow()
    expect(() => weightedIndex(0, [2 ** 21])).toThrow()
    expect(weightsAreValid([2 ** 21 - 1])).toBe(true)
  })

  it('publishes each entry’s chance in percent', () => {
    expect(probabilitiesPercent([250_000, 750_000])).toEqual([25, 75])
  })
})

describe('canSpin and winningIndex', () => {
  it('spins when the server says so or the progress is full', () => {
    expect(canSpin({ player_can_spin: true, progress: { progress: 0, expected: 20 } })).toBe(true)
    expect(canSpin({ player_can_spin: false, progress: { progress: 20, expected: 20 } })).toBe(true)
    expect(canSpin({ player_can_spin: false, progress: { progress: 19.99, expected: 20 } })).toBe(
      false,
    )
  })

  it('answers the won bonus’s position in the list, -1 when absent', () => {
    const bonuses = [{ bonus_id: 7 }, { bonus_id: 3 }, { bonus_id: 11 }]
    expect(winningIndex(bonuses, 3)).toBe(1)
    expect(winningIndex(bonuses, 11)).toBe(2)
    expect(winningIndex(bonuses, 4)).toBe(-1)
  })
})

describe('isLootboxAvailable', () => {
  const now = new Date('2026-11-27T12:00:00Z')
  it('is available only while active and before its expiry', () => {
    expect(isLootboxAvailable({ status: 'active', expired_at: '2026-11-28T00:00:00Z' }, now)).toBe(
      true,
    )
    expect(isLootboxAvailable({ status: 'active', expired_at: null }, now)).toBe(true)
    expect(isLootboxAvailable({ status: 'active', expired_at: '2026-11-27T12:00:00Z' }, now)).toBe(
      false,
    )
    expect(isLootboxAvailable({ status: 'opened', expired_at: '2026-12-01T00:00:00Z' }, now)).toBe(
      false,
    )
    expect(isLootboxAvailable({ status: 'expired', expired_at: '2026-12-01T00:00:00Z' }, now)).toBe(
      false,
    )
  })
})

describe('lotteryWinners', () => {
  const stream = (values: number[]) => values[Symbol.iterator]()

  it('draws ranks from the tickets left, each ticket once', () => {
    // 5 tickets [1..5]. Rank 1: uniformInt(2^31, 5) = 2 → pool[2] = 3; pool [3,2,1,4,5].
    // Rank 2: 1 + uniformInt(0, 4) = 1 → pool[1] = 2; pool [3,2,1,4,5].
    // Rank 3: 2 + uniformInt(2^32 - 1, 3) = 4 → pool[4] = 5.
    expect(lotteryWinners(stream([2 ** 31, 0, 2 ** 32 - 1]), 5, 3)).toEqual([3, 2, 5])
  })

  it('swaps the drawn ticket out of the pool', () => {
    // Rank 1 takes ticket 1 (pick 0); rank 2: 1 + uniformInt(0, 2) = 1 → pool[1] = 2.
    expect(lotteryWinners(stream([0, 0]), 3, 2)).toEqual([1, 2])
    // Rank 1 takes ticket 3 (pick 2, pool [3,2,1]); rank 2: 1 + uniformInt(2^32-1, 2) = 2 → 1.
    expect(lotteryWinners(stream([2 ** 32 - 1, 2 ** 32 - 1]), 3, 2)).toEqual([3, 1])
  })

  it('answers fewer winners than prizes when fewer tickets were sold', () => {
    expect(lotteryWinners(stream([0, 0, 0]), 2, 5)).toEqual([1, 2])
    expect(lotteryWinners(stream([]), 0, 3)).toEqual([])
  })
})
