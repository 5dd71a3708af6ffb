import { describe, expect, it } from 'vitest'
import { parseStakeText } from './fairness-play.ts'
import {
  chipValues,
  defaultStake,
  fallbackRange,
  roundDownToNice,
  stakeRangeOf,
  stepStake,
} from './stake-steps.ts'

// Ranges as the server sends them: the Originals' 0.10–1,000 € converted and rounded to two
// significant figures (fromEurRounded) at the seed's rates.
const EUR = { min: 10n, max: 100_000n }
const BTC = { min: 110n, max: 1_100_000n } // satoshis: about 0.0000011–0.011 BTC
const USDT = { min: 110_000n, max: 1_100_000_000n } // 6 decimals: 0.11–1,100 USDT

describe('roundDownToNice', () => {
  it('keeps 1, 2 and 5 times a power of ten', () => {
    expect([1n, 2n, 5n, 10n, 500n].map(roundDownToNice)).toEqual([1n, 2n, 5n, 10n, 500n])
  })
  it('rounds anything else down to the nearest of those', () => {
    expect([3n, 9n, 11n, 1_100n, 4_999n, 7_300n].map(roundDownToNice)).toEqual([
      2n,
      5n,
      10n,
      1_000n,
      2_000n,
      5_000n,
    ])
  })
})

describe('defaultStake', () => {
  it('starts euros at 1.00, as the screens always did', () => {
    expect(defaultStake(EUR)).toBe(100n)
  })
  it('starts bitcoin at 0.00001 BTC, not at 1 BTC', () => {
    expect(defaultStake(BTC)).toBe(1_000n)
  })
  it('starts a six-decimal coin at 1 unit', () => {
    expect(defaultStake(USDT)).toBe(1_000_000n)
  })
  it('stays inside a narrow range', () => {
    expect(defaultStake({ min: 300n, max: 400n })).toBe(400n)
    expect(defaultStake({ min: 7n, max: 7n })).toBe(7n)
  })
})

describe('stepStake', () => {
  it('halves and doubles', () => {
    expect(stepStake(1_000n, 'half', BTC)).toBe(500n)
    expect(stepStake(1_000n, 'double', BTC)).toBe(2_000n)
  })
  it('stops at the minimum and the maximum', () => {
    expect(stepStake(150n, 'half', BTC)).toBe(110n)
    expect(stepStake(900_000n, 'double', BTC)).toBe(1_100_000n)
  })
})

describe('chipValues', () => {
  it('gives the euro chips 0.10, 1, 5, 10 and 50', () => {
    expect(chipValues(EUR)).toEqual([10n, 100n, 500n, 1_000n, 5_000n])
  })
  it('gives bitcoin chips inside its range', () => {
    expect(chipValues(BTC)).toEqual([110n, 1_000n, 5_000n, 10_000n, 50_000n])
  })
  it('drops chips that collapse onto a limit', () => {
    expect(chipValues({ min: 100n, max: 600n })).toEqual([100n, 600n])
  })
})

describe('stakeRangeOf', () => {
  it('reads the loader’s range of the currency', () => {
    expect(stakeRangeOf({ BTC: { min: '110', max: '1100000' } }, 'BTC')).toEqual(BTC)
  })
  it('falls back to 0.1–1,000 units when the range is missing or broken', () => {
    expect(stakeRangeOf(undefined, 'EUR')).toEqual({ min: 10n, max: 100_000n })
    expect(stakeRangeOf({ BTC: { min: '5', max: '1' } }, 'BTC')).toEqual(fallbackRange('BTC'))
    expect(fallbackRange('BTC')).toEqual({ min: 10_000_000n, max: 100_000_000_000n })
  })
})

// The one parser of typed stakes (Dice had a copy of its own until the stake field was shared).
describe('parseStakeText', () => {
  it.each([
    ['1', 'EUR', 100n],
    ['1.5', 'EUR', 150n],
    ['1,05', 'EUR', 105n],
    [' 0.01 ', 'EUR', 1n],
    ['0.00000001', 'BTC', 1n],
  ])('reads %s in %s as %s', (text, currency, minor) => {
    expect(parseStakeText(text, currency)).toBe(minor)
  })
  it.each(['', '0', '0.00', '-1', '1.234', 'abc', '1e3', '1.2.3'])('refuses %j', (text) => {
    expect(parseStakeText(text, 'EUR')).toBeUndefined()
  })
})
