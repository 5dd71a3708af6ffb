import { describe, expect, it } from 'vitest'
import type { BonusOffer } from '#server/modules/bonuses/bonuses.contract.ts'
import { bonusOptInDefault, bonusPreview, inOfferCurrency } from './bonus-preview.ts'

const first: BonusOffer = {
  code: 'first',
  match_percent: 100,
  deposit_min: '1500',
  deposit_max: '20000',
  max_bonus: '20000',
  currency: 'EUR',
  wagering_times: 10,
  valid_days: 7,
  max_bet: '500',
}
const card = { currency: 'EUR', currencyConverted: null, rate: null }

describe('bonusPreview', () => {
  it('shows only the terms until an amount is typed', () => {
    expect(bonusPreview(first, null, card)).toEqual({ kind: 'offer' })
  })

  it('says below the minimum that the amount earns nothing and what the minimum is', () => {
    expect(bonusPreview(first, 1499n, card)).toEqual({ kind: 'below_minimum', minMinor: 1500n })
    expect(bonusPreview(first, 0n, card)).toEqual({ kind: 'below_minimum', minMinor: 1500n })
  })

  it('matches the deposit from the minimum to the maximum', () => {
    expect(bonusPreview(first, 1500n, card)).toEqual({
      kind: 'earns',
      bonusMinor: 1500n,
      isCapped: false,
    })
    expect(bonusPreview(first, 2000n, card)).toEqual({
      kind: 'earns',
      bonusMinor: 2000n,
      isCapped: false,
    })
    expect(bonusPreview(first, 20_000n, card)).toEqual({
      kind: 'earns',
      bonusMinor: 20_000n,
      isCapped: false,
    })
  })

  it('caps the bonus at the match on the maximum', () => {
    expect(bonusPreview(first, 50_000n, card)).toEqual({
      kind: 'earns',
      bonusMinor: 20_000n,
      isCapped: true,
    })
  })

  it('applies a partial match, rounded down', () => {
    const second = { ...first, code: 'second' as const, match_percent: 75, deposit_max: '30000' }
    expect(bonusPreview(second, 1999n, card)).toEqual({
      kind: 'earns',
      bonusMinor: 1499n,
      isCapped: false,
    })
  })

  it('converts a crypto deposit into the wallet currency at the method rate', () => {
    const eth = { currency: 'ETH', currencyConverted: 'EUR', rate: '2000' }
    // 0.01 ETH = 20 EUR.
    expect(inOfferCurrency(1_000_000n, eth, 'EUR')).toBe(2000n)
    expect(bonusPreview(first, 1_000_000n, eth)).toEqual({
      kind: 'earns',
      bonusMinor: 2000n,
      isCapped: false,
    })
    expect(bonusPreview(first, 500_000n, eth)).toEqual({
      kind: 'below_minimum',
      minMinor: 1500n,
    })
  })

  it('cannot tell without a rate to the offer currency', () => {
    expect(
      bonusPreview(first, 2000n, { currency: 'USD', currencyConverted: null, rate: null }),
    ).toEqual({ kind: 'unknown' })
  })
})

describe('bonusOptInDefault', () => {
  it('leaves the box unticked for British players and for an unknown country', () => {
    expect(bonusOptInDefault('GB')).toBe(false)
    expect(bonusOptInDefault('gb')).toBe(false)
    expect(bonusOptInDefault('')).toBe(false)
    expect(bonusOptInDefault(undefined)).toBe(false)
  })
  it('ticks it elsewhere', () => {
    expect(bonusOptInDefault('DE')).toBe(true)
    expect(bonusOptInDefault('FI')).toBe(true)
  })
})
