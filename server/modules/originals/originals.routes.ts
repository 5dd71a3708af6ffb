import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelopeOf, ok } from '#server/lib/envelope.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { isCurrencyCode, parseMinor } from '#common/money.ts'
import { requirePlayerId } from '#server/modules/auth/index.ts'
import {
  AmountInputSchema,
  CurrencySchema,
  MinorAmountSchema,
  WalletEntrySchema,
  loadRates,
  walletEntry,
} from '#server/modules/wallet/index.ts'
import {
  announce,
  answerPlacedBet,
  BetSchema,
  ClientRequestIdSchema,
  DiceBetResponseSchema,
  toWireBet,
} from '../bets/index.ts'
import {
  activeMinesRound,
  cashOutMinesRound,
  minesRoundOf,
  revealMinesTile,
  startMinesRound,
  type MinesRoundView,
} from './mines-round.ts'
import { MINES_TILES, minesMultiplierBp, minesPayout } from './engines/mines.ts'
import { ROULETTE_MAX_BETS } from '#common/originals-rules.ts'
import { placeRouletteBet } from './place-roulette-bet.ts'
import { placeSlotsBet } from './place-slots-bet.ts'
import type { PlacedInstantBet } from './instant-bets.ts'
import { announceWagering } from '#server/modules/bonuses/index.ts'
import { capWin, type MaxWinOf, type WinCaps } from '../bets/index.ts'

export const SlotsSpinBodySchema = z.object({
  amount: AmountInputSchema.describe('The stake for all 10 lines, minor units of `currency`'),
  currency: CurrencySchema.describe("The player's current wallet currency"),
  client_request_id: ClientRequestIdSchema,
})

export const RouletteBetSchema = z.object({
  kind: z.enum(['straight', 'red', 'black', 'even', 'odd', 'low', 'high', 'dozen', 'column']),
  value: z
    .number()
    .int()
    .min(0)
    .max(36)
    .optional()
    .describe('straight: the number 0–36; dozen and column: 1–3'),
  amount: AmountInputSchema.describe('This chip’s stake, minor units'),
})

export const RouletteSpinBodySchema = z.object({
  currency: CurrencySchema.describe("The player's current wallet currency"),
  bets: z.array(RouletteBetSchema).min(1).max(ROULETTE_MAX_BETS),
  client_request_id: ClientRequestIdSchema,
})

export const MinesStartBodySchema = z.object({
  amount: AmountInputSchema.describe('The stake, minor units of `currency`'),
  currency: CurrencySchema.describe("The player's current wallet currency"),
  mines: z.number().int().min(1).max(24),
  client_request_id: ClientRequestIdSchema,
})

const RoundIdSchema = z.uuid()

export const MinesRoundSchema = z.object({
  id: z.string(),
  status: z.enum(['active', 'busted', 'cashed_out']),
  currency: z.string(),
  stake: MinorAmountSchema,
  mines: z.number().int(),
  revealed: z.array(z.number().int()).describe('Tiles opened so far, in order (0–24, row by row)'),
  multiplier: z.string().describe('What a cash-out now pays ÷ stake'),
  cashout: MinorAmountSchema.describe(
    'What a cash-out now pays, minor units (0 before a tile), at most the maximum win per bet',
  ),
  next_multiplier: z.string().nullable().describe('The multiplier after one more safe tile'),
  mine_positions: z
    .array(z.number().int())
    .nullable()
    .describe('Where the mines lie: only once the round has ended'),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
  bet: BetSchema.nullable().describe('The settled bet, once the round has ended'),
})
export type WireMinesRound = z.infer<typeof MinesRoundSchema>

const MinesResponseSchema = envelopeOf(
  z.object({ round: MinesRoundSchema, wallet: WalletEntrySchema.nullable() }),
)

const multiplierText = (bp: number) => (bp / 10_000).toFixed(2)

function toWireRound(view: MinesRoundView, maxWinOf: MaxWinOf): WireMinesRound {
  const { round, seed } = view
  const safe =
    round.status === 'busted' ? Math.max(0, round.revealed.length - 1) : round.revealed.length
  const isActive = round.status === 'active'
  const cashout =
    round.status === 'busted'
      ? 0n
      : safe === 0
        ? 0n
        : capWin(
            minesPayout(round.stakeMinor, round.mines, safe),
            isCurrencyCode(round.currency) ? maxWinOf(round.currency) : 0n,
          ).payoutMinor
  return {
    id: round.id,
    status: round.status,
    currency: round.currency,
    stake: round.stakeMinor.toString(),
    mines: round.mines,
    revealed: round.revealed,
    multiplier: multiplierText(
      round.status === 'busted' ? 0 : minesMultiplierBp(round.mines, safe),
    ),
    cashout: cashout.toString(),
    next_multiplier:
      isActive && safe < MINES_TILES - round.mines
        ? multiplierText(minesMultiplierBp(round.mines, safe + 1))
        : null,
    mine_positions: view.minePositions,
    server_seed_hash: seed.serverSeedHash,
    client_seed: seed.clientSeed,
    nonce: round.nonce,
    bet: view.bet ? toWireBet(view.bet, seed) : null,
  }
}

/**
 * The real-money Slots, European Roulette and Mines (issue 6), placed exactly like
 * Dice (`place-dice-bet.ts`): stake and win in one ledger transaction with the bet row.
 */
export const originalsRoutes: FastifyPluginAsyncZod<{
  bus: EventBus
  secretBox: SecretBox
  winCaps: WinCaps
}> = async (app, { bus, secretBox, winCaps }) => {
  const { db } = app.database
  // The site's catalogue per locale, for a completed bonus's notice in the player's words.
  const messages = (locale: string) => app.site.messages(locale)
  const tags = ['games']

  const answerPlaced = async (
    playerId: string,
    placed: PlacedInstantBet,
    log: FastifyBaseLogger,
  ) => {
    const answer = await answerPlacedBet(db, bus, log, playerId, placed)
    await announceWagering({ bus, log, db, messages }, placed.wagering)
    return answer
  }

  app.post(
    '/games/originals/slots/spin',
    {
      config: { countryCheck: 'play' },
      schema: {
        tags,
        summary: 'Spin the real-money Slots',
        description:
          '5 reels × 3 rows, 10 lines, the stake spread over the lines. `outcome` holds the reel `stops`, the `window` (`window[reel][row]`) and the line `wins`. The same `client_request_id` twice answers the first spin. 409 `games.insufficient_funds` when cash and bonus money do not cover the stake (real money is staked first), `wagering.max_bet` above an active bonus’s maximum bet, `limits.wager_exceeded` / `limits.loss_exceeded` when the player’s own limits leave no room (nothing moves).',
        body: SlotsSpinBodySchema,
        response: { 200: DiceBetResponseSchema },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(request)
      const { currency } = request.body
      const placed = await placeSlotsBet(db, secretBox, await loadRates(db), {
        playerId,
        currency,
        stakeMinor: parseMinor(request.body.amount) ?? 0n,
        clientRequestId: request.body.client_request_id,
        maxWinMinor: (await winCaps.current())(currency),
      })
      return answerPlaced(playerId, placed, request.log)
    },
  )

  app.post(
    '/games/originals/roulette/spin',
    {
      config: { countryCheck: 'play' },
      schema: {
        tags,
        summary: 'Spin the real-money European Roulette',
        description:
          'Up to 20 bets on one spin; the stake is their sum. Straight 36×, red/black, odd/even, low/high 2×, dozens and columns 3× (stake included). Each chip at least the minimum, the sum at most the maximum. `outcome.pocket` is 0–36. 409 `wagering.max_bet` above an active bonus’s maximum bet, `limits.wager_exceeded` / `limits.loss_exceeded` when the player’s own limits leave no room for the sum (nothing moves).',
        body: RouletteSpinBodySchema,
        response: { 200: DiceBetResponseSchema },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(request)
      const { currency } = request.body
      const placed = await placeRouletteBet(db, secretBox, await loadRates(db), {
        playerId,
        currency,
        maxWinMinor: (await winCaps.current())(currency),
        bets: request.body.bets.map(({ kind, value, amount }) => ({
          bet: { kind, ...(value !== undefined && { value }) },
          stakeMinor: parseMinor(amount) ?? 0n,
        })),
        clientRequestId: request.body.client_request_id,
      })
      return answerPlaced(playerId, placed, request.log)
    },
  )

  app.post(
    '/games/originals/mines/start',
    {
      config: { countryCheck: 'play' },
      schema: {
        tags,
        summary: 'Start a real-money Mines round',
        description:
          'Takes the stake and fixes the mines from the seed pair and nonce (they stay secret until the round ends). One round in play per player: 409 `games.mines_round_active`. 409 `wagering.max_bet` above an active bonus’s maximum bet. 409 `limits.wager_exceeded` / `limits.loss_exceeded` when the player’s own limits leave no room for the stake (nothing moves); a running round’s stake counts against the next bet.',
        body: MinesStartBodySchema,
        response: { 200: MinesResponseSchema },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(request)
      const result = await startMinesRound(db, secretBox, await loadRates(db), {
        playerId,
        currency: request.body.currency,
        stakeMinor: parseMinor(request.body.amount) ?? 0n,
        mines: request.body.mines,
        clientRequestId: request.body.client_request_id,
      })
      await announce(db, bus, request.log, playerId, result.wallet, null)
      await announceWagering({ bus, log: request.log, db, messages }, result.wagering)
      const wallet = result.wallet ?? (await walletEntry(db, playerId, result.round.currency))
      return ok({ round: toWireRound(result, await winCaps.current()), wallet })
    },
  )

  app.post(
    '/games/originals/mines/reveal',
    {
      schema: {
        tags,
        summary: 'Open a tile of the Mines round',
        description:
          'A mine ends the round lost and shows the mines; the last safe tile cashes out. 409 for a tile opened before or a round that has ended; 404 for another player’s round.',
        body: z.object({ round_id: RoundIdSchema, tile: z.number().int().min(0).max(24) }),
        response: { 200: MinesResponseSchema },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(request)
      const maxWinOf = await winCaps.current()
      const result = await revealMinesTile(db, secretBox, {
        playerId,
        roundId: request.body.round_id,
        tile: request.body.tile,
        maxWinOf,
      })
      if (result.isSettled)
        await announce(db, bus, request.log, playerId, result.wallet, result.bet)
      return ok({ round: toWireRound(result, maxWinOf), wallet: result.wallet })
    },
  )

  app.post(
    '/games/originals/mines/cashout',
    {
      schema: {
        tags,
        summary: 'Cash out the Mines round',
        description:
          'Pays the stake × the current multiplier (99 % of the fair odds), at most the maximum win per bet, and ends the round. 409 before the first tile or when the round has ended.',
        body: z.object({ round_id: RoundIdSchema }),
        response: { 200: MinesResponseSchema },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(request)
      const maxWinOf = await winCaps.current()
      const result = await cashOutMinesRound(db, secretBox, {
        playerId,
        roundId: request.body.round_id,
        maxWinOf,
      })
      await announce(db, bus, request.log, playerId, result.wallet, result.bet)
      return ok({ round: toWireRound(result, maxWinOf), wallet: result.wallet })
    },
  )

  app.get(
    '/games/originals/mines/active',
    {
      schema: {
        tags,
        summary: 'The player’s Mines round in play',
        description: 'For resuming after a reload; `round` is null when none is in play.',
        response: {
          200: envelopeOf(z.object({ round: MinesRoundSchema.nullable() })),
        },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      const view = await activeMinesRound(db, secretBox, playerId)
      void reply.header('cache-control', 'no-store')
      return ok({ round: view ? toWireRound(view, await winCaps.current()) : null })
    },
  )

  app.get(
    '/games/originals/mines/rounds/:id',
    {
      schema: {
        tags,
        summary: 'One of the player’s Mines rounds',
        description: 'The mines show once the round has ended. 404 for another player’s round.',
        params: z.object({ id: RoundIdSchema }),
        response: { 200: envelopeOf(z.object({ round: MinesRoundSchema })) },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      void reply.header('cache-control', 'no-store')
      const view = await minesRoundOf(db, secretBox, playerId, request.params.id)
      return ok({ round: toWireRound(view, await winCaps.current()) })
    },
  )
}
