import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type LocalePrefix } from '#common/locales.ts'
import { lotteryPhase } from '#common/rewards-rules.ts'
import type { Db } from '#db/client.ts'
import { envelopeOf, ok } from '#server/lib/envelope.ts'
import { requirePlayerId } from '#server/modules/auth/index.ts'
import { publicName } from '#server/modules/players/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { LangParamsSchema, languageOf } from '#server/modules/site/index.ts'
import { forgetEarningLotteries } from './lottery-progress.ts'
import { LotteriesSchema, PlayerLotteryStatusesSchema, type Lottery } from './rewards.contract.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import {
  lotteries,
  lotteryPrizes,
  lotteryProgress,
  lotteryTickets,
  lotteryWinners,
  shopItems,
} from './rewards.tables.ts'

type LotteryRow = typeof lotteries.$inferSelect

const euros = (minor: bigint | null) => (minor === null ? null : Number(minor) / 100)

/** The shop item that sells tickets in the lottery whose sales are open (null when none). */
async function ticketItemId(db: Db): Promise<number | null> {
  const [item] = await db
    .select({ id: shopItems.id })
    .from(shopItems)
    .where(and(eq(shopItems.kind, 'lottery_ticket'), eq(shopItems.isEnabled, true)))
    .orderBy(asc(shopItems.sort), asc(shopItems.id))
    .limit(1)
  return item?.id ?? null
}

/** The lotteries' wire shape in one language, with their prizes and, once drawn, their winners. */
async function lotteryViews(
  db: Db,
  rows: readonly LotteryRow[],
  locale: LocalePrefix,
  now: Date,
): Promise<Lottery[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const [prizes, winners, itemId] = await Promise.all([
    db
      .select()
      .from(lotteryPrizes)
      .where(inArray(lotteryPrizes.lotteryId, ids))
      .orderBy(asc(lotteryPrizes.rank)),
    db
      .select({
        lotteryId: lotteryWinners.lotteryId,
        rank: lotteryWinners.rank,
        number: lotteryTickets.number,
        playerId: players.id,
        firstName: players.firstName,
        lastName: players.lastName,
      })
      .from(lotteryWinners)
      .innerJoin(lotteryTickets, eq(lotteryTickets.id, lotteryWinners.ticketId))
      .innerJoin(players, eq(players.id, lotteryWinners.playerId))
      .where(inArray(lotteryWinners.lotteryId, ids))
      .orderBy(asc(lotteryWinners.rank)),
    ticketItemId(db),
  ])
  const label = (texts: Partial<Record<string, Record<string, string>>>, field: string) =>
    texts[locale]?.[field] || (texts.en?.[field] ?? '')
  return rows.map((row) => {
    const phase = lotteryPhase(row, now)
    const own = prizes.filter((prize) => prize.lotteryId === row.id)
    return {
      id: row.id,
      slug: row.slug,
      title: label(row.texts, 'title'),
      text: label(row.texts, 'text'),
      image_url: row.imageUrl,
      image_alt: label(row.texts, 'imageAlt'),
      phase,
      sales_open_at: row.salesOpenAt.toISOString(),
      sales_close_at: row.salesCloseAt.toISOString(),
      draw_at: row.drawAt.toISOString(),
      drawn_at: row.drawnAt?.toISOString() ?? null,
      ticket_every_eur: euros(row.ticketEveryEurMinor),
      max_tickets_per_player: row.maxTicketsPerPlayer,
      shop_item_id: phase === 'open' ? itemId : null,
      ticket_count: row.ticketCount,
      prizes: own.map((prize) => ({
        rank: prize.rank,
        label: label(prize.texts, 'label'),
        prize: prize.prize,
      })),
      server_seed_hash: row.serverSeedHash,
      server_seed: row.drawnAt ? row.serverSeed : null,
      client_seed: row.drawnAt ? row.clientSeed : null,
      winners: winners
        .filter((winner) => winner.lotteryId === row.id)
        .map((winner) => ({
          rank: winner.rank,
          ticket_number: winner.number,
          player: publicName({
            id: winner.playerId,
            firstName: winner.firstName,
            lastName: winner.lastName,
          }),
          label: label(own.find((prize) => prize.rank === winner.rank)?.texts ?? {}, 'label'),
        })),
    }
  })
}

/** Drawn lotteries listed on the page. */
export const RECENT_LOTTERIES = 10

/**
 * The lottery page's calls (spec: `get-existing-lotteries`, `get-recent-lotteries`,
 * `get-player-lotteries-statuses`), in the envelope. Lists are for visitors too; statuses need a
 * player.
 */
export const lotteryRoutes: FastifyPluginAsyncZod<CoreDeps> = async (app, deps) => {
  const { db } = deps
  const tags = ['rewards']
  const unsubscribe = deps.bus.subscribe('rewards.content.changed', () => {
    forgetEarningLotteries(db)
  })
  app.addHook('onClose', async () => {
    unsubscribe()
  })
  const LANG_NOTE =
    'Texts in the language of `lang`; 404 `site.unknown_locale` for a language the site does not have.'

  app.get(
    '/:lang/lottery/get-existing-lotteries',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'The lotteries not drawn yet',
        description: `Enabled lotteries not drawn yet (phase \`upcoming\`, \`open\` or \`closed\`), by draw time: prizes rank 1 first, tickets issued so far, the committed server seed’s hash, and \`shop_item_id\` (the shop item that sells its tickets) while sales are open. ${LANG_NOTE}`,
        params: LangParamsSchema,
        response: { 200: envelopeOf(LotteriesSchema) },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request.params.lang)
      const rows = await db
        .select()
        .from(lotteries)
        .where(and(eq(lotteries.isEnabled, true), isNull(lotteries.drawnAt)))
        .orderBy(asc(lotteries.drawAt), asc(lotteries.id))
      void reply.header('cache-control', 'no-store')
      return ok({ lotteries: await lotteryViews(db, rows, lang, new Date()) })
    },
  )

  app.get(
    '/:lang/lottery/get-recent-lotteries',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'The lotteries drawn last',
        description: `The ${RECENT_LOTTERIES} lotteries drawn last, newest first, with their seeds (server seed revealed, client seed = sha256 of the tickets’ \`<number>:<ticket id>\` lines in number order) and winners (rank, ticket number, public name: first name and initial). ${LANG_NOTE}`,
        params: LangParamsSchema,
        response: { 200: envelopeOf(LotteriesSchema) },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request.params.lang)
      const rows = await db
        .select()
        .from(lotteries)
        .where(and(eq(lotteries.isEnabled, true), isNotNull(lotteries.drawnAt)))
        .orderBy(desc(lotteries.drawnAt), desc(lotteries.id))
        .limit(RECENT_LOTTERIES)
      void reply.header('cache-control', 'no-store')
      return ok({ lotteries: await lotteryViews(db, rows, lang, new Date()) })
    },
  )

  app.get(
    '/:lang/lottery/get-player-lotteries-statuses',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'The player’s tickets and progress per lottery',
        description: `Signed in only (401 \`auth.sign_in_required\`). Per lottery the player holds tickets in, or can earn tickets in now (sales open, tickets earned by wagering): the tickets in number order with the rank each won once drawn, and \`progress\` in euros toward the next earned ticket (null when the lottery gives none, or once drawn). ${LANG_NOTE}`,
        params: LangParamsSchema,
        response: { 200: envelopeOf(PlayerLotteryStatusesSchema) },
      },
    },
    async (request, reply) => {
      languageOf(request.params.lang)
      const playerId = await requirePlayerId(request)
      const now = new Date()
      const rows = await db
        .select()
        .from(lotteries)
        .where(
          and(
            eq(lotteries.isEnabled, true),
            or(
              sql`exists (select 1 from ${lotteryTickets} t where t.lottery_id = ${lotteries.id} and t.player_id = ${playerId})`,
              and(
                isNull(lotteries.drawnAt),
                isNotNull(lotteries.ticketEveryEurMinor),
                lte(lotteries.salesOpenAt, now),
                gt(lotteries.salesCloseAt, now),
              ),
            ),
          ),
        )
        .orderBy(desc(lotteries.drawAt), desc(lotteries.id))
      const ids = rows.map((row) => row.id)
      const [tickets, progress] =
        ids.length === 0
          ? [[], []]
          : await Promise.all([
              db
                .select({
                  id: lotteryTickets.id,
                  lotteryId: lotteryTickets.lotteryId,
                  number: lotteryTickets.number,
                  source: lotteryTickets.source,
                  createdAt: lotteryTickets.createdAt,
                  wonRank: lotteryWinners.rank,
                })
                .from(lotteryTickets)
                .leftJoin(lotteryWinners, eq(lotteryWinners.ticketId, lotteryTickets.id))
                .where(
                  and(
                    eq(lotteryTickets.playerId, playerId),
                    inArray(lotteryTickets.lotteryId, ids),
                  ),
                )
                .orderBy(asc(lotteryTickets.number)),
              db
                .select()
                .from(lotteryProgress)
                .where(
                  and(
                    eq(lotteryProgress.playerId, playerId),
                    inArray(lotteryProgress.lotteryId, ids),
                  ),
                ),
            ])
      void reply.header('cache-control', 'no-store')
      return ok({
        lotteries: rows.map((row) => {
          const phase = lotteryPhase(row, now)
          const own = progress.find((entry) => entry.lotteryId === row.id)
          return {
            lottery_id: row.id,
            phase,
            tickets: tickets
              .filter((ticket) => ticket.lotteryId === row.id)
              .map((ticket) => ({
                id: ticket.id,
                number: ticket.number,
                source: ticket.source,
                created_at: ticket.createdAt.toISOString(),
                won_rank: ticket.wonRank,
              })),
            progress:
              row.ticketEveryEurMinor === null || phase === 'drawn'
                ? null
                : {
                    progress: Number(own?.progressEurMinor ?? 0n) / 100,
                    expected: Number(row.ticketEveryEurMinor) / 100,
                  },
          }
        }),
      })
    },
  )
}
