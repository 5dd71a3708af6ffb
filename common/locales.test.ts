import { describe, expect, it } from 'vitest'
import {
  LOCALES,
  LOCALE_PREFIXES,
  getLocale,
  isLocalePrefix,
  matchAcceptLanguage,
} from './locales.ts'

describe('locales', () => {
  it('are the spec’s 16 prefixes, in order', () => {
    expect(LOCALE_PREFIXES).toEqual([
      'en',
      'de',
      'fr',
      'de_at',
      'au',
      'nz',
      'fr-ca',
      'ca',
      'pt',
      'no',
      'pl',
      'fi',
      'en-ar',
      'ar-en',
      'it',
      'ee',
    ])
  })

  it('lay out ar-en right to left and only it', () => {
    expect(LOCALES.filter((locale) => locale.dir === 'rtl').map((locale) => locale.prefix)).toEqual(
      ['ar-en'],
    )
  })

  it('map prefixes to BCP 47 tags and currencies', () => {
    expect(getLocale('de_at')).toMatchObject({
      tag: 'de-AT',
      currency: 'EUR',
      catalogs: ['de', 'de-AT'],
    })
    expect(getLocale('no')).toMatchObject({ tag: 'nb-NO', currency: 'NOK' })
    expect(getLocale('ee')).toMatchObject({ tag: 'et-EE' })
    expect(getLocale('nope').prefix).toBe('en')
  })

  it('recognise only known prefixes', () => {
    expect(isLocalePrefix('fr-ca')).toBe(true)
    expect(isLocalePrefix('fr_ca')).toBe(false)
    expect(isLocalePrefix('EN')).toBe(false)
  })
})

describe('matchAcceptLanguage', () => {
  const all = LOCALE_PREFIXES
  it.each([
    ['de-AT,de;q=0.9,en;q=0.8', 'de_at'],
    ['de-CH,de;q=0.9', 'de'],
    ['fr-CA', 'fr-ca'],
    ['en-NZ,en;q=0.5', 'nz'],
    ['et', 'ee'],
    ['nb', 'no'],
    ['no', 'no'],
    ['ar-SA,ar;q=0.9', 'ar-en'],
    ['pl;q=0.2,fi;q=0.8', 'fi'],
    ['zh-CN', undefined],
    ['*', undefined],
    ['', undefined],
  ])('%s → %s', (header, expected) => {
    expect(matchAcceptLanguage(header, all)).toBe(expected)
  })

  it('ignores languages that are not enabled', () => {
    expect(matchAcceptLanguage('de-DE,fr;q=0.5', ['en', 'fr'])).toBe('fr')
  })
})
