import { describe, expect, it } from 'vitest'
import { getI18n } from '#app/lib/i18n.ts'
import { getLocale, LOCALES } from '#common/locales.ts'
import { PRIZE_KINDS, type Prize } from '#common/rewards-rules.ts'
import { loadShippedMessages } from '#server/modules/site/translations.ts'
import { coinsOfMinor, prizeText, prizeWhere } from './prize-text.ts'

const catalogues = loadShippedMessages()

function wording(prefix: string, lootboxTitle?: (id: number) => string | undefined) {
  const { tag } = getLocale(prefix)
  const messages = catalogues.get(prefix)
  if (!messages) throw new Error(`no catalogue for ${prefix}`)
  return { t: getI18n(tag, messages).t, localeTag: tag, lootboxTitle }
}

const GAME = '7b1e2d6a-5f3c-4e8b-9a0d-1c2b3a4d5e6f'
const EVERY_KIND: Prize[] = [
  { kind: 'coins', coinsMinor: '25000' },
  { kind: 'cash', eurMinor: '500' },
  { kind: 'bonus', eurMinor: '1000' },
  { kind: 'free_spins', gameId: GAME, spins: 10, stakeEurMinor: '20' },
  { kind: 'lootbox', lootboxId: 1 },
  { kind: 'wheel_spin', spins: 2 },
  { kind: 'lottery_ticket', tickets: 3 },
]

describe('prizeText in English', () => {
  const en = wording('en')

  it('says coins by the coin rule: two decimals at most, no trailing zeros', () => {
    expect(prizeText({ kind: 'coins', coinsMinor: '25000' }, en)).toBe('250 coins')
    expect(prizeText({ kind: 'coins', coinsMinor: '1250' }, en)).toBe('12.5 coins')
    expect(prizeText({ kind: 'coins', coinsMinor: '100' }, en)).toBe('1 coin')
    expect(prizeText({ kind: 'coins', coinsMinor: '7' }, en)).toBe('0.07 coins')
    expect(prizeText({ kind: 'coins', coinsMinor: '12345' }, en)).toBe('123.45 coins')
    expect(prizeText({ kind: 'coins', coinsMinor: '10000000' }, en)).toBe('100,000 coins')
  })

  it('says money with the site’s money formatter', () => {
    expect(prizeText({ kind: 'bonus', eurMinor: '500' }, en)).toBe('€5.00 bonus money')
    expect(prizeText({ kind: 'cash', eurMinor: '1250' }, en)).toBe('€12.50 in cash')
  })

  it('counts spins, tickets and free spins with their stake', () => {
    expect(prizeText(EVERY_KIND[3] as Prize, en)).toBe('10 free spins at €0.20')
    expect(
      prizeText({ kind: 'free_spins', gameId: GAME, spins: 1, stakeEurMinor: '100' }, en),
    ).toBe('1 free spin at €1.00')
    expect(prizeText({ kind: 'wheel_spin', spins: 1 }, en)).toBe('1 wheel spin')
    expect(prizeText({ kind: 'wheel_spin', spins: 2 }, en)).toBe('2 wheel spins')
    expect(prizeText({ kind: 'lottery_ticket', tickets: 3 }, en)).toBe('3 lottery tickets')
  })

  it('names a lootbox by its title when the page knows it', () => {
    const titled = wording('en', (id) => (id === 1 ? 'Bronze lootbox' : undefined))
    expect(prizeText({ kind: 'lootbox', lootboxId: 1 }, titled)).toBe('Bronze lootbox')
    expect(prizeText({ kind: 'lootbox', lootboxId: 2 }, titled)).toBe('A lootbox')
    expect(prizeText({ kind: 'lootbox', lootboxId: 1 }, en)).toBe('A lootbox')
  })
})

describe('prizeText in other languages', () => {
  it('uses the locale’s separators and words', () => {
    const de = wording('de')
    expect(prizeText({ kind: 'coins', coinsMinor: '123450' }, de)).toBe('1.234,5 Münzen')
    expect(prizeText({ kind: 'bonus', eurMinor: '500' }, de)).toBe('5,00\u00a0€ Bonusguthaben')
    expect(prizeText(EVERY_KIND[3] as Prize, de)).toBe('10 Freispiele zu je 0,20\u00a0€')
  })

  it('follows each language’s plural forms', () => {
    const pl = wording('pl')
    expect(prizeText({ kind: 'wheel_spin', spins: 1 }, pl)).toBe('1 obrót kołem')
    expect(prizeText({ kind: 'wheel_spin', spins: 3 }, pl)).toBe('3 obroty kołem')
    expect(prizeText({ kind: 'wheel_spin', spins: 5 }, pl)).toBe('5 obrotów kołem')
    const ar = wording('ar-en')
    expect(prizeText({ kind: 'lottery_ticket', tickets: 2 }, ar)).toContain('تذكرتا')
  })

  it.each(LOCALES.map((locale) => locale.prefix))(
    '%s words every kind of prize, without a missing key',
    (prefix) => {
      const words = wording(prefix)
      for (const prize of EVERY_KIND) {
        const text = prizeText(prize, words)
        expect(text).not.toMatch(/rewards\.|\{\{/)
        expect(text.length).toBeGreaterThan(0)
      }
    },
  )
})

describe('prizeWhere', () => {
  it('points every kind of prize at the page that holds it', () => {
    expect(EVERY_KIND.map((prize) => prize.kind)).toEqual([...PRIZE_KINDS])
    expect(prizeWhere({ kind: 'lootbox', lootboxId: 1 }, 'de').href).toBe('/de/lootboxes/')
    expect(prizeWhere({ kind: 'bonus', eurMinor: '1' }, 'en').href).toBe('/en/account/bonuses/')
    expect(prizeWhere(EVERY_KIND[3] as Prize, 'en', '/en/game/book-of-gold/')).toEqual({
      href: '/en/game/book-of-gold/',
      key: 'rewards.where.free_spins_game',
    })
  })
})

describe('coinsOfMinor', () => {
  it('reads hundredths without float division', () => {
    expect(coinsOfMinor('0')).toBe(0)
    expect(coinsOfMinor('5')).toBe(0.05)
    expect(coinsOfMinor('29')).toBe(0.29)
    expect(coinsOfMinor('100029')).toBe(1000.29)
  })
})
