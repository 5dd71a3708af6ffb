import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { parseMinor } from '#common/money.ts'
import { requirePlayerId } from '#server/modules/auth/index.ts'
import { loadRates, publishWalletEntry, type WalletEntry } from '#server/modules/wallet/index.ts'
import { ONE_X_BP, type LiveGame } from '#common/live-rules.ts'
import { hashRepeated } from './chain.ts'
import {
  cashOutCrashBet,
  liveRoundProof,
  liveState,
  placeCrashBet,
  placeLiveRouletteBet,
  type PlacedLiveBet,
} from './live-bets.ts'
import {
  CrashBetBodySchema,
  CrashCashoutBodySchema,
  LiveBetResponseSchema,
  LiveGameSchema,
  LiveRoundProofResponseSchema,
  LiveRouletteBetBodySchema,
  LiveStateResponseSchema,
} from './live.contract.ts'
import type { LiveTimings } from './live-timings.ts'
import { toWireLiveBet, toWireRound, type LiveBetRow } from './live-wire.ts'
import type { WinCaps } from '../bets/index.ts'
import { announceWagering } from '#server/modules/bonuses/index.ts'

const BET_ERRORS =
  '409 `games.live_betting_closed` after the betting window, `games.insufficient_funds` above cash and bonus money, `wagering.max_bet` above an active bonus’s maximum bet, `limits.wager_exceeded` / `limits.loss_exceeded` over the player’s own limits (nothing moves), `games.currency_not_current` in another currency; 400 for stakes out of range. The same `client_request_id` twice answers the first bet and moves nothing.'

/**
 * The live games' calls (docs/decisions/005-games.md "Live rounds"). Rounds are run
 * by the round engine (`live-engine.ts`) on whichever instance holds its lease; these calls take
 * bets and cash-outs on any instance and tell the room over the domain-event bus.
 */
export const liveRoutes: FastifyPluginAsyncZod<{
  bus: EventBus
  timings: LiveTimings
  winCaps: WinCaps
}> = async (app, { bus, timings, winCaps }) => {
  const { db } = app.database
  // The site's catalogue per locale, for a completed bonus's notice in the player's words.
  const messages = (locale: string) => app.site.messages(locale)
  const tags = ['live games']

  const tell = async (game: LiveGame, bet: LiveBetRow, wallet: WalletEntry | null) => {
    try {
      await bus.publish('live.bet', { game, bet: toWireLiveBet(bet, game) })
      if (wallet) await publishWalletEntry(bus, bet.playerId, wallet)
    } catch (error) {
      app.log.warn({ err: error, liveBetId: bet.id }, 'live bet taken but not announced')
    }
  }

  const answer = async (game: LiveGame, placed: PlacedLiveBet) => {
    if (placed.isNew) {
      await tell(game, placed.bet, placed.wallet)
      await announceWagering({ bus, log: app.log, db, messages }, placed.wagering)
    }
    return ok({
      bet: toWireLiveBet(placed.bet, game),
      wallet: placed.isNew ? placed.wallet : null,
    })
  }

  app.get(
    '/games/live/:game/state',
    {
      schema: {
        tags,
        summary: 'A live game as a screen opens it',
        description:
          'The round in play (or the last one), its bets, the last 20 results with their hashes, the chain’s terminal hash and the timings. Open to visitors. Then `live:join {game}` on the socket brings `liveRound` and `liveBet` events.',
        params: z.object({ game: LiveGameSchema }),
        response: { 200: LiveStateResponseSchema },
      },
    },
    async (request, reply) => {
      const { game } = request.params
      const playerId = (await request.session())?.playerId
      const state = await liveState(db, game)
      void reply.header('cache-control', 'no-store')
      return ok({
        game,
        round: state.round ? toWireRound(state.round) : null,
        bets: state.bets.map((bet) => toWireLiveBet(bet, game)),
        my_bet_ids: state.bets.filter((bet) => bet.playerId === playerId).map((bet) => bet.id),
        history: state.history.map(toWireRound),
        terminal_hash: state.chain?.terminalHash ?? null,
        chain_length: state.chain?.length ?? null,
        timings: {
          betting_ms: timings.bettingMs,
          crash_doubling_ms: timings.crashDoublingMs,
          roulette_spin_ms: timings.rouletteSpinMs,
          result_pause_ms: timings.resultPauseMs,
        },
        server_time: new Date().toISOString(),
      })
    },
  )

  app.get(
    '/games/live/:game/rounds/:number',
    {
      schema: {
        tags,
        summary: 'One live round with its proof',
        description:
          'The round; once it has ended, its hash (which decided the result: HMAC-SHA256(hash, `game:number:0`)) and the previous round’s hash, its SHA-256. SHA-256 applied `number` times to the hash gives `terminal_hash`, published before the first round.',
        params: z.object({ game: LiveGameSchema, number: z.coerce.number().int().min(1) }),
        response: { 200: LiveRoundProofResponseSchema },
      },
    },
    async (request) => {
      const { game, number } = request.params
      const proof = await liveRoundProof(db, game, number)
      if (!proof) throw new AppError('games.live_round_not_found')
      const round = toWireRound(proof.round)
      return ok({
        round,
        terminal_hash: proof.chain.terminalHash,
        chain_length: proof.chain.length,
        previous_hash: round.round_hash ? hashRepeated(round.round_hash, 1) : null,
      })
    },
  )

  app.post(
    '/games/live/crash/bet',
    {
      config: { countryCheck: 'play' },
      schema: {
        tags,
        summary: 'Bet on the Crash round taking bets',
        description: `One bet per player and round; the stake leaves the wallet now. \`auto_cashout\` (hundredths) cashes out by itself when the multiplier reaches it. ${BET_ERRORS} 409 \`games.live_bet_exists\` for a second bet on the round.`,
        body: CrashBetBodySchema,
        response: { 200: LiveBetResponseSchema },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(request)
      const { amount, currency, auto_cashout, client_request_id } = request.body
      const placed = await placeCrashBet(db, await loadRates(db), {
        playerId,
        currency,
        stakeMinor: parseMinor(amount) ?? 0n,
        clientRequestId: client_request_id,
        autoCashoutBp: typeof auto_cashout === 'number' ? auto_cashout * (ONE_X_BP / 100) : null,
      })
      return answer('crash', placed)
    },
  )

  app.post(
    '/games/live/crash/cashout',
    {
      schema: {
        tags,
        summary: 'Cash a Crash bet out now',
        description:
          'Pays the stake × the multiplier the round shows now (2^(elapsed ÷ `crash_doubling_ms`), by the server’s clock), or × the automatic cash-out when that is lower, at most the maximum win per bet (`uncapped_win` then says what it was worth). 409 `games.live_round_over` after the crash, `games.live_round_not_started` while bets are taken; a second cash-out answers the first.',
        body: CrashCashoutBodySchema,
        response: { 200: LiveBetResponseSchema },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(request)
      const cashed = await cashOutCrashBet(db, {
        playerId,
        betId: request.body.bet_id,
        doublingMs: timings.crashDoublingMs,
        maxWinOf: await winCaps.current(),
      })
      if (cashed.isNew) await tell('crash', cashed.bet, cashed.wallet)
      return ok({ bet: toWireLiveBet(cashed.bet, 'crash'), wallet: cashed.wallet })
    },
  )

  app.post(
    '/games/live/live_roulette/bet',
    {
      config: { countryCheck: 'play' },
      schema: {
        tags,
        summary: 'Chips on the Live Roulette round taking bets',
        description: `European single zero, the same bets as the Original (straight 36×, red/black, odd/even, low/high 2×, dozens and columns 3×): each chip at least the minimum, their sum at most the maximum. Several bets per round are allowed; together they stake at most the maximum (409 \`games.live_round_stake_above_max\` says what is left). ${BET_ERRORS}`,
        body: LiveRouletteBetBodySchema,
        response: { 200: LiveBetResponseSchema },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(request)
      const { currency, bets, client_request_id } = request.body
      const placed = await placeLiveRouletteBet(db, await loadRates(db), {
        playerId,
        currency,
        clientRequestId: client_request_id,
        chips: bets.map(({ kind, value, amount }) => ({
          bet: value === undefined ? { kind } : { kind, value },
          stakeMinor: parseMinor(amount) ?? 0n,
        })),
      })
      return answer('live_roulette', placed)
    },
  )
}
