import { and, count, desc, eq, inArray } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '#db/client.ts'
import { envelopeOf, ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { parseMinor } from '#common/money.ts'
import { requirePlayerId } from '#server/modules/auth/index.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import { LangParamsSchema } from '#server/modules/site/index.ts'
import {
  answerPlacedBet,
  BetSchema,
  DiceBetBodySchema,
  DiceBetResponseSchema,
  RotateSeedBodySchema,
  RotateSeedResponseSchema,
  SeedPairResponseSchema,
  toWireBet,
} from '../bets/index.ts'
import { bets } from '../bets/bets.tables.ts'
import { fairnessSeeds } from './originals.tables.ts'
import { placeDiceBet } from './place-dice-bet.ts'
import { activeSeedPair, rotateSeedPair, serverSeedOf } from './seeds.ts'
import { seedOfBet, toBetSeed } from '../bets/index.ts'
import type { WinCaps } from '../bets/index.ts'

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

/** The Originals' calls (decisions §5) and the spec's bet history (§7 `/{locale}/player/bets`). */
export const gameRoutes: FastifyPluginAsyncZod<{
  bus: EventBus
  secretBox: SecretBox
  winCaps: WinCaps
}> = async (app, { bus, secretBox, winCaps }) => {
  const { db } = app.database
  const tags = ['games']

  app.post(
    '/games/originals/dice/bet',
    {
      config: { countryCheck: 'play' },
      schema: {
        tags,
        summary: 'Place a real-money Dice bet',
        description:
          'Rolls 0.00–99.99 from the player’s seed pair (HMAC-SHA256, decisions §5); wins when the roll is over or under `target` (hundredths). Pays 99 % of the fair odds, at most the maximum win per bet (`uncapped_win` then says what the roll was worth). The stake and the win move through the ledger in one transaction; the same `client_request_id` twice answers the first bet. 409 `games.insufficient_funds` when the stake exceeds the cash, `limits.wager_exceeded` / `limits.loss_exceeded` when the player’s own limits leave no room (nothing moves); 400 for stakes out of range or with a bad line.',
        body: DiceBetBodySchema,
        response: { 200: DiceBetResponseSchema },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(request)
      const stakeMinor = parseMinor(request.body.amount) ?? 0n
      const { currency } = request.body
      const placed = await placeDiceBet(db, secretBox, await loadRates(db), {
        playerId,
        currency,
        stakeMinor,
        maxWinMinor: (await winCaps.current())(currency),
        bet: { target: request.body.target, direction: request.body.direction },
        clientRequestId: request.body.client_request_id,
      })
      return answerPlacedBet(db, bus, request.log, playerId, placed)
    },
  )

  app.get(
    '/games/originals/seeds',
    {
      schema: {
        tags,
        summary: "The player's active seed pair",
        description: 'The SHA-256 of the secret server seed, the client seed and the next nonce.',
        response: { 200: SeedPairResponseSchema },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const seed = await activeSeedPair(db, secretBox, playerId)
      void reply.header('cache-control', 'no-store')
      return ok({
        server_seed_hash: seed.serverSeedHash,
        client_seed: seed.clientSeed,
        nonce: seed.nextNonce,
      })
    },
  )

  app.post(
    '/games/originals/seeds/rotate',
    {
      schema: {
        tags,
        summary: 'Reveal the server seed and start a new pair',
        description:
          'Ends the active pair, answers its server seed (so every bet it made can be verified) and starts a new one with `client_seed` or a random client seed. 409 `games.mines_round_active` while a Mines round is in play on the pair.',
        body: RotateSeedBodySchema,
        response: { 200: RotateSeedResponseSchema },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(request)
      const { ended, current } = await rotateSeedPair(
        db,
        secretBox,
        playerId,
        request.body.client_seed,
      )
      return ok({
        revealed: ended
          ? {
              server_seed: serverSeedOf(secretBox, ended),
              server_seed_hash: ended.serverSeedHash,
              client_seed: ended.clientSeed,
              nonce: ended.nextNonce,
            }
          : null,
        current: {
          server_seed_hash: current.serverSeedHash,
          client_seed: current.clientSeed,
          nonce: current.nextNonce,
        },
      })
    },
  )

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
        summary: "The signed-in player's bets (spec §7)",
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
