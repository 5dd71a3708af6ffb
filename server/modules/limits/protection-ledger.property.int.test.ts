import { randomUUID } from 'node:crypto'
import { and, eq, gt, inArray, or } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import {
  FACTORY_PASSWORD,
  completeProfile,
  createPlayer,
  signIn,
  type SignedInClient,
} from '#tests/factories/players.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { cardDeposit } from '#tests/factories/bonuses.ts'
import {
  createTask,
  drainDepsOf,
  drainOnce,
  everyLocale,
  forgetEngagementContent,
  insertBet,
  shippedWording,
} from '#tests/helpers/engagement.ts'
import { createTournament } from '#tests/helpers/tournaments.ts'
import { providerCall } from '#tests/helpers/provider-api.ts'
import { safeTile } from '#tests/helpers/mines.ts'
import { payWeeklyCashback, previousWeekKey, takeBreak } from '#tests/helpers/protection.ts'
import { seedGameId } from '#db/seed/games.ts'
import type { Db } from '#db/client.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import {
  checkBooks,
  COIN,
  inLedgerTransaction,
  postTransfer,
} from '#server/modules/ledger/index.ts'
import { ledgerAccounts, ledgerTransfers } from '#server/modules/ledger/ledger.tables.ts'
import { insertNotification } from '#server/modules/notifications/index.ts'
import { bets } from '#server/modules/bets/bets.tables.ts'
import { playerLoyalty } from '#server/modules/engagement/engagement.tables.ts'
import { liveRounds } from '#server/modules/live/live.tables.ts'
import {
  lootboxes,
  playerLootboxes,
  playerWheels,
  shopItems,
  wheels,
} from '#server/modules/rewards/rewards.tables.ts'
import { createLaunchToken, grantFreeSpins } from '#server/modules/studios/index.ts'

// The property the regulators ask for: whatever a timed-out or self-excluded player (or anything
// on their behalf: the engagement engine, the cashback job) does, their ledger changes only by
// withdrawals and by the returns of bets staked before the break (a Mines cash-out, a studio's
// win or rollback). Random sequences of every call that moves money toward play, through the real
// calls; after each sequence the player's transfers since the break are classified by code.

const RUNS = 40
/** Each run signs a player in and stakes bets before its break: more than the default 30 s. */
const PROPERTY_TIMEOUT_MS = 180_000

let t: TestApp
const db = (): Db => t.database.db

let lootboxId: number
let shopItemId: number
let tournamentId: number
let wheelId: number

beforeAll(async () => {
  t = await buildTestApp()
  for (const game of ['crash', 'live_roulette'] as const) {
    await db()
      .insert(liveRounds)
      .values({
        id: uuidv7(),
        game,
        number: 1,
        roundHash: 'test',
        bettingEndsAt: new Date(Date.now() + 60 * 60_000),
      })
  }
  const [box] = await db()
    .insert(lootboxes)
    .values({
      slug: `test-box-${randomUUID().slice(0, 8)}`,
      texts: everyLocale({ title: 'Box', text: 'Open it', imageAlt: 'A box' }),
      imageUrl: '/lootboxes/bronze.svg',
      validDays: 7,
    })
    .returning()
  if (!box) throw new Error('no lootbox')
  lootboxId = box.id
  const [item] = await db()
    .insert(shopItems)
    .values({
      slug: `item-${randomUUID().slice(0, 8)}`,
      kind: 'lootbox',
      prize: { kind: 'lootbox', lootboxId },
      priceCoinsMinor: 1_00n,
      texts: everyLocale({ title: 'Item', text: 'Buy it', imageAlt: 'Item' }),
      imageUrl: '/shop/test.svg',
    })
    .returning()
  if (!item) throw new Error('no item')
  shopItemId = item.id
  tournamentId = (await createTournament(db(), { entryFeeKind: 'coins', entryFeeMinor: 1_00n })).id
  const [wheel] = await db()
    .select({ id: wheels.id })
    .from(wheels)
    .where(eq(wheels.isEnabled, true))
  if (!wheel) throw new Error('the seed offers no wheel')
  wheelId = wheel.id
  // A quest whose task any bet finishes, paying coins: the engine would pay a player not barred.
  await createTask(db(), { rewardCoinsMinor: 5_00n, triggers: [{ expected: 1n }] })
  forgetEngagementContent(db())
  await t.app.bus.publish('rewards.content.changed', {})
  await t.app.bus.publish('tournaments.content.changed', {})
})

const OPERATIONS = [
  'dice',
  'slots',
  'roulette',
  'mines_start',
  'crash',
  'live_roulette',
  'studio_bet',
  'free_round',
  'deposit',
  'deposit_with_bonus',
  'bonus_code',
  'wheel_spin',
  'lootbox_open',
  'shop_buy',
  'tournament_join',
  'engine_drain',
  'cashback',
  'withdrawal',
  'mines_cashout',
  'studio_win',
  'studio_rollback',
] as const
type Operation = (typeof OPERATIONS)[number]

/** What a barred player's ledger may show: a withdrawal held, and what returns a pending bet. */
const ALLOWED_CODES = new Set(['withdrawal_hold', 'win', 'bet_refund'])

interface Run {
  playerId: string
  client: SignedInClient
  minesRoundId: string
  session: { session: string; player_id: string }
  /** Studio bets staked before the break: one round to win, one bet to roll back. */
  winRound: string
  rollbackBet: { transactionId: string; roundId: string }
  freeRoundId: string
  lootboxId: string
}

const post = (client: SignedInClient, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: client.headers, ...(payload && { payload }) })

const request = () => ({ currency: 'EUR', client_request_id: randomUUID() })

/** A player with money, coins, pending bets and rewards waiting, then a break. */
async function barredPlayer(kind: 'time_out' | 'self_exclusion'): Promise<Run> {
  const player = await createPlayer(db())
  await completeProfile(db(), player.id)
  await fundPlayer(db(), player.id, 'EUR', 200_00n)
  await inLedgerTransaction(db(), (tx) =>
    postTransfer(tx, {
      idempotencyKey: `test-coins:${randomUUID()}`,
      code: 'coins_award',
      debit: { system: 'rewards_expense', currency: COIN, shardKey: player.id },
      credit: { playerId: player.id, kind: 'cash', currency: COIN },
      amountMinor: 50_00n,
    }),
  )
  const client = await signIn(t.app, player)
  const mines = await post(client, '/games/originals/mines/start', {
    ...request(),
    amount: '100',
    mines: 3,
  })
  expect(mines.statusCode, mines.body).toBe(200)
  const { token } = await createLaunchToken(db(), {
    playerId: player.id,
    gameId: seedGameId('starlight-spins'),
    currency: 'EUR',
  })
  const session = (await providerCall(t.app, 'authenticate', { token })).json<{
    session: string
    player_id: string
  }>()
  const stake = async () => {
    const ids = { transactionId: `tx-${randomUUID()}`, roundId: `round-${randomUUID()}` }
    const answer = await providerCall(t.app, 'bet', {
      ...session,
      currency: 'EUR',
      amount: '100',
      transaction_id: ids.transactionId,
      round_id: ids.roundId,
    })
    expect(answer.statusCode, answer.body).toBe(200)
    return ids
  }
  const winRound = (await stake()).roundId
  const rollbackBet = await stake()
  const freeRoundId = await inLedgerTransaction(db(), (tx) =>
    grantFreeSpins(tx, {
      playerId: player.id,
      gameId: seedGameId('starlight-spins'),
      currency: 'EUR',
      spins: 3,
      stakeMinor: 100n,
      key: `prize:test:${randomUUID()}`,
      now: new Date(),
      notify: insertNotification,
      wording: shippedWording,
    }),
  )
  if (!freeRoundId) throw new Error('no free round')
  await db().insert(playerWheels).values({ playerId: player.id, wheelId, spinsAvailable: 3 })
  const [box] = await db()
    .insert(playerLootboxes)
    .values({
      id: randomUUID(),
      playerId: player.id,
      lootboxId,
      sourceKey: `test:${randomUUID()}`,
      expiredAt: new Date(Date.now() + 86_400_000),
    })
    .returning()
  if (!box) throw new Error('no lootbox')
  // A VIP player with a loss last week: the cashback job would pay them.
  await db().insert(playerLoyalty).values({ playerId: player.id, pointsMinor: 600_00n, level: 3 })
  const lastWeek = new Date(Date.now() - 7 * 86_400_000)
  await db().insert(bets).values({
    id: uuidv7(),
    playerId: player.id,
    game: 'dice',
    round: 'test',
    currency: 'EUR',
    stakeMinor: 100_00n,
    payoutMinor: 0n,
    multiplierBp: 0,
    clientRequestId: randomUUID(),
    outcome: {},
    createdAt: lastWeek,
  })
  await takeBreak(db(), player.id, kind, kind === 'time_out' ? '1w' : '6m')
  return {
    playerId: player.id,
    client,
    minesRoundId: mines.json<{ data: { round: { id: string } } }>().data.round.id,
    session,
    winRound,
    rollbackBet,
    freeRoundId,
    lootboxId: box.id,
  }
}

/** Does one operation; every answer must be a refusal or a success, never a server error. */
async function perform(run: Run, operation: Operation): Promise<number> {
  const { client } = run
  const studio = (name: string, body: Record<string, unknown>) =>
    providerCall(t.app, name, { ...run.session, ...body })
  switch (operation) {
    case 'dice':
      return (
        await post(client, '/games/originals/dice/bet', {
          ...request(),
          amount: '100',
          target: 5000,
          direction: 'under',
        })
      ).statusCode
    case 'slots':
      return (await post(client, '/games/originals/slots/spin', { ...request(), amount: '100' }))
        .statusCode
    case 'roulette':
      return (
        await post(client, '/games/originals/roulette/spin', {
          ...request(),
          bets: [{ kind: 'red', amount: '100' }],
        })
      ).statusCode
    case 'mines_start':
      return (
        await post(client, '/games/originals/mines/start', {
          ...request(),
          amount: '100',
          mines: 3,
        })
      ).statusCode
    case 'crash':
      return (await post(client, '/games/live/crash/bet', { ...request(), amount: '100' }))
        .statusCode
    case 'live_roulette':
      return (
        await post(client, '/games/live/live_roulette/bet', {
          ...request(),
          bets: [{ kind: 'red', amount: '100' }],
        })
      ).statusCode
    case 'studio_bet':
    case 'free_round':
      return (
        await studio('bet', {
          currency: 'EUR',
          amount: '100',
          transaction_id: `tx-${randomUUID()}`,
          round_id: `round-${randomUUID()}`,
          ...(operation === 'free_round' && { free_round_id: run.freeRoundId }),
        })
      ).statusCode
    case 'deposit':
    case 'deposit_with_bonus':
      return (
        await cardDeposit(
          t.app,
          client.headers,
          '2500',
          operation === 'deposit_with_bonus' ? 'first' : undefined,
        )
      ).statusCode
    case 'bonus_code':
      return (await post(client, '/bonus/activate-code', { code: 'first' })).statusCode
    case 'wheel_spin':
      return (
        await t.app.inject({
          method: 'GET',
          url: '/en/fortune-wheel/spin',
          headers: client.headers,
        })
      ).statusCode
    case 'lootbox_open':
      return (await post(client, `/en/lootbox/player/claim/${run.lootboxId}`)).statusCode
    case 'shop_buy':
      return (
        await post(client, '/en/shop/purchase', {
          item_id: shopItemId,
          idempotency_key: randomUUID(),
        })
      ).statusCode
    case 'tournament_join':
      return (await post(client, `/tournaments/${String(tournamentId)}/join`, {})).statusCode
    case 'engine_drain': {
      // A bet of the player reaches the engine (as a settled bet would), then it runs.
      await insertBet(db(), run.playerId)
      const deps = drainDepsOf(db(), t.app.bus)
      for (let pass = 0; pass < 5 && (await drainOnce(deps)).taken > 0; pass++);
      return 200
    }
    case 'cashback':
      await payWeeklyCashback(
        { db: db(), bus: t.app.bus, site: t.app.site },
        previousWeekKey(new Date()),
      )
      return 200
    case 'withdrawal':
      return (
        await post(client, '/payment/withdraw', {
          method_id: 'bank_transfer',
          currency: 'EUR',
          amount: '2000',
          fields: { iban: 'DE89370400440532013000', holder: 'Robin Tester' },
          idempotency_key: randomUUID(),
          password: FACTORY_PASSWORD,
        })
      ).statusCode
    case 'mines_cashout': {
      const tile = await safeTile(db(), run.minesRoundId)
      const revealed = await post(client, '/games/originals/mines/reveal', {
        round_id: run.minesRoundId,
        tile,
      })
      if (revealed.statusCode !== 200) return revealed.statusCode
      return (await post(client, '/games/originals/mines/cashout', { round_id: run.minesRoundId }))
        .statusCode
    }
    case 'studio_win':
      return (
        await studio('win', {
          currency: 'EUR',
          amount: '150',
          transaction_id: `win-${randomUUID()}`,
          round_id: run.winRound,
        })
      ).statusCode
    case 'studio_rollback':
      return (
        await studio('rollback', {
          transaction_id: `rb-${randomUUID()}`,
          bet_transaction_id: run.rollbackBet.transactionId,
          round_id: run.rollbackBet.roundId,
        })
      ).statusCode
  }
}

/** The player's transfers (cash, bonus, held, coins) written after `since`. */
async function transfersSince(playerId: string, since: Date) {
  const accounts = await db()
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.playerId, playerId))
  const ids = accounts.map((account) => account.id)
  return db()
    .select({ code: ledgerTransfers.code, currency: ledgerTransfers.currency })
    .from(ledgerTransfers)
    .where(
      and(
        gt(ledgerTransfers.createdAt, since),
        or(
          inArray(ledgerTransfers.debitAccountId, ids),
          inArray(ledgerTransfers.creditAccountId, ids),
        ),
      ),
    )
}

describe('a barred player’s ledger (property)', () => {
  it(
    'moves only by withdrawals and the returns of bets staked before the break',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('time_out' as const, 'self_exclusion' as const),
          fc.array(fc.constantFrom(...OPERATIONS), { minLength: 1, maxLength: 10 }),
          async (kind, operations) => {
            const run = await barredPlayer(kind)
            const since = new Date()
            for (const operation of operations) {
              const status = await perform(run, operation)
              expect(status, operation).toBeLessThan(500)
            }
            const codes = (await transfersSince(run.playerId, since)).map(
              (transfer) => transfer.code,
            )
            expect(codes.filter((code) => !ALLOWED_CODES.has(code))).toEqual([])
            // One bet to roll back, one Mines round to cash out (a studio may pay a round often).
            expect(codes.filter((code) => code === 'bet_refund').length).toBeLessThanOrEqual(1)
            const books = await checkBooks(db())
            expect(books.isBalanced, JSON.stringify(books)).toBe(true)
          },
        ),
        { numRuns: RUNS },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )
})
