import { randomUUID } from 'node:crypto'
import { and, eq, like, or } from 'drizzle-orm'
import { beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { testSecretBox, type SignedInClient } from '#tests/factories/players.ts'
import {
  eurBalancesOf,
  forfeitBonus,
  playerWithBonus as playerWithBonusOf,
} from '#tests/factories/wagering.ts'
import type { DomainEvents } from '#server/lib/event-bus.ts'
import { checkBooks, inLedgerTransaction, postTransfers } from '#server/modules/ledger/index.ts'
import { ledgerTransfers } from '#server/modules/ledger/ledger.tables.ts'
import { bets } from '#server/modules/bets/bets.tables.ts'
import type { WireBet } from '#server/modules/bets/index.ts'
import { fairnessSeeds, minesRounds } from '#server/modules/originals/originals.tables.ts'
import {
  minePositions,
  serverSeedOf,
  type WireMinesRound,
} from '#server/modules/originals/index.ts'
import type { WalletEntry } from '#server/modules/wallet/index.ts'
import { splitWin } from '#common/bonus-rules.ts'
import { playerBonuses } from './bonuses.tables.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import { lockBonusForBet, recordWagering, splitLockedStake, stakeTransfers } from './wagering.ts'

// Every Original's bets while a bonus is active (part "wagering" of issue 22), through HTTP: real
// money first, the win back the way the stake came, the maximum bet, wagering by category, and
// completion releasing the bonus money to cash exactly once. The books balance after each.

const isPostgres = inject('databaseTemplate').kind === 'postgres'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const db = () => t.database.db
const playerWithBonus = (input: Parameters<typeof playerWithBonusOf>[1]) =>
  playerWithBonusOf(t, input)
const forfeit = (playerId: string, bonusId: string, status: 'cancelled' | 'expired') =>
  forfeitBonus(db(), playerId, bonusId, status)
const balancesOf = (playerId: string) => eurBalancesOf(db(), playerId)

async function bonusOf(bonusId: string) {
  const [row] = await db().select().from(playerBonuses).where(eq(playerBonuses.id, bonusId))
  if (!row) throw new Error('no bonus')
  return row
}

/** A bet's transfers by idempotency key: amount and code. */
async function moneyOf(betId: string) {
  const rows = await db()
    .select({
      key: ledgerTransfers.idempotencyKey,
      code: ledgerTransfers.code,
      amount: ledgerTransfers.amountMinor,
    })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.reference, betId))
  return Object.fromEntries(rows.map((row) => [row.key, row.amount]))
}

async function betRow(betId: string) {
  const [row] = await db().select().from(bets).where(eq(bets.id, betId))
  if (!row) throw new Error('no bet row')
  return row
}

const expectBooksBalanced = async () => {
  const books = await checkBooks(db())
  expect(books.isBalanced, JSON.stringify(books)).toBe(true)
}

const post = (client: SignedInClient, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: client.headers, payload })

const dice = (client: SignedInClient, amount: string) =>
  post(client, '/games/originals/dice/bet', {
    amount,
    currency: 'EUR',
    target: 5000,
    direction: 'under',
    client_request_id: randomUUID(),
  })

const slots = (client: SignedInClient, amount: string, clientRequestId = randomUUID()) =>
  post(client, '/games/originals/slots/spin', {
    amount,
    currency: 'EUR',
    client_request_id: clientRequestId,
  })

const roulette = (client: SignedInClient, amount: string) =>
  post(client, '/games/originals/roulette/spin', {
    currency: 'EUR',
    bets: [{ kind: 'red', amount }],
    client_request_id: randomUUID(),
  })

type BetAnswer = { data: { bet: WireBet; wallet: WalletEntry } }

describe('a one-step Original while a bonus is active', () => {
  it('Dice: takes real money first, then bonus money; the win goes back the way the stake came; 10 % counts', async () => {
    const { player, bonusId, client } = await playerWithBonus({
      cash: 30n,
      bonus: 1_000n,
      required: 100_000n,
    })
    const response = await dice(client, '100')
    expect(response.statusCode).toBe(200)
    const { bet, wallet } = response.json<BetAnswer>().data
    const row = await betRow(bet.id)
    expect(row).toMatchObject({ bonusId, bonusStakeMinor: 70n, stakeMinor: 100n })
    const payout = BigInt(bet.win)
    const back = splitWin(payout, 100n, 70n)
    const money = await moneyOf(bet.id)
    expect(money[`bet:${bet.id}`]).toBe(30n)
    expect(money[`bet:${bet.id}:bonus`]).toBe(70n)
    expect(money[`win:${bet.id}`]).toBe(back.cashMinor > 0n ? back.cashMinor : undefined)
    expect(money[`win:${bet.id}:bonus`]).toBe(back.bonusMinor > 0n ? back.bonusMinor : undefined)
    const after = await balancesOf(player.id)
    expect(after).toEqual({ cash: back.cashMinor, bonus: 1_000n - 70n + back.bonusMinor })
    expect(wallet).toMatchObject({
      cents: String(after.cash),
      bonus_cents: String(after.bonus),
    })
    // Dice is an Original: 10 % of the stake counts.
    expect((await bonusOf(bonusId)).wageredMinor).toBe(10n)
    await expectBooksBalanced()
  })

  it('stakes no bonus money once the bonus is past its time, before the sweep has forfeited it', async () => {
    const { player, bonusId, client } = await playerWithBonus({
      cash: 0n,
      bonus: 1_000n,
      required: 100_000n,
    })
    // The instance remembers the bonus from a first bet (all bonus money); then its time runs out.
    expect((await slots(client, '100')).statusCode).toBe(200)
    await db()
      .update(playerBonuses)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(playerBonuses.id, bonusId))
    const wagered = (await bonusOf(bonusId)).wageredMinor
    const before = await balancesOf(player.id)
    expect(before.cash).toBe(0n)
    const response = await slots(client, '100')
    expect(response.statusCode, response.body).toBe(409)
    expect(response.json()).toMatchObject({ errors: { code: 'games.insufficient_funds' } })
    expect((await bonusOf(bonusId)).wageredMinor).toBe(wagered)
    expect(await balancesOf(player.id)).toEqual(before)
    await expectBooksBalanced()
  })

  it('Slots count 100 % and Roulette (table games) 10 % of the stake', async () => {
    const { bonusId, client } = await playerWithBonus({
      cash: 0n,
      bonus: 2_000n,
      required: 100_000n,
    })
    expect((await slots(client, '100')).statusCode).toBe(200)
    expect((await bonusOf(bonusId)).wageredMinor).toBe(100n)
    expect((await roulette(client, '200')).statusCode).toBe(200)
    expect((await bonusOf(bonusId)).wageredMinor).toBe(120n)
    await expectBooksBalanced()
  })

  it('refuses a stake above the bonus’s maximum bet with 409 and moves nothing', async () => {
    const { player, bonusId, client } = await playerWithBonus({
      cash: 10_000n,
      bonus: 1_000n,
      required: 100_000n,
      maxBet: 500n,
    })
    const before = await balancesOf(player.id)
    const response = await t.app.inject({
      method: 'POST',
      url: '/games/originals/dice/bet',
      headers: client.headers,
      payload: {
        amount: '501',
        currency: 'EUR',
        target: 5000,
        direction: 'under',
        client_request_id: randomUUID(),
      },
    })
    expect(response.statusCode).toBe(409)
    const refusal = response.json<{ message: string; errors: { code: string } }>()
    expect(refusal.errors.code).toBe('wagering.max_bet')
    // The translated message, with the maximum in the bonus's currency.
    expect(refusal.message).toContain('5.00 EUR')
    expect(refusal.message).toMatch(/bonus/i)
    expect(await balancesOf(player.id)).toEqual(before)
    expect(await db().select().from(bets).where(eq(bets.playerId, player.id))).toEqual([])
    expect((await bonusOf(bonusId)).wageredMinor).toBe(0n)
    // The maximum itself is allowed.
    expect((await dice(client, '500')).statusCode).toBe(200)
  })

  it('refuses a stake beyond cash plus bonus money, naming both', async () => {
    const { player, client } = await playerWithBonus({
      cash: 20n,
      bonus: 30n,
      required: 100_000n,
    })
    const response = await dice(client, '100')
    expect(response.statusCode).toBe(409)
    const refusal = response.json<{ message: string; errors: { code: string } }>()
    expect(refusal.errors.code).toBe('games.insufficient_funds')
    expect(refusal.message).toContain('0.50 EUR')
    expect(await balancesOf(player.id)).toEqual({ cash: 20n, bonus: 30n })
  })

  it('completes the bonus with the bet that reaches the requirement: the bonus money becomes cash once', async () => {
    const { player, bonusId, client } = await playerWithBonus({
      cash: 0n,
      bonus: 1_000n,
      required: 150n,
    })
    const changes: DomainEvents['bonus.changed'][] = []
    const stop = t.app.bus.subscribe('bonus.changed', (event) => {
      if (event.playerId === player.id) changes.push(event)
    })
    try {
      expect((await slots(client, '100')).statusCode).toBe(200)
      expect(await bonusOf(bonusId)).toMatchObject({ status: 'active', wageredMinor: 100n })
      const second = await slots(client, '100')
      expect(second.statusCode).toBe(200)
      const { bet, wallet } = second.json<BetAnswer>().data
      expect(await betRow(bet.id)).toMatchObject({ bonusId, bonusStakeMinor: 100n })
      const ended = await bonusOf(bonusId)
      const after = await balancesOf(player.id)
      expect(ended).toMatchObject({ status: 'completed', wageredMinor: 200n })
      expect(ended.endedAt).not.toBeNull()
      // Everything left in the bonus account moved to cash.
      expect(after.bonus).toBe(0n)
      expect(ended.settledMinor).toBe(after.cash)
      expect(wallet).toMatchObject({ cents: String(after.cash), bonus_cents: '0' })
      const releases = await db()
        .select()
        .from(ledgerTransfers)
        .where(
          and(eq(ledgerTransfers.code, 'bonus_release'), eq(ledgerTransfers.reference, bonusId)),
        )
      expect(releases).toHaveLength(1)
      expect(releases[0]?.amountMinor).toBe(ended.settledMinor)

      await vi.waitFor(() =>
        expect(changes.map((change) => change.bonus.status)).toEqual(['active', 'completed']),
      )
      expect(changes[1]?.bonus).toMatchObject({ id: bonusId, wagering_left: '0', balance: '0' })
      // The "wagering complete" notice, stored once for the player (list and socket).
      const notices = await db()
        .select()
        .from(notifications)
        .where(eq(notifications.playerId, player.id))
      expect(notices.filter((notice) => notice.type === 'bonus_completed')).toHaveLength(1)

      // After completion a bet is plain cash again, and nothing is released a second time.
      if (after.cash >= 10n) {
        const third = await slots(client, '10')
        expect(third.statusCode).toBe(200)
        const row = await betRow(third.json<BetAnswer>().data.bet.id)
        expect(row).toMatchObject({ bonusId: null, bonusStakeMinor: 0n })
      }
      expect(
        await db()
          .select()
          .from(ledgerTransfers)
          .where(eq(ledgerTransfers.code, 'bonus_release'))
          .then((rows) => rows.filter((row) => row.reference === bonusId)),
      ).toHaveLength(1)
    } finally {
      stop()
    }
    await expectBooksBalanced()
  })

  it('a repeated client request id answers the first bet and moves nothing more', async () => {
    const { player, bonusId, client } = await playerWithBonus({
      cash: 0n,
      bonus: 1_000n,
      required: 100_000n,
    })
    const id = randomUUID()
    const first = (await slots(client, '100', id)).json<BetAnswer>().data
    const balances = await balancesOf(player.id)
    const second = (await slots(client, '100', id)).json<BetAnswer>().data
    expect(second.bet.id).toBe(first.bet.id)
    expect(await balancesOf(player.id)).toEqual(balances)
    expect((await bonusOf(bonusId)).wageredMinor).toBe(100n)
  })
})

type RoundAnswer = { data: { round: WireMinesRound; wallet: WalletEntry | null } }

/** The round's mines, from its seed pair as only the server (and this test) can read it. */
async function minesOf(round: Pick<WireMinesRound, 'server_seed_hash' | 'nonce' | 'mines'>) {
  const [seed] = await db()
    .select()
    .from(fairnessSeeds)
    .where(eq(fairnessSeeds.serverSeedHash, round.server_seed_hash))
  if (!seed) throw new Error('no seed')
  return minePositions(
    {
      serverSeed: serverSeedOf(testSecretBox, seed),
      clientSeed: seed.clientSeed,
      nonce: round.nonce,
    },
    round.mines,
  )
}

async function minesToCashOut(client: SignedInClient, amount: string) {
  const start = await post(client, '/games/originals/mines/start', {
    amount,
    currency: 'EUR',
    mines: 3,
    client_request_id: randomUUID(),
  })
  expect(start.statusCode).toBe(200)
  const { round } = start.json<RoundAnswer>().data
  const mined = await minesOf(round)
  const safe = Array.from({ length: 25 }, (_, n) => n).find((n) => !mined.includes(n))
  const reveal = await post(client, '/games/originals/mines/reveal', {
    round_id: round.id,
    tile: safe,
  })
  expect(reveal.statusCode).toBe(200)
  return round
}

describe('Mines while a bonus is active', () => {
  it('stakes cash first, keeps the split on the round, and pays the win back the same way', async () => {
    const { player, bonusId, client } = await playerWithBonus({
      cash: 40n,
      bonus: 1_000n,
      required: 100_000n,
    })
    const round = await minesToCashOut(client, '100')
    expect(await balancesOf(player.id)).toEqual({ cash: 0n, bonus: 940n })
    expect((await bonusOf(bonusId)).wageredMinor).toBe(10n)
    const cashOut = await post(client, '/games/originals/mines/cashout', { round_id: round.id })
    expect(cashOut.statusCode).toBe(200)
    const payout = BigInt(cashOut.json<RoundAnswer>().data.round.bet?.win ?? '0')
    const back = splitWin(payout, 100n, 60n)
    expect(await balancesOf(player.id)).toEqual({
      cash: back.cashMinor,
      bonus: 940n + back.bonusMinor,
    })
    expect(await betRow(round.id)).toMatchObject({ bonusId, bonusStakeMinor: 60n })
    await expectBooksBalanced()
  })

  it('refuses a start above the maximum bet and moves nothing', async () => {
    const { player, client } = await playerWithBonus({
      cash: 10_000n,
      bonus: 1_000n,
      required: 100_000n,
      maxBet: 200n,
    })
    const start = await post(client, '/games/originals/mines/start', {
      amount: '201',
      currency: 'EUR',
      mines: 3,
      client_request_id: randomUUID(),
    })
    expect(start.statusCode).toBe(409)
    expect(start.json()).toMatchObject({ errors: { code: 'wagering.max_bet' } })
    expect(await balancesOf(player.id)).toEqual({ cash: 10_000n, bonus: 1_000n })
  })

  it.each(['cancelled', 'expired'] as const)(
    'a win after the bonus was %s pays only the cash share (the bonus share is forfeited)',
    async (status) => {
      const { player, bonusId, client } = await playerWithBonus({
        cash: 40n,
        bonus: 1_000n,
        required: 100_000n,
      })
      const round = await minesToCashOut(client, '100')
      await forfeit(player.id, bonusId, status)
      expect(await balancesOf(player.id)).toEqual({ cash: 0n, bonus: 0n })
      const cashOut = await post(client, '/games/originals/mines/cashout', { round_id: round.id })
      expect(cashOut.statusCode).toBe(200)
      const payout = BigInt(cashOut.json<RoundAnswer>().data.round.bet?.win ?? '0')
      const back = splitWin(payout, 100n, 60n)
      expect(back.cashMinor).toBeGreaterThan(0n)
      expect(await balancesOf(player.id)).toEqual({ cash: back.cashMinor, bonus: 0n })
      const money = await moneyOf(round.id)
      expect(money[`win:${round.id}:bonus`]).toBeUndefined()
      await expectBooksBalanced()
    },
  )

  it('a win after the bonus completed pays the bonus share to cash', async () => {
    const { player, bonusId, client } = await playerWithBonus({
      cash: 40n,
      bonus: 1_000n,
      required: 100_000n,
    })
    const round = await minesToCashOut(client, '100')
    await db()
      .update(playerBonuses)
      .set({ status: 'completed', endedAt: new Date() })
      .where(eq(playerBonuses.id, bonusId))
    const cashOut = await post(client, '/games/originals/mines/cashout', { round_id: round.id })
    const payout = BigInt(cashOut.json<RoundAnswer>().data.round.bet?.win ?? '0')
    expect(await balancesOf(player.id)).toEqual({ cash: payout, bonus: 940n })
    await expectBooksBalanced()
  })
})

describe.runIf(isPostgres)('concurrent bets of one player with a bonus (PostgreSQL)', () => {
  it('never overspend the bonus money nor complete the bonus twice', async () => {
    const { player, bonusId, client } = await playerWithBonus({
      cash: 0n,
      bonus: 1_000n,
      required: 600n,
    })
    // Slots and Mines starts at once: each in its own transaction, racing on the bonus row.
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, n) =>
        n % 4 === 0
          ? post(client, '/games/originals/mines/start', {
              amount: '100',
              currency: 'EUR',
              mines: 3,
              client_request_id: randomUUID(),
            })
          : slots(client, '100'),
      ),
    )
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode)
    const after = await balancesOf(player.id)
    expect(after.bonus).toBeGreaterThanOrEqual(0n)
    const releases = await db()
      .select()
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.code, 'bonus_release'),
          or(
            eq(ledgerTransfers.reference, bonusId),
            like(ledgerTransfers.idempotencyKey, `%${bonusId}`),
          ),
        ),
      )
    const row = await bonusOf(bonusId)
    expect(releases.length).toBe(row.status === 'completed' ? 1 : 0)
    // The wagering recorded is exactly the stakes' contributions (slots 100 %, Mines 10 %).
    const slotStakes = await db().select().from(bets).where(eq(bets.bonusId, bonusId))
    const minesStakes = await db()
      .select()
      .from(minesRounds)
      .where(eq(minesRounds.bonusId, bonusId))
    const counted =
      slotStakes.reduce((sum, bet) => sum + bet.stakeMinor, 0n) +
      minesStakes.reduce((sum, round) => sum + round.stakeMinor / 10n, 0n)
    expect(row.wageredMinor).toBe(counted)
    await expectBooksBalanced()
  }, 30_000)
})

describe.runIf(isPostgres)(
  'the bonus lock protocol under parallel transactions (PostgreSQL)',
  () => {
    it('splits, wagers and completes exactly as if the bets ran one after another', async () => {
      const { player, bonusId } = await playerWithBonus({
        cash: 250n,
        bonus: 1_000n,
        required: 700n,
      })
      const currency = 'EUR' as const
      // Twenty stakes of 100 in parallel transactions, each as every game takes one.
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () =>
          inLedgerTransaction(db(), async (tx) => {
            const locked = await lockBonusForBet(tx, player.id, currency)
            const split = splitLockedStake(locked, 100n)
            const betId = randomUUID()
            const posted = await postTransfers(
              tx,
              stakeTransfers(
                { key: `bet:${betId}`, playerId: player.id, currency, reference: betId },
                split,
              ),
            )
            if (posted.status !== 'posted') return { split, completed: false, posted: false }
            const outcome = locked ? await recordWagering(tx, locked, 100n, posted.balances) : null
            return { split, completed: outcome?.bonus.status === 'completed', posted: true }
          }),
        ),
      )
      const done = results.flatMap((result) =>
        result.status === 'fulfilled' ? [result.value] : [],
      )
      expect(done).toHaveLength(20)
      const staked = done.filter((result) => result.posted)
      // 250 cash + 1,000 bonus: the first seven stakes take cash first (2.5 of them), then bonus
      // money until the seventh completes the wagering (700) and releases the rest to cash.
      expect(done.filter((result) => result.completed)).toHaveLength(1)
      expect(staked.reduce((sum, result) => sum + result.split.cashMinor, 0n)).toBeLessThanOrEqual(
        250n + 1_000n,
      )
      const row = await bonusOf(bonusId)
      expect(row.status).toBe('completed')
      expect(row.wageredMinor).toBe(700n)
      const after = await balancesOf(player.id)
      expect(after.bonus).toBe(0n)
      // What went in (250 + 1,000) is what was staked plus what is left.
      const stakedTotal = staked.length * 100
      expect(after.cash + BigInt(stakedTotal)).toBe(1_250n)
      await expectBooksBalanced()
    }, 30_000)
  },
)
