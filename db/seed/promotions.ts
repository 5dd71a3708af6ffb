import { BONUS_CODES, type BonusCode } from '#common/bonus-rules.ts'
import { formatMoney } from '#common/format-money.ts'
import { LOCALES } from '#common/locales.ts'
import { isCurrencyCode } from '#common/money.ts'
import type { Messages } from '#common/messages.ts'
import { translate } from '#common/translate.ts'
import type { Db } from '#db/client.ts'
import { loadBonusTerms, type BonusTerms } from '#server/modules/bonuses/index.ts'
import { promotions, promotionTexts } from '#server/modules/bonuses/bonuses.tables.ts'
import { loadShippedMessages } from '#server/modules/site/translations.ts'

/** The seeded promotion of each bonus code: its address (slug) and art. */
export const SEEDED_PROMOTIONS: Readonly<Record<BonusCode, string>> = {
  first: 'welcome-bonus',
  second: 'second-deposit',
  third: 'third-deposit',
  fourth: 'fourth-deposit',
  wednesday: 'wednesday-reload',
  weekend: 'weekend-reload',
  valentines: 'valentines-day',
}

export const promotionArt = (id: string) => `/promotions/art/${id}.svg`

/** How long the demo's promotions run from the first seed: long enough to stay in every demo. */
const RUN_DAYS = 365 * 5

function text(messages: Messages, key: string, values: Record<string, string>): string {
  const value = translate(messages, key, values)
  if (value === undefined) throw new Error(`Seed needs the translation ${key}`)
  return value
}

/**
 * One promotion's words in one locale, from the content catalogue (`promotion.<code>.*`), with
 * the figures of the rules as they are when seeded, in the locale's own currency. The details
 * page shows the live figures beside them, so an operator's later edit of a rule shows at once.
 */
export function promotionText(
  messages: Messages,
  code: BonusCode,
  terms: BonusTerms,
  localeTag: string,
) {
  const rule = terms.rules.find((candidate) => candidate.code === code)
  if (!rule) throw new Error(`No live rule for ${code}`)
  const currency = isCurrencyCode(terms.currency) ? terms.currency : 'EUR'
  const values = {
    match: new Intl.NumberFormat(localeTag, { style: 'percent' }).format(rule.match_percent / 100),
    min: formatMoney(rule.deposit_min, currency, localeTag),
    max: formatMoney(rule.deposit_max, currency, localeTag),
    times: String(rule.wagering_times),
    days: String(rule.valid_days),
    max_bet: formatMoney(rule.max_bet, currency, localeTag),
  }
  const key = (name: string) => `promotion.${code}.${name}`
  return {
    title: text(messages, key('title'), values),
    summary: text(messages, key('summary'), values),
    body: [
      text(messages, key('body1'), values),
      text(messages, key('body2'), values),
      text(messages, 'promotion.terms_paragraph', values),
    ],
    imageAlt: text(messages, key('alt'), values),
  }
}

/**
 * A promotion for every bonus code in all 16 locales. Promotions that exist are left alone with
 * their words (the operator's edits survive every start), so running the seed again adds nothing.
 */
export async function seedPromotions(db: Db, now = new Date()): Promise<void> {
  const shipped = loadShippedMessages('content')
  const termsByCurrency = new Map<string, BonusTerms>()
  const termsIn = async (currency: string) => {
    let terms = termsByCurrency.get(currency)
    if (!terms) {
      terms = await loadBonusTerms(db, isCurrencyCode(currency) ? currency : 'EUR')
      termsByCurrency.set(currency, terms)
    }
    return terms
  }
  const seeded = BONUS_CODES.map((code, index) => ({
    id: SEEDED_PROMOTIONS[code],
    bonusCode: code,
    imageUrl: promotionArt(SEEDED_PROMOTIONS[code]),
    startsAt: now,
    endsAt: new Date(now.getTime() + RUN_DAYS * 24 * 60 * 60 * 1000),
    sortOrder: (index + 1) * 10,
  }))
  const texts: (typeof promotionTexts.$inferInsert)[] = []
  for (const locale of LOCALES) {
    const messages = shipped.get(locale.prefix) ?? {}
    const terms = await termsIn(locale.currency)
    for (const code of BONUS_CODES) {
      // A code the operator switched off has no live rule to describe: no words for it.
      if (!terms.rules.some((rule) => rule.code === code)) continue
      texts.push({
        promotionId: SEEDED_PROMOTIONS[code],
        locale: locale.prefix,
        ...promotionText(messages, code, terms, locale.tag),
      })
    }
  }
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(promotions)
      .values(seeded)
      .onConflictDoNothing()
      .returning({ id: promotions.id })
    // Words only for promotions added now: a locale the operator took off one stays off.
    const isNew = new Set(added.map((row) => row.id))
    const fresh = texts.filter((row) => isNew.has(row.promotionId))
    if (fresh.length > 0) await tx.insert(promotionTexts).values(fresh).onConflictDoNothing()
  })
}
