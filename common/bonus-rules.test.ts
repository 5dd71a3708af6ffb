import { describe, expect, it } from 'vitest'
import {
  BONUS_CODES,
  DEFAULT_BONUS_RULES,
  DEFAULT_CONTRIBUTIONS,
  SPEC_RANGES,
  codeForDeposit,
  contributionPercent,
  depositRange,
  matchedBonus,
  splitStake,
  splitWin,
  wageringOf,
  wageringRequired,
  windowAt,
} from './bonus-rules.ts'
import { CURRENCY_EXPONENTS, type CurrencyCode } from './money.ts'

const rules = Object.values(DEFAULT_BONUS_RULES)
const at = (iso: string) => new Date(iso)

/**
 * A rate table's conversion as the wallet does it (`fromEurRounded`): minor units of EUR to minor
 * units of `currency` at a fixed rate, rounded to two significant figures.
 */
const UNITS_PER_EUR: Partial<Record<CurrencyCode, number>> = { CAD: 1.5, PLN: 4.3, ETH: 0.0004 }
const fromEur = (eurMinor: bigint, currency: CurrencyCode): bigint => {
  const exponent = CURRENCY_EXPONENTS[currency] - 2
  const exact = Number(eurMinor) * (UNITS_PER_EUR[currency] ?? 1) * 10 ** exponent
  const digits = Math.floor(Math.log10(exact)) + 1
  const unit = 10 ** Math.max(0, digits - 2)
  return BigInt(Math.round(exact / unit) * unit)
}

describe('the rule tables (docs/decisions/013)', () => {
  it('has every code with its match, deposit number or time box, 10x wagering in 7 days, 5 EUR max bet', () => {
    expect(Object.keys(DEFAULT_BONUS_RULES).sort()).toEqual([...BONUS_CODES].sort())
    const summary = Object.fromEntries(
      rules.map((rule) => [
        rule.code,
        [rule.depositNumber ?? rule.window, rule.matchPercent, rule.minEurMinor, rule.maxEurMinor],
      ]),
    )
    expect(summary).toEqual({
      first: [1, 100, 1500n, 20000n],
      second: [2, 75, 1500n, 30000n],
      third: [3, 50, 2000n, 50000n],
      fourth: [4, 100, 5000n, 100000n],
      wednesday: ['wednesday', 50, 2000n, null],
      weekend: ['weekend', 50, 2000n, 30000n],
      valentines: ['valentines', 50, 2000n, null],
    })
    for (const rule of rules) {
      expect(rule).toMatchObject({ wageringTimes: 10, validDays: 7, maxBetEurMinor: 500n })
    }
  })

  it('uses the spec’s own `first` ranges for the nine currencies it names', () => {
    const first = DEFAULT_BONUS_RULES.first
    const expected: Record<string, [bigint, bigint]> = {
      EUR: [1_500n, 20_000n],
      USD: [1_500n, 20_000n],
      CAD: [2_000n, 27_000n],
      AUD: [2_500n, 30_000n],
      NZD: [3_000n, 33_000n],
      PLN: [9_000n, 92_000n],
      INR: [150_000n, 1_600_000n],
      NOK: [15_000n, 210_000n],
      BTC: [100_000n, 1_000_000n],
    }
    for (const [currency, [min, max]] of Object.entries(expected)) {
      expect(depositRange(first, currency as CurrencyCode, fromEur)).toEqual({
        minMinor: min,
        maxMinor: max,
      })
    }
    expect(Object.keys(SPEC_RANGES.first ?? {}).sort()).toEqual(Object.keys(expected).sort())
  })

  it('derives every other currency’s range from euros, and every code has a range everywhere', () => {
    // 15 EUR at 1.5 is 22.50 CAD: 23 CAD at two significant figures; 300 EUR is 450 CAD.
    expect(depositRange(DEFAULT_BONUS_RULES.second, 'CAD', fromEur)).toEqual({
      minMinor: 2_300n,
      maxMinor: 45_000n,
    })
    // 20 EUR at 0.0004 ETH: 0.008 ETH, in units of 10^-8.
    expect(depositRange(DEFAULT_BONUS_RULES.third, 'ETH', fromEur)).toEqual({
      minMinor: 800_000n,
      maxMinor: 20_000_000n,
    })
    // No maximum: the match is taken on at most ten times the minimum.
    expect(depositRange(DEFAULT_BONUS_RULES.wednesday, 'EUR', fromEur)).toEqual({
      minMinor: 2_000n,
      maxMinor: 20_000n,
    })
    for (const rule of rules) {
      for (const currency of Object.keys(CURRENCY_EXPONENTS) as CurrencyCode[]) {
        const range = depositRange(rule, currency, fromEur)
        expect(range.minMinor, `${rule.code} ${currency}`).toBeGreaterThan(0n)
        expect(range.maxMinor, `${rule.code} ${currency}`).toBeGreaterThanOrEqual(range.minMinor)
      }
    }
  })
})

describe('the match', () => {
  const range = { minMinor: 1_500n, maxMinor: 20_000n }
  it('pays nothing below the minimum, the match at and inside the range, capped above it', () => {
    expect(matchedBonus(1_499n, range, 100)).toBe(0n)
    expect(matchedBonus(1_500n, range, 100)).toBe(1_500n)
    expect(matchedBonus(2_000n, range, 100)).toBe(2_000n)
    expect(matchedBonus(20_000n, range, 100)).toBe(20_000n)
    expect(matchedBonus(30_000n, range, 100)).toBe(20_000n)
    // 75 % of 40.01 EUR, rounded down to the cent.
    expect(matchedBonus(4_001n, { minMinor: 1_500n, maxMinor: 30_000n }, 75)).toBe(3_000n)
  })
  it('wagers ten times the bonus: 20 EUR asks 200 EUR', () => {
    expect(wageringRequired(2_000n, 10)).toBe(20_000n)
  })
})

describe('time boxes (UTC)', () => {
  it('opens the weekend at Friday 00:00 and closes it after Sunday 23:59:59', () => {
    expect(windowAt('weekend', at('2026-11-26T23:59:59.999Z')).isOpen).toBe(false)
    const friday = windowAt('weekend', at('2026-11-27T00:00:00Z'))
    expect(friday).toEqual({
      isOpen: true,
      key: '2026-11-27',
      endsAt: at('2026-11-30T00:00:00Z'),
    })
    const sunday = windowAt('weekend', at('2026-11-29T23:59:59Z'))
    expect(sunday).toMatchObject({ isOpen: true, key: '2026-11-27' })
    expect(windowAt('weekend', at('2026-11-30T00:00:00Z')).isOpen).toBe(false)
  })
  it('opens Wednesday for its day only, keyed by its date', () => {
    expect(windowAt('wednesday', at('2026-11-25T00:00:00Z'))).toEqual({
      isOpen: true,
      key: '2026-11-25',
      endsAt: at('2026-11-26T00:00:00Z'),
    })
    expect(windowAt('wednesday', at('2026-11-24T23:59:59Z')).isOpen).toBe(false)
    expect(windowAt('wednesday', at('2026-11-26T00:00:00Z')).isOpen).toBe(false)
  })
  it('opens valentines on 14 February only, once a year', () => {
    expect(windowAt('valentines', at('2027-02-13T23:59:59Z')).isOpen).toBe(false)
    expect(windowAt('valentines', at('2027-02-14T00:00:00Z'))).toEqual({
      isOpen: true,
      key: '2027-02-14',
      endsAt: at('2027-02-15T00:00:00Z'),
    })
    expect(windowAt('valentines', at('2027-02-15T00:00:00Z')).isOpen).toBe(false)
  })
})

describe('the code a deposit earns', () => {
  it('is the welcome bonus of the deposit’s number, then an open box, else none', () => {
    const thursday = at('2026-11-26T12:00:00Z')
    expect([1, 2, 3, 4].map((n) => codeForDeposit(rules, n, thursday))).toEqual([
      'first',
      'second',
      'third',
      'fourth',
    ])
    expect(codeForDeposit(rules, 5, thursday)).toBeNull()
    expect(codeForDeposit(rules, 5, at('2026-11-25T12:00:00Z'))).toBe('wednesday')
    expect(codeForDeposit(rules, 5, at('2026-11-28T12:00:00Z'))).toBe('weekend')
    // 14 February 2027 is a Sunday: valentines before the weekend.
    expect(codeForDeposit(rules, 9, at('2027-02-14T12:00:00Z'))).toBe('valentines')
    // A switched-off rule is never offered.
    const off = rules.map((rule) => (rule.code === 'first' ? { ...rule, isEnabled: false } : rule))
    expect(codeForDeposit(off, 1, thursday)).toBeNull()
  })
})

describe('contributions, stakes and wins', () => {
  it('counts a game at its best category; unknown categories not at all', () => {
    expect(contributionPercent(['slots'], DEFAULT_CONTRIBUTIONS)).toBe(100)
    expect(contributionPercent(['live-casino'], DEFAULT_CONTRIBUTIONS)).toBe(10)
    expect(contributionPercent(['originals', 'slots'], DEFAULT_CONTRIBUTIONS)).toBe(100)
    expect(contributionPercent(['lottery'], DEFAULT_CONTRIBUTIONS)).toBe(0)
    expect(wageringOf(1_00n, 100)).toBe(1_00n)
    expect(wageringOf(1_05n, 10)).toBe(10n)
  })
  it('stakes real money first, then bonus money', () => {
    expect(splitStake(5_00n, 10_00n)).toEqual({ cashMinor: 5_00n, bonusMinor: 0n })
    expect(splitStake(5_00n, 3_00n)).toEqual({ cashMinor: 3_00n, bonusMinor: 2_00n })
    expect(splitStake(5_00n, 0n)).toEqual({ cashMinor: 0n, bonusMinor: 5_00n })
  })
  it('pays a win back the way its stake came, the bonus share rounded down', () => {
    expect(splitWin(10_00n, 5_00n, 0n)).toEqual({ cashMinor: 10_00n, bonusMinor: 0n })
    expect(splitWin(10_00n, 5_00n, 5_00n)).toEqual({ cashMinor: 0n, bonusMinor: 10_00n })
    expect(splitWin(10_00n, 5_00n, 2_00n)).toEqual({ cashMinor: 6_00n, bonusMinor: 4_00n })
    expect(splitWin(1n, 3n, 1n)).toEqual({ cashMinor: 1n, bonusMinor: 0n })
  })
})
