import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { BonusCode } from '#common/bonus-rules.ts'
import type { Db } from '#db/client.ts'
import type { CurrencyCode } from '#common/money.ts'
import type { Promotion } from './bonuses.contract.ts'
import { promotions, promotionTexts } from './bonuses.tables.ts'
import { loadBonusTerms, type BonusTerms } from './terms.ts'

/** What the promotions pages read; the server hands it to loaders through the load context. */
export interface PromotionsService {
  /** The promotions shown in `locale` (a path prefix) to a visitor from `country`, in order. */
  list(locale: string, country: string | null, now?: Date): Promise<Promotion[]>
  /** One promotion under the same conditions, or undefined when it is not shown there. */
  find(
    id: string,
    locale: string,
    country: string | null,
    now?: Date,
  ): Promise<Promotion | undefined>
  /** The live bonus rules in `currency` (the terms page, a promotion's terms box). */
  terms(currency: CurrencyCode): Promise<BonusTerms>
}

/**
 * A promotion is shown when it is enabled, `now` lies within its dates (an open end on either
 * side counts as open), it has words in the locale (a locale without a text row does not show
 * it), and its countries are empty or include the visitor's. An unknown country sees only the
 * promotions meant for everyone: a country list is a restriction, so not knowing is not passing.
 */
function shownWhere(locale: string, country: string | null, now: Date) {
  return and(
    eq(promotions.isEnabled, true),
    or(isNull(promotions.startsAt), lte(promotions.startsAt, now)),
    or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
    eq(promotionTexts.locale, locale),
    country === null
      ? sql`cardinality(${promotions.countries}) = 0`
      : sql`(cardinality(${promotions.countries}) = 0 or ${country} = any(${promotions.countries}))`,
  )
}

const columns = {
  id: promotions.id,
  bonusCode: promotions.bonusCode,
  imageUrl: promotions.imageUrl,
  startsAt: promotions.startsAt,
  endsAt: promotions.endsAt,
  title: promotionTexts.title,
  summary: promotionTexts.summary,
  body: promotionTexts.body,
  imageAlt: promotionTexts.imageAlt,
}

interface Row {
  id: string
  bonusCode: BonusCode | null
  imageUrl: string
  startsAt: Date | null
  endsAt: Date | null
  title: string
  summary: string
  body: string[]
  imageAlt: string
}

const toPromotion = (row: Row): Promotion => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  body: row.body,
  image_url: row.imageUrl,
  image_alt: row.imageAlt,
  bonus_code: row.bonusCode,
  starts_at: row.startsAt?.toISOString() ?? null,
  ends_at: row.endsAt?.toISOString() ?? null,
})

export function createPromotions(db: Db): PromotionsService {
  const query = () =>
    db
      .select(columns)
      .from(promotions)
      .innerJoin(promotionTexts, eq(promotionTexts.promotionId, promotions.id))
  return {
    async list(locale, country, now = new Date()) {
      const rows = await query()
        .where(shownWhere(locale, country, now))
        .orderBy(asc(promotions.sortOrder), asc(promotions.id))
      return rows.map(toPromotion)
    },
    async find(id, locale, country, now = new Date()) {
      const [row] = await query()
        .where(and(eq(promotions.id, id), shownWhere(locale, country, now)))
        .limit(1)
      return row ? toPromotion(row) : undefined
    },
    terms: (currency) => loadBonusTerms(db, currency),
  }
}
