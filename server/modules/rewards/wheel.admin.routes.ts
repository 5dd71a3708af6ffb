import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { weightsAreValid, type Prize } from '#common/rewards-rules.ts'
import type { Db, Tx } from '#db/client.ts'
import { ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { pageOf, sortOnFields } from '#server/lib/list-page.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import { prizeProblem } from './prizes.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import {
  lootboxes,
  lootboxPrizes,
  lootboxSources,
  rewardDraws,
  wheels,
  wheelSegments,
} from './rewards.tables.ts'
import {
  IdParamsSchema,
  LOOTBOX_TEXT_FIELDS,
  LootboxBodySchema,
  LootboxesResponseSchema,
  LootboxResponseSchema,
  RewardListQuerySchema,
  SEGMENT_TEXT_FIELDS,
  WHEEL_TEXT_FIELDS,
  WheelBodySchema,
  WheelResponseSchema,
  WheelsResponseSchema,
  type LootboxBody,
  type OperatorLootbox,
  type OperatorWheel,
  type WheelBody,
} from './wheel.admin.contract.ts'
import { forgetRewardsContent } from './wheel-content.ts'
import { completeTexts } from '#server/modules/engagement/index.ts'

type WheelRow = typeof wheels.$inferSelect
type SegmentRow = typeof wheelSegments.$inferSelect
type LootboxRow = typeof lootboxes.$inferSelect
type LootboxPrizeRow = typeof lootboxPrizes.$inferSelect
type SourceRow = typeof lootboxSources.$inferSelect

/** The odds table and every prize in it, checked before anything is written. */
async function assertOdds(tx: Tx, entries: readonly { weight: number; prize: Prize }[]) {
  if (!weightsAreValid(entries.map((entry) => entry.weight))) {
    throw new AppError('rewards.odds_invalid')
  }
  for (const entry of entries) {
    const problem = await prizeProblem(tx, entry.prize)
    if (problem) throw new AppError('rewards.invalid_prize', { params: { reason: problem } })
  }
}

const toWheel = (row: WheelRow, segments: readonly SegmentRow[]): OperatorWheel => ({
  id: row.id,
  slug: row.slug,
  sort: row.sort,
  is_enabled: row.isEnabled,
  spin_every_eur_minor: row.spinEveryEurMinor.toString(),
  texts: row.texts,
  segments: segments
    .filter((segment) => segment.wheelId === row.id)
    .sort((a, b) => a.sort - b.sort)
    .map((segment) => ({
      id: segment.id,
      prize: segment.prize,
      weight: segment.weight,
      color: segment.color,
      texts: segment.texts,
    })),
})

const toLootbox = (
  row: LootboxRow,
  prizes: readonly LootboxPrizeRow[],
  sources: readonly SourceRow[],
): OperatorLootbox => ({
  id: row.id,
  slug: row.slug,
  sort: row.sort,
  is_enabled: row.isEnabled,
  valid_days: row.validDays,
  image_url: row.imageUrl,
  texts: row.texts,
  prizes: prizes
    .filter((prize) => prize.lootboxId === row.id)
    .sort((a, b) => a.sort - b.sort)
    .map((prize) => ({
      id: prize.id,
      prize: prize.prize,
      weight: prize.weight,
      texts: prize.texts,
    })),
  sources: sources
    .filter((source) => source.lootboxId === row.id)
    .map((source) => ({ source_kind: source.sourceKind, source_id: source.sourceId })),
})

/** Entries a draw of `kind` from `sourceId` picked: removing them would orphan the draw's label. */
async function drawnEntries(
  tx: Tx,
  kind: 'wheel' | 'lootbox',
  sourceId: number,
  ids: readonly number[],
): Promise<boolean> {
  if (ids.length === 0) return false
  const [found] = await tx
    .select({ id: rewardDraws.id })
    .from(rewardDraws)
    .where(
      and(
        eq(rewardDraws.kind, kind),
        eq(rewardDraws.sourceId, sourceId),
        inArray(sql<number>`${rewardDraws.entryIds}[${rewardDraws.index} + 1]`, [...ids]),
      ),
    )
    .limit(1)
  return Boolean(found)
}

/**
 * The operators' wheel and lootbox calls: list, read, create, and replace one as a whole with
 * its odds table (entries sent with their `id` are kept, so past draws keep their labels; one
 * that was ever drawn cannot be dropped; withdraw one with `is_enabled: false`). The content role
 * edits, the auditor reads; every change is audited and drops every instance's cached content
 * (`rewards.content.changed`) and cached pages (`site.changed`).
 */
export const wheelAdminRoutes: FastifyPluginAsyncZod<CoreDeps> = async (app, { db, bus }) => {
  const tags = ['operator', 'rewards']
  const READ_NOTE =
    'Needs an operator with the content, auditor or admin role: 401 without an operator session, 403 otherwise.'
  const ROLE_NOTE =
    'Needs an operator with the content or admin role: 401 without an operator session, 403 otherwise.'
  const LIST_NOTE =
    'One page, by `sort` then id unless `sort` says otherwise; `q` finds words in the slug and the English title.'
  const TABLE_NOTE =
    'Every text holds all 16 locale prefixes (en de fr de_at au nz fr-ca ca pt no pl fi en-ar ar-en it ee) non-empty, else 400 `rewards.texts_incomplete` (param `locale`). Weights are positive integers summing to at most 2 097 151 (parts per million by convention), else 400 `rewards.odds_invalid`; each prize within the caps and naming what exists, else 400 `rewards.invalid_prize` (param `reason`). 409 `rewards.slug_taken`. Audited.'

  const changed = async () => {
    forgetRewardsContent(db)
    await bus.publish('rewards.content.changed', {})
    await bus.publish('site.changed', { scope: 'pages' })
  }
  const sortValue = sortOnFields<{ id: number; slug: string; sort: number; is_enabled: boolean }>([
    'slug',
    'sort',
    'is_enabled',
  ])
  const searchable = (row: { slug: string; texts: Record<string, { title?: string }> }) => [
    row.slug,
    row.texts.en?.title,
  ]

  const assertSlugFree = async (
    tx: Tx,
    table: typeof wheels | typeof lootboxes,
    slug: string,
    id?: number,
  ) => {
    const [taken] = await tx
      .select({ id: table.id })
      .from(table)
      .where(id === undefined ? eq(table.slug, slug) : and(eq(table.slug, slug), ne(table.id, id)))
    if (taken) throw new AppError('rewards.slug_taken')
  }

  /** A wheel's segments as `body` says: kept by id, new ones added, the rest dropped. */
  const writeSegments = async (tx: Tx, wheelId: number, body: WheelBody) => {
    const existing = await tx.select().from(wheelSegments).where(eq(wheelSegments.wheelId, wheelId))
    const kept = body.segments.flatMap((segment) => (segment.id ? [segment.id] : []))
    if (kept.some((id) => !existing.some((row) => row.id === id))) {
      throw new AppError('rewards.not_found')
    }
    const dropped = existing.filter((row) => !kept.includes(row.id)).map((row) => row.id)
    if (await drawnEntries(tx, 'wheel', wheelId, dropped)) throw new AppError('rewards.in_use')
    if (dropped.length > 0) await tx.delete(wheelSegments).where(inArray(wheelSegments.id, dropped))
    // Out of the way first: the order's unique index holds at every statement.
    if (kept.length > 0) {
      await tx
        .update(wheelSegments)
        .set({ sort: sql`-1 - ${wheelSegments.sort}` })
        .where(inArray(wheelSegments.id, kept))
    }
    for (const [sort, segment] of body.segments.entries()) {
      const values = {
        sort,
        prize: segment.prize,
        weight: segment.weight,
        color: segment.color.toLowerCase(),
        texts: completeTexts(segment.texts, SEGMENT_TEXT_FIELDS, 'rewards.texts_incomplete'),
      }
      if (segment.id) {
        await tx.update(wheelSegments).set(values).where(eq(wheelSegments.id, segment.id))
      } else {
        await tx.insert(wheelSegments).values({ wheelId, ...values })
      }
    }
  }

  const writePrizes = async (tx: Tx, lootboxId: number, body: LootboxBody) => {
    const existing = await tx
      .select()
      .from(lootboxPrizes)
      .where(eq(lootboxPrizes.lootboxId, lootboxId))
    const kept = body.prizes.flatMap((prize) => (prize.id ? [prize.id] : []))
    if (kept.some((id) => !existing.some((row) => row.id === id))) {
      throw new AppError('rewards.not_found')
    }
    const dropped = existing.filter((row) => !kept.includes(row.id)).map((row) => row.id)
    if (await drawnEntries(tx, 'lootbox', lootboxId, dropped)) throw new AppError('rewards.in_use')
    if (dropped.length > 0) await tx.delete(lootboxPrizes).where(inArray(lootboxPrizes.id, dropped))
    if (kept.length > 0) {
      await tx
        .update(lootboxPrizes)
        .set({ sort: sql`-1 - ${lootboxPrizes.sort}` })
        .where(inArray(lootboxPrizes.id, kept))
    }
    for (const [sort, prize] of body.prizes.entries()) {
      const values = {
        sort,
        prize: prize.prize,
        weight: prize.weight,
        texts: completeTexts(prize.texts, SEGMENT_TEXT_FIELDS, 'rewards.texts_incomplete'),
      }
      if (prize.id) {
        await tx.update(lootboxPrizes).set(values).where(eq(lootboxPrizes.id, prize.id))
      } else {
        await tx.insert(lootboxPrizes).values({ lootboxId, ...values })
      }
    }
    await tx.delete(lootboxSources).where(eq(lootboxSources.lootboxId, lootboxId))
    if (body.sources.length > 0) {
      await tx
        .insert(lootboxSources)
        .values(
          body.sources.map((source) => ({
            sourceKind: source.source_kind,
            sourceId: source.source_id,
            lootboxId,
          })),
        )
        .onConflictDoNothing()
    }
  }

  const readWheel = async (tx: Db | Tx, id: number) => {
    const [row] = await tx.select().from(wheels).where(eq(wheels.id, id))
    if (!row) throw new AppError('rewards.not_found')
    return toWheel(row, await tx.select().from(wheelSegments).where(eq(wheelSegments.wheelId, id)))
  }
  const readLootbox = async (tx: Db | Tx, id: number) => {
    const [row] = await tx.select().from(lootboxes).where(eq(lootboxes.id, id))
    if (!row) throw new AppError('rewards.not_found')
    return toLootbox(
      row,
      await tx.select().from(lootboxPrizes).where(eq(lootboxPrizes.lootboxId, id)),
      await tx.select().from(lootboxSources).where(eq(lootboxSources.lootboxId, id)),
    )
  }

  const wheelValues = (body: WheelBody, now: Date) => ({
    slug: body.slug,
    sort: body.sort,
    isEnabled: body.is_enabled,
    spinEveryEurMinor: BigInt(body.spin_every_eur_minor),
    texts: completeTexts(body.texts, WHEEL_TEXT_FIELDS, 'rewards.texts_incomplete'),
    updatedAt: now,
  })
  const lootboxValues = (body: LootboxBody, now: Date) => ({
    slug: body.slug,
    sort: body.sort,
    isEnabled: body.is_enabled,
    validDays: body.valid_days,
    imageUrl: body.image_url,
    texts: completeTexts(body.texts, LOOTBOX_TEXT_FIELDS, 'rewards.texts_incomplete'),
    updatedAt: now,
  })

  app.get(
    '/admin/api/wheels',
    {
      schema: {
        tags,
        summary: 'The prize wheels',
        description: `The wheels with their segments in drawing order, texts in every locale. The site offers the first enabled one by \`sort\`. ${LIST_NOTE} ${READ_NOTE}`,
        querystring: RewardListQuerySchema,
        response: { 200: WheelsResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['content', 'auditor'])
      const rows = await db.select().from(wheels).orderBy(asc(wheels.sort), asc(wheels.id))
      const segments = await db.select().from(wheelSegments)
      const { items, ...paging } = pageOf(
        rows.map((row) => toWheel(row, segments)),
        request.query,
        { searchable, sortValue },
      )
      void reply.header('cache-control', 'no-store')
      return ok({ wheels: items, ...paging })
    },
  )

  app.get(
    '/admin/api/wheels/:id',
    {
      schema: {
        tags,
        summary: 'A prize wheel',
        description: `One wheel as the list shows it. 404 \`rewards.not_found\`. ${READ_NOTE}`,
        params: IdParamsSchema,
        response: { 200: WheelResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['content', 'auditor'])
      const wheel = await readWheel(db, request.params.id)
      void reply.header('cache-control', 'no-store')
      return ok({ wheel })
    },
  )

  app.post(
    '/admin/api/wheels',
    {
      schema: {
        tags,
        summary: 'Create a prize wheel',
        description: `A wheel with its segments (drawing order as sent; \`id\` left out). \`spin_every_eur_minor\`: euro cents of real-money stakes per spin earned. ${TABLE_NOTE} ${ROLE_NOTE}`,
        body: WheelBodySchema,
        response: { 200: WheelResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['content'])
      const body = request.body
      if (body.segments.some((segment) => segment.id)) throw new AppError('rewards.not_found')
      const now = new Date()
      const wheel = await db.transaction(async (tx) => {
        await assertOdds(tx, body.segments)
        await assertSlugFree(tx, wheels, body.slug)
        const [row] = await tx.insert(wheels).values(wheelValues(body, now)).returning()
        if (!row) throw new Error('wheel not created')
        await writeSegments(tx, row.id, body)
        const after = await readWheel(tx, row.id)
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'wheel.created',
          details: { after },
        })
        return after
      })
      await changed()
      void reply.header('cache-control', 'no-store')
      return ok({ wheel })
    },
  )

  app.put(
    '/admin/api/wheels/:id',
    {
      schema: {
        tags,
        summary: 'Replace a prize wheel',
        description: `Replaces the wheel and its segments as a whole: a segment sent with its \`id\` is kept (players’ past draws keep its label), one without is new, one left out is removed (409 \`rewards.in_use\` when a draw picked it: disable the wheel instead). 404 \`rewards.not_found\` for an unknown wheel or a segment of another. Players keep their progress and spins. ${TABLE_NOTE} ${ROLE_NOTE}`,
        params: IdParamsSchema,
        body: WheelBodySchema,
        response: { 200: WheelResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['content'])
      const { id } = request.params
      const body = request.body
      const now = new Date()
      const wheel = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(wheels).where(eq(wheels.id, id)).for('update')
        if (!locked) throw new AppError('rewards.not_found')
        const before = await readWheel(tx, id)
        await assertOdds(tx, body.segments)
        await assertSlugFree(tx, wheels, body.slug, id)
        await tx.update(wheels).set(wheelValues(body, now)).where(eq(wheels.id, id))
        await writeSegments(tx, id, body)
        const after = await readWheel(tx, id)
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'wheel.replaced',
          details: { before, after },
        })
        return after
      })
      await changed()
      void reply.header('cache-control', 'no-store')
      return ok({ wheel })
    },
  )

  app.get(
    '/admin/api/lootboxes',
    {
      schema: {
        tags,
        summary: 'The kinds of lootbox',
        description: `The kinds with their odds tables, their sources (loyalty levels and quest templates that give them) and texts in every locale. ${LIST_NOTE} ${READ_NOTE}`,
        querystring: RewardListQuerySchema,
        response: { 200: LootboxesResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['content', 'auditor'])
      const rows = await db.select().from(lootboxes).orderBy(asc(lootboxes.sort), asc(lootboxes.id))
      const prizes = await db.select().from(lootboxPrizes)
      const sources = await db.select().from(lootboxSources)
      const { items, ...paging } = pageOf(
        rows.map((row) => toLootbox(row, prizes, sources)),
        request.query,
        { searchable, sortValue },
      )
      void reply.header('cache-control', 'no-store')
      return ok({ lootboxes: items, ...paging })
    },
  )

  app.get(
    '/admin/api/lootboxes/:id',
    {
      schema: {
        tags,
        summary: 'A kind of lootbox',
        description: `One kind as the list shows it. 404 \`rewards.not_found\`. ${READ_NOTE}`,
        params: IdParamsSchema,
        response: { 200: LootboxResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['content', 'auditor'])
      const lootbox = await readLootbox(db, request.params.id)
      void reply.header('cache-control', 'no-store')
      return ok({ lootbox })
    },
  )

  app.post(
    '/admin/api/lootboxes',
    {
      schema: {
        tags,
        summary: 'Create a kind of lootbox',
        description: `A kind with its odds table (drawing order as sent; \`id\` left out), the days a player’s one waits before expiring, and what gives it (\`sources\`: a loyalty level reached, a quest template’s task finished). ${TABLE_NOTE} ${ROLE_NOTE}`,
        body: LootboxBodySchema,
        response: { 200: LootboxResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['content'])
      const body = request.body
      if (body.prizes.some((prize) => prize.id)) throw new AppError('rewards.not_found')
      const now = new Date()
      const lootbox = await db.transaction(async (tx) => {
        await assertOdds(tx, body.prizes)
        await assertSlugFree(tx, lootboxes, body.slug)
        const [row] = await tx.insert(lootboxes).values(lootboxValues(body, now)).returning()
        if (!row) throw new Error('lootbox not created')
        await writePrizes(tx, row.id, body)
        const after = await readLootbox(tx, row.id)
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'lootbox.created',
          details: { after },
        })
        return after
      })
      await changed()
      void reply.header('cache-control', 'no-store')
      return ok({ lootbox })
    },
  )

  app.put(
    '/admin/api/lootboxes/:id',
    {
      schema: {
        tags,
        summary: 'Replace a kind of lootbox',
        description: `Replaces the kind, its odds table and its sources as a whole: a prize sent with its \`id\` is kept, one without is new, one left out is removed (409 \`rewards.in_use\` when an opening drew it: disable the kind instead). Players’ unopened lootboxes of the kind open with the new table; their expiry stays. 404 \`rewards.not_found\`. ${TABLE_NOTE} ${ROLE_NOTE}`,
        params: IdParamsSchema,
        body: LootboxBodySchema,
        response: { 200: LootboxResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['content'])
      const { id } = request.params
      const body = request.body
      const now = new Date()
      const lootbox = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(lootboxes).where(eq(lootboxes.id, id)).for('update')
        if (!locked) throw new AppError('rewards.not_found')
        const before = await readLootbox(tx, id)
        await assertOdds(tx, body.prizes)
        await assertSlugFree(tx, lootboxes, body.slug, id)
        await tx.update(lootboxes).set(lootboxValues(body, now)).where(eq(lootboxes.id, id))
        await writePrizes(tx, id, body)
        const after = await readLootbox(tx, id)
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'lootbox.replaced',
          details: { before, after },
        })
        return after
      })
      await changed()
      void reply.header('cache-control', 'no-store')
      return ok({ lootbox })
    },
  )
}
