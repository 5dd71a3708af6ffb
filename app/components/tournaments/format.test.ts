import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { getI18n } from '#app/lib/i18n.ts'
import { loadShippedMessages } from '#server/modules/site/translations.ts'
import { countdownOf, entryFeeText, feeCurrencies, multiplierText, scoreText } from './format.ts'

const catalogues = loadShippedMessages()
const wording = (prefix: string, tag: string) => ({
  t: getI18n(tag, catalogues.get(prefix) ?? {}).t as TFunction,
  localeTag: tag,
})

describe('scores by scoring rule', () => {
  it.each([
    ['10000', '×1.00'],
    ['12345', '×1.23'],
    // Cut, never rounded up: 1.999× is not a 2×.
    ['19999', '×1.99'],
    ['5', '×0.00'],
    ['12500000', '×1,250.00'],
  ])('basis points %s read %s', (basisPoints, text) => {
    expect(multiplierText(basisPoints, 'en')).toBe(text)
    expect(scoreText('highest_multiplier', basisPoints, 'en')).toBe(text)
  })

  it('write the multiplier with the page’s separators', () => {
    expect(scoreText('highest_multiplier', '12500000', 'de-DE')).toBe('×1.250,00')
  })

  it('show wagered and won euros as money, digit-exact', () => {
    expect(scoreText('total_wagered', '123456', 'en')).toBe('€1,234.56')
    expect(scoreText('total_won', '5', 'en')).toBe('€0.05')
    expect(scoreText('total_wagered', '9007199254740993', 'en')).toBe('€90,071,992,547,409.93')
    expect(scoreText('total_won', '123456', 'fr-FR')).toMatch(/^1\s234,56\s€$/)
  })

  it('count points as whole numbers, even past a float’s exact range', () => {
    expect(scoreText('points_per_spin', '1200', 'en')).toBe('1,200')
    expect(scoreText('points_per_spin', '9007199254740993', 'en')).toBe('9,007,199,254,740,993')
  })

  it('leave anything that is not a score as it came', () => {
    expect(scoreText('total_won', 'n/a', 'en')).toBe('n/a')
  })
})

describe('entry fees', () => {
  it('say free, coins with the coin rule, or euros', () => {
    const en = wording('en', 'en')
    expect(entryFeeText({ kind: 'free', amount: 0 }, en)).toBe('Free')
    expect(entryFeeText({ kind: 'coins', amount: 50 }, en)).toBe('50 coins')
    expect(entryFeeText({ kind: 'coins', amount: 1 }, en)).toBe('1 coin')
    expect(entryFeeText({ kind: 'coins', amount: 12.5 }, en)).toBe('12.5 coins')
    expect(entryFeeText({ kind: 'money', amount: 5 }, en)).toBe('€5')
    expect(entryFeeText({ kind: 'money', amount: 2.5 }, en)).toBe('€2.50')
  })

  it('in the player’s language and plural forms', () => {
    expect(entryFeeText({ kind: 'coins', amount: 3 }, wording('pl', 'pl-PL'))).toBe('3 monety')
    expect(entryFeeText({ kind: 'coins', amount: 5 }, wording('pl', 'pl-PL'))).toBe('5 monet')
    expect(entryFeeText({ kind: 'free', amount: 0 }, wording('de', 'de-DE'))).toBe('Kostenlos')
  })
})

describe('countdowns', () => {
  const card = { starts_at: '2026-01-01T00:00:00Z', ends_at: '2026-01-08T00:00:00Z' }
  it('count to the start, to the end, or not at all once it ended', () => {
    expect(countdownOf({ ...card, phase: 'upcoming' })).toEqual({
      kind: 'starts',
      at: card.starts_at,
    })
    expect(countdownOf({ ...card, phase: 'running' })).toEqual({ kind: 'ends', at: card.ends_at })
    expect(countdownOf({ ...card, phase: 'finishing' })).toBeNull()
    expect(countdownOf({ ...card, phase: 'finished' })).toBeNull()
  })
})

describe('the currencies a money fee may be paid in', () => {
  it('are the player’s wallets the tournament allows, the one in use first', () => {
    expect(feeCurrencies(['EUR', 'USD', 'BTC'], [], 'USD')).toEqual(['USD', 'EUR', 'BTC'])
    expect(feeCurrencies(['EUR', 'USD', 'BTC'], ['BTC', 'EUR'], 'USD')).toEqual(['EUR', 'BTC'])
    expect(feeCurrencies(['USD'], ['EUR'], 'USD')).toEqual([])
  })
})
