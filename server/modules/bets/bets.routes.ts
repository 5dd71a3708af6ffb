import { and, count, desc, eq, inArray } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '#db/client.ts'
import { envelopeOf, ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { requirePlayerId } from '../auth/index.ts'
import { LangParamsSchema } from '../site/index.ts'
import { fairnessSeeds } from '../originals/originals.tables.ts'
import { BetSchema } from './bets.contract.ts'
import { toWireBet } from './bet-answers.ts'
import { seedOfBet, toBetSeed } from './bet-rows.ts'
import { bets } from './bets.tables.ts'

type SeedRow = typeof fairnessSeeds.$inferSelect

const BetsQuerySchema = z.object({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(0).max(100_000).default(0).describe('Zero-based'),
  game: z.string().max(60).optional(),
})

async function seedsById(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, SeedRow>()
  const rows = await db.select().from(fairnessSeeds).where(inArray(fairnessSeeds.id, ids))
  return new Map(rows.map((row) => [row.id, row]))
}

/** The player's bets of every game (`/{locale}/player/bets`) and one of them with its proof. */
export const betHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database
  const tags = ['games']

  app.get(
    '/games/originals/bets/:id',
    {
      schema: {
        tags,
        summary: 'One of the player’s bets with its fairness proof',
        description:
          'The bet, its seed pair’s hash, client seed and nonce, and the server seed once the pair was rotated. 404 for another player’s bet.',
        params: z.object({ id: z.uuid() }),
        response: { 200: envelopeOf(BetSchema) },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const [bet] = await db
        .select()
        .from(bets)
        .where(and(eq(bets.id, request.params.id), eq(bets.playerId, playerId)))
      if (!bet) throw new AppError('games.bet_not_found')
      void reply.header('cache-control', 'no-store')
      return ok(toWireBet(bet, await seedOfBet(db, bet)))
    },
  )

  app.get(
    '/:lang/player/bets',
    {
      schema: {
        tags,
        summary: "The signed-in player's bets",
        description: 'Newest first, `pageSize` per page from page 0, optionally one `game`.',
        params: LangParamsSchema,
        querystring: BetsQuerySchema,
        response: {
          200: envelopeOf(z.object({ bets: z.array(BetSchema), total: z.number().int() })),
        },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const { pageSize, page, game } = request.query
      const where = and(eq(bets.playerId, playerId), game ? eq(bets.game, game) : undefined)
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(bets)
          .where(where)
          .orderBy(desc(bets.createdAt), desc(bets.id))
          .limit(pageSize)
          .offset(page * pageSize),
        db.select({ value: count() }).from(bets).where(where),
      ])
      const seeds = await seedsById(db, [...new Set(rows.flatMap((row) => row.seedId ?? []))])
      void reply.header('cache-control', 'no-store')
      return ok({
        bets: rows.map((row) => {
          const seed = row.seedId ? seeds.get(row.seedId) : undefined
          return toWireBet(row, seed && toBetSeed(seed))
        }),
        total: total?.value ?? 0,
      })
    },
  )
}
