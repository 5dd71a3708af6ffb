import { describe, expect, it } from 'vitest'
import { seededMethodNames } from '#db/seed/payment-methods.ts'
import { checkCatalogs, checkGameNames, checkPaymentMethodNames } from './catalog-check.ts'
import { loadShippedMessages } from './translations.ts'
import type { Messages } from '#common/messages.ts'
import { LOCALES } from '#common/locales.ts'
import { translate } from '#common/translate.ts'

describe('shipped translation catalogues', () => {
  it('have every key in all 16 locales, the same placeholders, and no English left', () => {
    expect(checkCatalogs()).toEqual([])
  })
})

describe('the live casino', () => {
  const common = loadShippedMessages()
  const content = loadShippedMessages('content')
  it.each(LOCALES.map((locale) => locale.prefix))('%s names it one way everywhere', (prefix) => {
    const name = translate(content.get(prefix) ?? {}, 'menu.live')
    expect(name).toBeTruthy()
    expect(translate(content.get(prefix) ?? {}, 'menu.live_casino')).toBe(name)
    expect(translate(common.get(prefix) ?? {}, 'home.cta_live')).toBe(name)
    expect(translate(common.get(prefix) ?? {}, 'lobby.category.live-casino')).toBe(name)
    const title = translate(common.get(prefix) ?? {}, 'pages.live.title_with', { name: 'X' })
    expect(title?.startsWith(name ?? '-')).toBe(true)
  })
})

describe('game category and kind names', () => {
  it('are translated in every locale for each category the seed uses and each game kind', () => {
    expect(checkGameNames()).toEqual([])
  })

  it('finds a category or a kind a locale, or English too, has no name for', () => {
    const catalogs: Record<string, Messages> = {
      en: { lobby: { category: { slots: 'Slots' } }, games: { kind: { dice: 'Dice' } } },
      de: { lobby: { category: { slots: 'Spielautomaten' } }, games: { kind: {} } },
    }
    const read = (name: string): Messages => catalogs[name] ?? catalogs.de ?? {}
    const problems = checkGameNames(read, { categories: ['slots', 'bingo'], kinds: ['dice'] })
    expect(problems).toContain('common/de: no game name games.kind.dice')
    expect(problems).toContain('common/en: no game name lobby.category.bingo')
    expect(problems).toContain('common/de: no game name lobby.category.bingo')
    expect(problems).not.toContain('common/en: no game name games.kind.dice')
    expect(problems.some((problem) => problem.includes('category.slots'))).toBe(false)
  })
})

describe('checkCatalogs', () => {
  const catalogs: Record<string, Messages> = {
    en: { a: 'Hello {{name}}', b: 'Bye', c: 'VIP' },
    de: { a: 'Hallo {{name}}', b: 'Tschüss', c: 'VIP' },
  }
  const read = (name: string): Messages => catalogs[name] ?? catalogs.de ?? {}

  it('finds a missing key', () => {
    catalogs.de = { a: 'Hallo {{name}}', c: 'VIP' }
    expect(checkCatalogs(read)).toContain('common/de: missing b')
  })

  it('finds a broken placeholder and English left behind', () => {
    catalogs.de = { a: 'Hallo {{nom}}', b: 'Bye', c: 'VIP' }
    const problems = checkCatalogs(read)
    expect(problems).toContain('common/de: a has placeholders nom')
    expect(problems).toContain('common/de: b is still English (“Bye”)')
    expect(problems.some((problem) => problem.includes(' c '))).toBe(false)
  })
})

describe('checkCatalogs on the German form of address', () => {
  it('finds every informal word in de and de-AT, and leaves other languages and words alone', () => {
    const catalogs: Record<string, Messages> = {
      en: { a: 'Your games', b: 'Check your limits', c: 'Product', d: 'Wallet' },
      de: { a: 'Deine Spiele', b: 'Prüfe dein Limit', c: 'Produkt', d: 'Dürfen Sie' },
      'de-AT': { a: 'Spiele, die du öffnest', d: 'Ihr Konto' },
      et: { a: 'Sinu mängud', b: 'Kontrolli limiite', c: 'Toode', d: 'du' },
    }
    const problems = checkCatalogs((name) => catalogs[name] ?? {})
    const german = problems.filter(
      (problem) => problem.startsWith('common/') && problem.includes('German uses'),
    )
    expect(german).toEqual([
      'common/de: a says “Deine” (German uses “Sie”)',
      'common/de: b says “dein” (German uses “Sie”)',
      'common/de-AT: a says “du” (German uses “Sie”)',
    ])
  })
})

describe('checkCatalogs with plurals', () => {
  it('asks each language for its own plural forms and accepts the ones English lacks', () => {
    const catalogs: Record<string, Messages> = {
      en: { n_one: '{{count}} game', n_other: '{{count}} games' },
      pl: { n_one: '{{count}} gra', n_few: '{{count}} gry', n_other: '{{count}} gier' },
      ar: {
        n_zero: 'لا ألعاب',
        n_one: 'لعبة واحدة',
        n_two: 'لعبتان',
        n_few: '{{count}} ألعاب',
        n_many: '{{count}} لعبة',
        n_other: '{{count}} لعبة',
      },
    }
    const read = (name: string): Messages => catalogs[name] ?? catalogs.pl ?? {}
    const problems = checkCatalogs(read)
    expect(problems).toContain('common/pl: missing n_many')
    expect(problems.some((problem) => problem.includes('n_few is not an English key'))).toBe(false)
    expect(problems.some((problem) => problem.startsWith('common/ar-en:'))).toBe(false)
    // A zero form without the count placeholder differs from English `_other`: flagged.
    expect(problems).toContain('common/ar: n_zero has placeholders none')
  })
})

describe('checkPaymentMethodNames', () => {
  it('finds every seeded payment method named in all 16 locales', () => {
    expect(seededMethodNames().map((method) => method.id)).toContain('card')
    expect(checkPaymentMethodNames(seededMethodNames())).toEqual([])
  })

  it('fails for a method without a name in a locale, but not for a coin named by its brand', () => {
    const read = (name: string): Messages =>
      name.startsWith('de')
        ? { payments: { methods: {} } }
        : { payments: { methods: { card: 'Card' } } }
    const problems = checkPaymentMethodNames(
      [{ id: 'card' }, { id: 'crypto_btc', brandName: 'Bitcoin' }],
      read,
    )
    expect(problems).toContain('common/de: payment method card has no name (payments.methods.card)')
    expect(problems).toContain(
      'common/de_at: payment method card has no name (payments.methods.card)',
    )
    expect(problems.some((problem) => problem.includes('crypto_btc'))).toBe(false)
    expect(problems.some((problem) => problem.startsWith('common/fr:'))).toBe(false)
  })
})
