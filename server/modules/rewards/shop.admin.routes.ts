import { and, asc, eq, ne } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db, Tx } from '#db/client.ts'
import { ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { pageOf, sortOnFields } from '#server/lib/list-page.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import { prizeProblem } from './prizes.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { shopItems } from './rewards.tables.ts'
import {
  OperatorShopItemResponseSchema,
  OperatorShopItemsResponseSchema,
  SHOP_TEXT_FIELDS,
  ShopItemBodySchema,
  ShopItemIdParamsSchema,
  ShopItemListQuerySchema,
  type OperatorShopItem,
  type ShopItemBody,
} from './shop.admin.contract.ts'
import { forgetShopContent } from './shop.ts'
import { completeTexts } from '#server/modules/engagement/index.ts'

type ShopItemRow = typeof shopItems.$inferSelect

const sortOnField = sortOnFields<OperatorShopItem>([
  'slug',
  'sort',
  'stock',
  'updated_at',
  'is_enabled',
])

const toOperatorItem = (row: ShopItemRow): OperatorShopItem => ({
  id: row.id,
  slug: row.slug,
  kind: row.kind,
  prize: row.prize,
  price_coins_minor: row.priceCoinsMinor.toString(),
  stock: row.stock,
  per_player_limit: row.perPlayerLimit,
  limit_period: row.limitPeriod,
  image_url: row.imageUrl,
  sort: row.sort,
  is_enabled: row.isEnabled,
  texts: row.texts,
  updated_at: row.updatedAt.toISOString(),
})

/** The columns a body stores, once its prize is one the shop can pay and its texts are whole. */
async function checkedItem(db: Db | Tx, body: ShopItemBody) {
  if (body.prize.kind !== body.kind) {
    throw new AppError('rewards.invalid_prize', { params: { reason: 'kind_mismatch' } })
  }
  const problem = await prizeProblem(db, body.prize)
  if (problem) throw new AppError('rewards.invalid_prize', { params: { reason: problem } })
  return {
    slug: body.slug,
    kind: body.kind,
    prize: body.prize,
    priceCoinsMinor: BigInt(body.price_coins_minor),
    stock: body.stock,
    perPlayerLimit: body.per_player_limit,
    limitPeriod: body.limit_period,
    texts: completeTexts(body.texts, SHOP_TEXT_FIELDS, 'rewards.texts_incomplete'),
    imageUrl: body.image_url,
    sort: body.sort,
    isEnabled: body.is_enabled,
    updatedAt: new Date(),
  }
}

async function assertSlugFree(tx: Tx, slug: string, id?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: shopItems.id })
    .from(shopItems)
    .where(and(eq(shopItems.slug, slug), id === undefined ? undefined : ne(shopItems.id, id)))
  if (taken) throw new AppError('rewards.slug_taken')
}

/**
 * The operators' shop calls: list, read, create and change items (withdraw one with
 * `is_enabled: false`; purchases keep the prize they bought). The content role edits, the
 * auditor reads; every change is audited and drops every instance's cached shop
 * (`rewards.content.changed`) and cached pages (`site.changed`).
 */
export const shopAdminRoutes: FastifyPluginAsyncZod<CoreDeps> = async (app, deps) => {
  const { db, bus } = deps
  const tags = ['operator', 'rewards']
  const READ_NOTE =
    'Needs an operator with the content, auditor or admin role: 401 without an operator session, 403 without the role.'
  const ROLE_NOTE =
    'Needs an operator with the content or admin role: 401 without an operator session, 403 without the role.'
  const BODY_NOTE =
    '`kind` is the prize’s kind (else 400 `rewards.invalid_prize`, reason `kind_mismatch`); a prize past the caps or naming a lootbox that does not exist is 400 `rewards.invalid_prize` (param `reason`). `price_coins_minor` is coin hundredths above 0; `stock` null or at least 0; `per_player_limit` null or above 0, counted per `limit_period` (`day` UTC, `week` ISO, `ever`). `texts` holds every one of the 16 locale prefixes with `title`, `text` and `imageAlt` non-empty, else 400 `rewards.texts_incomplete` (param `locale`). 409 `rewards.slug_taken` when another item has the slug.'

  const changed = async () => {
    forgetShopContent(db)
    await bus.publish('rewards.content.changed', {})
    await bus.publish('site.changed', { scope: 'pages' })
  }

  app.get(
    '/admin/api/shop-items',
    {
      schema: {
        tags,
        summary: 'The shop’s items',
        description: `One page of the items, withdrawn ones too, in the shop’s order (or by \`sort\`), with their texts in every locale. \`q\` finds words in the slug, the kind and the English title. ${READ_NOTE}`,
        querystring: ShopItemListQuerySchema,
        response: { 200: OperatorShopItemsResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['content', 'auditor'])
      const rows = await db.select().from(shopItems).orderBy(asc(shopItems.sort), asc(shopItems.id))
      const { items, ...paging } = pageOf(rows.map(toOperatorItem), request.query, {
        searchable: (row) => [row.slug, row.kind, row.texts.en?.title],
        // The price is a bigint's text, which sorts as text ('9' after '10'), not as a number.
        sortValue: (row, key) =>
          key === 'price_coins_minor' ? Number(row.price_coins_minor) : sortOnField(row, key),
      })
      void reply.header('cache-control', 'no-store')
      return ok({ items, ...paging })
    },
  )

  app.get(
    '/admin/api/shop-items/:id',
    {
      schema: {
        tags,
        summary: 'A shop item',
        description: `One item as the list shows it, withdrawn or not. 404 \`rewards.not_found\`. ${READ_NOTE}`,
        params: ShopItemIdParamsSchema,
        response: { 200: OperatorShopItemResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['content', 'auditor'])
      const [row] = await db.select().from(shopItems).where(eq(shopItems.id, request.params.id))
      if (!row) throw new AppError('rewards.not_found')
      void reply.header('cache-control', 'no-store')
      return ok({ item: toOperatorItem(row) })
    },
  )

  app.post(
    '/admin/api/shop-items',
    {
      schema: {
        tags,
        summary: 'Add a shop item',
        description: `${BODY_NOTE} Audited. ${ROLE_NOTE}`,
        body: ShopItemBodySchema,
        response: { 200: OperatorShopItemResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['content'])
      const values = await checkedItem(db, request.body)
      const row = await db.transaction(async (tx) => {
        await assertSlugFree(tx, values.slug)
        const [inserted] = await tx
          .insert(shopItems)
          .values(values)
          .onConflictDoNothing({ target: shopItems.slug })
          .returning()
        if (!inserted) throw new AppError('rewards.slug_taken')
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'shop_item.created',
          details: { after: toOperatorItem(inserted) },
        })
        return inserted
      })
      await changed()
      void reply.header('cache-control', 'no-store')
      return ok({ item: toOperatorItem(row) })
    },
  )

  app.put(
    '/admin/api/shop-items/:id',
    {
      schema: {
        tags,
        summary: 'Change a shop item',
        description: `Replaces every field of the item. 404 \`rewards.not_found\` for an unknown id. ${BODY_NOTE} Audited. ${ROLE_NOTE}`,
        params: ShopItemIdParamsSchema,
        body: ShopItemBodySchema,
        response: { 200: OperatorShopItemResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['content'])
      const { id } = request.params
      const values = await checkedItem(db, request.body)
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(shopItems).where(eq(shopItems.id, id)).for('update')
        if (!before) throw new AppError('rewards.not_found')
        await assertSlugFree(tx, values.slug, id)
        const [after] = await tx
          .update(shopItems)
          .set(values)
          .where(eq(shopItems.id, id))
          .returning()
        if (!after) throw new AppError('rewards.not_found')
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'shop_item.changed',
          details: { before: toOperatorItem(before), after: toOperatorItem(after) },
        })
        return after
      })
      await changed()
      void reply.header('cache-control', 'no-store')
      return ok({ item: toOperatorItem(row) })
    },
  )
}
