import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db, Tx } from '#db/client.ts'
import { ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { pageOf, sortOnFields } from '#server/lib/list-page.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import { hashServerSeed, newServerSeed } from '#server/modules/originals/index.ts'
import {
  LOTTERY_PRIZE_TEXT_FIELDS,
  LOTTERY_TEXT_FIELDS,
  LotteryBodySchema,
  LotteryIdParamsSchema,
  LotteryListQuerySchema,
  OperatorLotteriesResponseSchema,
  OperatorLotteryResponseSchema,
  type LotteryBody,
  type OperatorLottery,
} from './lottery.admin.contract.ts'
import { askForDraw } from './lottery-draw.ts'
import { forgetEarningLotteries } from './lottery-progress.ts'
import { prizeProblem } from './prizes.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { lotteries, lotteryPrizes } from './rewards.tables.ts'
import { completeTexts } from '#server/modules/engagement/index.ts'

type LotteryRow = typeof lotteries.$inferSelect
type PrizeRow = typeof lotteryPrizes.$inferSelect

const toOperatorLottery = (row: LotteryRow, prizes: readonly PrizeRow[]): OperatorLottery => ({
  id: row.id,
  slug: row.slug,
  texts: row.texts,
  image_url: row.imageUrl,
  sales_open_at: row.salesOpenAt.toISOString(),
  sales_close_at: row.salesCloseAt.toISOString(),
  draw_at: row.drawAt.toISOString(),
  ticket_every_eur_minor: row.ticketEveryEurMinor?.toString() ?? null,
  max_tickets_per_player: row.maxTicketsPerPlayer,
  is_enabled: row.isEnabled,
  prizes: prizes
    .filter((prize) => prize.lotteryId === row.id)
    .sort((a, b) => a.rank - b.rank)
    .map((prize) => ({ rank: prize.rank, prize: prize.prize, texts: prize.texts })),
  server_seed_hash: row.serverSeedHash,
  server_seed: row.drawnAt ? row.serverSeed : null,
  client_seed: row.drawnAt ? row.clientSeed : null,
  ticket_count: row.ticketCount,
  drawn_at: row.drawnAt?.toISOString() ?? null,
})

/** The body's texts and prizes, checked: all 16 locales, and prizes that can be paid. */
async function checkedContent(db: Db | Tx, body: LotteryBody) {
  const texts = completeTexts(body.texts, LOTTERY_TEXT_FIELDS, 'rewards.texts_incomplete')
  const prizes = body.prizes.map((entry) => ({
    rank: entry.rank,
    prize: entry.prize,
    texts: completeTexts(entry.texts, LOTTERY_PRIZE_TEXT_FIELDS, 'rewards.texts_incomplete'),
  }))
  for (const entry of prizes) {
    const problem = await prizeProblem(db, entry.prize)
    if (problem) {
      throw new AppError('rewards.invalid_prize', { params: { reason: problem, rank: entry.rank } })
    }
  }
  return { texts, prizes }
}

async function assertSlugFree(tx: Tx, slug: string, id?: number) {
  const [taken] = await tx
    .select({ id: lotteries.id })
    .from(lotteries)
    .where(and(eq(lotteries.slug, slug), id === undefined ? undefined : ne(lotteries.id, id)))
  if (taken) throw new AppError('rewards.slug_taken')
}

const sameSchedule = (row: LotteryRow, body: LotteryBody) =>
  row.salesOpenAt.getTime() === Date.parse(body.sales_open_at) &&
  row.salesCloseAt.getTime() === Date.parse(body.sales_close_at) &&
  row.drawAt.getTime() === Date.parse(body.draw_at) &&
  (row.ticketEveryEurMinor?.toString() ?? null) === body.ticket_every_eur_minor &&
  row.maxTicketsPerPlayer === body.max_tickets_per_player

/**
 * The operators' lottery calls: list, read, create (the draw's server seed is made here, sealed,
 * and only its hash shown until the draw), change. The content role edits, the auditor reads.
 * Edits are audited and drop every instance's cached lotteries (`rewards.content.changed`) and
 * cached pages (`site.changed`).
 */
export const lotteryAdminRoutes: FastifyPluginAsyncZod<CoreDeps> = async (app, deps) => {
  const { db, bus, secretBox, jobs } = deps
  const tags = ['operator', 'rewards']
  const READ_NOTE =
    'Needs an operator with the content, auditor or admin role: 401 without an operator session, 403 without the role.'
  const ROLE_NOTE =
    'Needs an operator with the content or admin role: 401 without an operator session, 403 without the role.'
  const BODY_NOTE =
    '`texts` (title, text, imageAlt) and each prize’s `texts` (label) hold all 16 locale prefixes (en de fr de_at au nz fr-ca ca pt no pl fi en-ar ar-en it ee) non-empty, else 400 `rewards.texts_incomplete` (param `locale`). Prizes are ranked 1, 2, 3… and must be payable (within the caps, an existing lootbox or game), else 400 `rewards.invalid_prize` (param `reason`). The schedule reads sales open < sales close ≤ draw (else 400 `request.invalid`). 409 `rewards.slug_taken` when another lottery has the slug.'

  /** After the commit: every instance's cached lotteries dropped, and the draw's run asked for. */
  const changed = async (lottery: OperatorLottery) => {
    forgetEarningLotteries(db)
    await bus.publish('rewards.content.changed', {})
    await bus.publish('site.changed', { scope: 'pages' })
    // The change stands without it: the draws’ catch-up then draws it at most 30 s late.
    await askForDraw(jobs, { id: lottery.id, drawAt: new Date(lottery.draw_at) }).catch(
      (error: unknown) => {
        app.log.warn({ err: error, lotteryId: lottery.id }, 'lottery draw’s run not asked for')
      },
    )
  }

  app.get(
    '/admin/api/lotteries',
    {
      schema: {
        tags,
        summary: 'The lotteries',
        description: `One page of the lotteries, the latest draw first (or by \`sort\`), with their texts in every locale, prizes, schedule, tickets issued and the committed seed’s hash (the seed itself once drawn). \`q\` finds words in the slug and the English title. ${READ_NOTE}`,
        querystring: LotteryListQuerySchema,
        response: { 200: OperatorLotteriesResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['content', 'auditor'])
      const rows = await db
        .select()
        .from(lotteries)
        .orderBy(desc(lotteries.drawAt), desc(lotteries.id))
      const prizes =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(lotteryPrizes)
              .where(
                inArray(
                  lotteryPrizes.lotteryId,
                  rows.map((row) => row.id),
                ),
              )
              .orderBy(asc(lotteryPrizes.rank))
      const { items, ...paging } = pageOf(
        rows.map((row) => toOperatorLottery(row, prizes)),
        request.query,
        {
          searchable: (row) => [row.slug, row.texts.en?.title],
          sortValue: sortOnFields([
            'slug',
            'sales_open_at',
            'sales_close_at',
            'draw_at',
            'ticket_count',
            'is_enabled',
          ]),
        },
      )
      void reply.header('cache-control', 'no-store')
      return ok({ lotteries: items, ...paging })
    },
  )

  app.get(
    '/admin/api/lotteries/:id',
    {
      schema: {
        tags,
        summary: 'A lottery',
        description: `One lottery as the list shows it (answers the lottery itself, as the create and change calls do). 404 \`rewards.not_found\`. ${READ_NOTE}`,
        params: LotteryIdParamsSchema,
        response: { 200: OperatorLotteryResponseSchema },
      },
    },
    async (request, reply) => {
      await requireOperatorRole(request, ['content', 'auditor'])
      const [row] = await db.select().from(lotteries).where(eq(lotteries.id, request.params.id))
      if (!row) throw new AppError('rewards.not_found')
      const prizes = await db
        .select()
        .from(lotteryPrizes)
        .where(eq(lotteryPrizes.lotteryId, row.id))
      void reply.header('cache-control', 'no-store')
      return ok(toOperatorLottery(row, prizes))
    },
  )

  app.post(
    '/admin/api/lotteries',
    {
      schema: {
        tags,
        summary: 'Create a lottery',
        description: `Creates a lottery with a fresh server seed for its draw: sealed with the installation’s data key, only its sha256 published until the draw reveals it. The draw must lie in the future (else 400 \`request.invalid\`). ${BODY_NOTE} Audited. ${ROLE_NOTE}`,
        body: LotteryBodySchema,
        response: { 200: OperatorLotteryResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['content'])
      const body = request.body
      if (Date.parse(body.draw_at) <= Date.now()) {
        throw new AppError('request.invalid', { params: { field: 'draw_at' } })
      }
      const { texts, prizes } = await checkedContent(db, body)
      const seed = newServerSeed()
      const created = await db.transaction(async (tx) => {
        await assertSlugFree(tx, body.slug)
        const [row] = await tx
          .insert(lotteries)
          .values({
            slug: body.slug,
            texts,
            imageUrl: body.image_url,
            salesOpenAt: new Date(body.sales_open_at),
            salesCloseAt: new Date(body.sales_close_at),
            drawAt: new Date(body.draw_at),
            ticketEveryEurMinor:
              body.ticket_every_eur_minor === null ? null : BigInt(body.ticket_every_eur_minor),
            maxTicketsPerPlayer: body.max_tickets_per_player,
            isEnabled: body.is_enabled,
            serverSeedSealed: secretBox.seal(seed),
            serverSeedHash: hashServerSeed(seed),
          })
          .onConflictDoNothing({ target: lotteries.slug })
          .returning()
        if (!row) throw new AppError('rewards.slug_taken')
        const prizeRows = await tx
          .insert(lotteryPrizes)
          .values(prizes.map((entry) => ({ lotteryId: row.id, ...entry })))
          .returning()
        const view = toOperatorLottery(row, prizeRows)
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'lottery.created',
          details: { after: view },
        })
        return view
      })
      await changed(created)
      void reply.header('cache-control', 'no-store')
      return ok(created)
    },
  )

  app.put(
    '/admin/api/lotteries/:id',
    {
      schema: {
        tags,
        summary: 'Change a lottery',
        description: `Replaces the lottery’s slug, texts, image, prizes and whether it is shown, any time before its draw (a drawn one is 409 \`lottery.closed\`). Its schedule, ticket rate and per-player limit change only before sales open (else 409 \`lottery.closed\`); its seed never changes. 404 \`rewards.not_found\`. ${BODY_NOTE} Audited. ${ROLE_NOTE}`,
        params: LotteryIdParamsSchema,
        body: LotteryBodySchema,
        response: { 200: OperatorLotteryResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, ['content'])
      const body = request.body
      const { texts, prizes } = await checkedContent(db, body)
      const updated = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(lotteries)
          .where(eq(lotteries.id, request.params.id))
          .for('update')
        if (!before) throw new AppError('rewards.not_found')
        const now = new Date()
        if (before.drawnAt !== null) throw new AppError('lottery.closed')
        if (!sameSchedule(before, body) && before.salesOpenAt <= now) {
          throw new AppError('lottery.closed')
        }
        if (!sameSchedule(before, body) && Date.parse(body.draw_at) <= now.getTime()) {
          throw new AppError('request.invalid', { params: { field: 'draw_at' } })
        }
        await assertSlugFree(tx, body.slug, before.id)
        const beforePrizes = await tx
          .select()
          .from(lotteryPrizes)
          .where(eq(lotteryPrizes.lotteryId, before.id))
        const [row] = await tx
          .update(lotteries)
          .set({
            slug: body.slug,
            texts,
            imageUrl: body.image_url,
            salesOpenAt: new Date(body.sales_open_at),
            salesCloseAt: new Date(body.sales_close_at),
            drawAt: new Date(body.draw_at),
            ticketEveryEurMinor:
              body.ticket_every_eur_minor === null ? null : BigInt(body.ticket_every_eur_minor),
            maxTicketsPerPlayer: body.max_tickets_per_player,
            isEnabled: body.is_enabled,
            updatedAt: now,
          })
          .where(eq(lotteries.id, before.id))
          .returning()
        if (!row) throw new AppError('rewards.not_found')
        await tx.delete(lotteryPrizes).where(eq(lotteryPrizes.lotteryId, before.id))
        const prizeRows = await tx
          .insert(lotteryPrizes)
          .values(prizes.map((entry) => ({ lotteryId: before.id, ...entry })))
          .returning()
        const view = toOperatorLottery(row, prizeRows)
        await recordAudit(tx, request, {
          actorType: 'operator',
          actorId: operator.id,
          action: 'lottery.changed',
          details: { before: toOperatorLottery(before, beforePrizes), after: view },
        })
        return view
      })
      await changed(updated)
      void reply.header('cache-control', 'no-store')
      return ok(updated)
    },
  )
}
