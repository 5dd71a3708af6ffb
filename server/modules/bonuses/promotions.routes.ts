import { asc, eq, inArray } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import type { Db, Tx } from '#db/client.ts'
import { ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { pageOf, sortOnFields } from '#server/lib/list-page.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import { detectCountry } from '#server/modules/geo/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { promotions, promotionTexts } from './bonuses.tables.ts'
import { createPromotions } from './promotions.ts'
import {
  BonusTermsEnvelopeSchema,
  BonusTermsQuerySchema,
  OperatorPromotionBodySchema,
  OperatorPromotionCreateSchema,
  OperatorPromotionListQuerySchema,
  OperatorPromotionListResponseSchema,
  OperatorPromotionResponseSchema,
  PromotionInLangParamsSchema,
  PromotionListParamsSchema,
  PromotionListResponseSchema,
  PromotionParamsSchema,
  PromotionResponseSchema,
  type OperatorPromotion,
} from './promotions.contract.ts'
import { loadBonusTerms } from './terms.ts'
import { languageOf } from '#server/modules/site/index.ts'

export interface PromotionRoutesOptions {
  /** A trusted proxy's country header (see geo): a promotion may be limited to some countries. */
  countryHeader: string | undefined
}

type PromotionBody = z.infer<typeof OperatorPromotionBodySchema>

/** A promotion with all its texts, as the operator API shows it. */
async function loadOperatorPromotions(db: Db | Tx, ids?: string[]): Promise<OperatorPromotion[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(ids ? inArray(promotions.id, ids) : undefined)
    .orderBy(asc(promotions.sortOrder), asc(promotions.id))
  if (rows.length === 0) return []
  const texts = await db
    .select()
    .from(promotionTexts)
    .where(
      inArray(
        promotionTexts.promotionId,
        rows.map((row) => row.id),
      ),
    )
  return rows.map((row) => ({
    id: row.id,
    bonus_code: row.bonusCode,
    image_url: row.imageUrl,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    countries: row.countries,
    sort_order: row.sortOrder,
    is_enabled: row.isEnabled,
    updated_at: row.updatedAt.toISOString(),
    texts: Object.fromEntries(
      texts
        .filter((text) => text.promotionId === row.id)
        .map((text) => [
          text.locale,
          { title: text.title, summary: text.summary, body: text.body, image_alt: text.imageAlt },
        ]),
    ),
  }))
}

const columnsOf = (body: PromotionBody) => ({
  bonusCode: body.bonus_code,
  imageUrl: body.image_url,
  startsAt: body.starts_at ? new Date(body.starts_at) : null,
  endsAt: body.ends_at ? new Date(body.ends_at) : null,
  countries: body.countries,
  sortOrder: body.sort_order,
  isEnabled: body.is_enabled,
})

/** A promotion's texts are replaced as a whole: a locale left out stops showing it. */
/** Changes a promotion's row; 404 (`promotions.not_found`) when there is none. */
async function updatePromotion(
  tx: Tx,
  id: string,
  values: Partial<typeof promotions.$inferInsert>,
): Promise<void> {
  const updated = await tx
    .update(promotions)
    .set(values)
    .where(eq(promotions.id, id))
    .returning({ id: promotions.id })
  if (updated.length === 0) throw new AppError('promotions.not_found')
}

async function replaceTexts(tx: Tx, id: string, texts: PromotionBody['texts']): Promise<void> {
  await tx.delete(promotionTexts).where(eq(promotionTexts.promotionId, id))
  const rows = Object.entries(texts).flatMap(([locale, text]) =>
    text
      ? [
          {
            promotionId: id,
            locale,
            title: text.title,
            summary: text.summary,
            body: text.body,
            imageAlt: text.image_alt,
          },
        ]
      : [],
  )
  if (rows.length > 0) await tx.insert(promotionTexts).values(rows)
}

/**
 * The promotions pages' data (public: visitors see promotions too), the bonus terms generated
 * from the live rules, and the operator's promotions API (admin role; every change audited).
 */
export const promotionRoutes: FastifyPluginAsyncZod<PromotionRoutesOptions> = async (
  app,
  { countryHeader },
) => {
  const { db } = app.database
  const service = createPromotions(db)
  const tags = ['bonuses']
  const SHOWN_NOTE =
    'A promotion is shown when it is enabled, within its dates, written in the locale, and offered in the visitor’s country (empty list: everywhere).'

  app.get(
    '/:lang/rest-content/promotions',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'The promotions shown in a locale',
        description: `Promotions in the order the operator set, in the language of \`lang\` (a path prefix). ${SHOWN_NOTE} 404 \`site.unknown_locale\` for a language the site does not have.`,
        params: PromotionListParamsSchema,
        response: { 200: PromotionListResponseSchema },
      },
    },
    async (request) => {
      const country = detectCountry(request, { header: countryHeader }) ?? null
      return ok({ promotions: await service.list(languageOf(request.params.lang), country) })
    },
  )

  app.get(
    '/:lang/rest-content/promotions/:id',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'One promotion in a locale',
        description: `${SHOWN_NOTE} Anything else (unknown, disabled, not started or ended, not in this language or country) is 404 \`promotions.not_found\`, said in the path's language.`,
        params: PromotionInLangParamsSchema,
        response: { 200: PromotionResponseSchema },
      },
    },
    async (request) => {
      const country = detectCountry(request, { header: countryHeader }) ?? null
      const { lang, id } = request.params
      const promotion = await service.find(id, languageOf(lang), country)
      if (!promotion) throw new AppError('promotions.not_found')
      return ok({ promotion })
    },
  )

  app.get(
    '/bonus/terms',
    {
      schema: {
        tags,
        summary: 'The live bonus rules in a currency',
        description:
          'Every enabled code with its deposit (number or time box), match, deposit range, wagering, days and maximum bet in `currency`, and the wagering contribution of each game category, read from the rules the server applies. `currency` defaults to the signed-in player’s, else EUR; an unsupported one is 400.',
        querystring: BonusTermsQuerySchema,
        response: { 200: BonusTermsEnvelopeSchema },
      },
    },
    async (request) => {
      let currency: CurrencyCode = request.query.currency ?? 'EUR'
      if (!request.query.currency) {
        const playerId = (await request.session())?.playerId
        if (playerId) {
          const [player] = await db
            .select({ currency: players.currency })
            .from(players)
            .where(eq(players.id, playerId))
          if (player && isCurrencyCode(player.currency)) currency = player.currency
        }
      }
      return ok(await loadBonusTerms(db, currency))
    },
  )

  // The operator's API. Promotions are site content: the content role edits them (a promotion
  // only points at a bonus code; what the bonus pays is the bonus rules', edited by finance too).
  const READ_NOTE =
    'Needs an operator with the content, auditor or admin role: 401 without an operator session, 403 without the role.'
  const ROLE_NOTE =
    'Needs an operator with the content or admin role: 401 without an operator session, 403 without the role.'
  // The promotions pages are cached for visitors: drop them on every instance, so the change
  // shows at once rather than when the cached copy expires.
  const pagesChanged = () => app.bus.publish('site.changed', { scope: 'pages' })
  const answer = async (id: string) => {
    const [promotion] = await loadOperatorPromotions(db, [id])
    if (!promotion) throw new AppError('promotions.not_found')
    return ok({ promotion })
  }

  app.get(
    '/admin/api/promotions',
    {
      schema: {
        tags: ['operator', 'bonuses'],
        summary: 'List every promotion with its texts',
        description: `One page of the promotions, shown or not, in display order (or by \`sort\`), each with its texts per locale. \`q\` finds words in the id, the bonus code and the English title. ${READ_NOTE}`,
        querystring: OperatorPromotionListQuerySchema,
        response: { 200: OperatorPromotionListResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['content', 'auditor'])
      const { items, ...paging } = pageOf(await loadOperatorPromotions(db), request.query, {
        searchable: (row) => [row.id, row.bonus_code, row.texts.en?.title],
        sortValue: sortOnFields(['sort_order', 'starts_at', 'ends_at', 'updated_at', 'is_enabled']),
      })
      void reply.header('cache-control', 'no-store')
      return ok({ promotions: items, ...paging })
    },
  )

  app.get(
    '/admin/api/promotions/:id',
    {
      schema: {
        tags: ['operator', 'bonuses'],
        summary: 'One promotion with its texts',
        description: `The promotion as the list shows it, shown or not. 404 \`promotions.not_found\`. ${READ_NOTE}`,
        params: PromotionParamsSchema,
        response: { 200: OperatorPromotionResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['content', 'auditor'])
      void reply.header('cache-control', 'no-store')
      return answer(request.params.id)
    },
  )

  app.post(
    '/admin/api/promotions',
    {
      schema: {
        tags: ['operator', 'bonuses'],
        summary: 'Create a promotion',
        description: `\`id\` is the slug in the page's address. \`texts\` maps locale prefixes to the words (a locale without them does not show the promotion). 409 \`promotions.exists\` when the id is taken. Audited. ${ROLE_NOTE}`,
        body: OperatorPromotionCreateSchema,
        response: { 200: OperatorPromotionResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['content'])
      const body = request.body
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(promotions)
          .values({ id: body.id, ...columnsOf(body) })
          .onConflictDoNothing()
          .returning({ id: promotions.id })
        if (inserted.length === 0) throw new AppError('promotions.exists')
        await replaceTexts(tx, body.id, body.texts)
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'promotion.created',
          details: { id: body.id, bonus_code: body.bonus_code },
        })
      })
      await pagesChanged()
      void reply.header('cache-control', 'no-store')
      return answer(body.id)
    },
  )

  app.put(
    '/admin/api/promotions/:id',
    {
      schema: {
        tags: ['operator', 'bonuses'],
        summary: 'Replace a promotion',
        description: `Sets every field and replaces the texts as a whole. 404 \`promotions.not_found\`. Audited. ${ROLE_NOTE}`,
        params: PromotionParamsSchema,
        body: OperatorPromotionBodySchema,
        response: { 200: OperatorPromotionResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['content'])
      const { id } = request.params
      await db.transaction(async (tx) => {
        await updatePromotion(tx, id, { ...columnsOf(request.body), updatedAt: new Date() })
        await replaceTexts(tx, id, request.body.texts)
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'promotion.updated',
          details: { id, bonus_code: request.body.bonus_code, is_enabled: request.body.is_enabled },
        })
      })
      await pagesChanged()
      void reply.header('cache-control', 'no-store')
      return answer(id)
    },
  )

  app.delete(
    '/admin/api/promotions/:id',
    {
      schema: {
        tags: ['operator', 'bonuses'],
        summary: 'Withdraw a promotion',
        description: `Disables it (the pages stop showing it at once); the row stays, since players' bonuses name the promotion they were claimed from. 404 \`promotions.not_found\`. Audited. ${ROLE_NOTE}`,
        params: PromotionParamsSchema,
        response: { 200: OperatorPromotionResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['content'])
      const { id } = request.params
      await db.transaction(async (tx) => {
        await updatePromotion(tx, id, { isEnabled: false, updatedAt: new Date() })
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'promotion.disabled',
          details: { id },
        })
      })
      await pagesChanged()
      void reply.header('cache-control', 'no-store')
      return answer(id)
    },
  )
}
