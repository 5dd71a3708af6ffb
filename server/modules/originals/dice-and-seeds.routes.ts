import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ok } from '#server/lib/envelope.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { parseMinor } from '#common/money.ts'
import { requirePlayerId } from '../auth/index.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import {
  DiceBetBodySchema,
  DiceBetResponseSchema,
  RotateSeedBodySchema,
  RotateSeedResponseSchema,
  SeedPairResponseSchema,
  answerPlacedBet,
  type WinCaps,
} from '../bets/index.ts'
import { placeDiceBet } from './place-dice-bet.ts'
import { announceWagering } from '#server/modules/bonuses/index.ts'
import { activeSeedPair, rotateSeedPair, serverSeedOf } from './seeds.ts'

/** Dice's bet and the player's seed pair (see it, rotate it). */
export const diceAndSeedRoutes: FastifyPluginAsyncZod<{
  bus: EventBus
  secretBox: SecretBox
  winCaps: WinCaps
}> = async (app, { bus, secretBox, winCaps }) => {
  const { db } = app.database
  // The site's catalogue per locale, for a completed bonus's notice in the player's words.
  const messages = (locale: string) => app.site.messages(locale)
  const tags = ['games']

  app.post(
    '/games/originals/dice/bet',
    {
      config: { countryCheck: 'play' },
      schema: {
        tags,
        summary: 'Place a real-money Dice bet',
        description:
          'Rolls 0.00–99.99 from the player’s seed pair (HMAC-SHA256); wins when the roll is over or under `target` (hundredths). Pays 99 % of the fair odds, at most the maximum win per bet (`uncapped_win` then says what the roll was worth). The stake and the win move through the ledger in one transaction; the same `client_request_id` twice answers the first bet. 409 `games.insufficient_funds` when cash and bonus money do not cover the stake (real money is staked first), `wagering.max_bet` above an active bonus’s maximum bet, `limits.wager_exceeded` / `limits.loss_exceeded` when the player’s own limits leave no room (nothing moves); 400 for stakes out of range or with a bad line.',
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
      const answer = await answerPlacedBet(db, bus, request.log, playerId, placed)
      await announceWagering({ bus, log: request.log, db, messages }, placed.wagering)
      return answer
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
}
