import { describe, expect, it } from 'vitest'
import { changedSettings, eurosOf, minorOf } from './settings-form.ts'
import type { SiteSettings } from './site-types.ts'

describe('amounts in euros', () => {
  it('reads what an operator types as cents', () => {
    expect(minorOf('2000')).toBe(200_000)
    expect(minorOf('2000.5')).toBe(200_050)
    expect(minorOf('2 000,05')).toBe(200_005)
    expect(minorOf('0.01')).toBe(1)
  })

  it('refuses what is not an amount', () => {
    for (const typed of ['', '-5', '1.005', '1e3', 'abc', '99999999999999999']) {
      expect(minorOf(typed), typed).toBeUndefined()
    }
  })

  it('shows cents as euros', () => {
    expect(eurosOf(200_050)).toBe('2000.50')
  })
})

describe('changedSettings', () => {
  const saved: SiteSettings = {
    languages: ['en', 'de'],
    defaultLocale: 'en',
    blockedCountries: ['US'],
    conversionSpreadBp: 100,
    depositWagerMultiplier: 1,
    maxWinPerBetEurMinor: 10_000_000,
    withdrawalSecondApprovalEurMinor: 200_000,
  }

  it('sends only what changed, so unchanged money settings need no admin', () => {
    expect(changedSettings(saved, { ...saved, languages: ['en'] })).toEqual({ languages: ['en'] })
    expect(changedSettings(saved, { ...saved })).toEqual({})
  })
})
