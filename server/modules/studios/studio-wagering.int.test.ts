import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { providerCall } from '#tests/helpers/provider-api.ts'
import { eurBalancesOf, forfeitBonus, playerWithBonus } from '#tests/factories/wagering.ts'
import { checkBooks } from '#server/modules/ledger/index.ts'
import { playerBonuses } from '#server/modules/bonuses/bonuses.tables.ts'
import { bets } from '../bets/bets.tables.ts'
import { providerTransactions } from './studios.tables.ts'
import { createLaunchToken } from './provider-wallet.ts'
import { seedGameId } from '#db/seed/games.ts'

// Studio bets through the seamless wallet while a bonus is active (issue 22, part "wagering"):
// cash first, the split kept on the provider transaction so that a win and a rollback go back
// the right way, slots counting 100 %, and a stake above the bonus's maximum bet refused with the
// protocol's own `stake_above_max` (never a 500).

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const db = () => t.database.db
/** A Demo Studio slot: its catalogue category is `slots` (100 %). */
const GAME = 'starlight-spins'

const call = (name: string, body: unknown) =>
  providerCall(t.app, name, body, { provider: 'demo-studio' })

async function session(playerId: string) {
  const { token } = await createLaunchToken(db(), {
    playerId,
    gameId: seedGameId(GAME),
    currency: 'EUR',
  })
  const answer = await call('authenticate', { token })
  expect(answer.statusCode).toBe(200)
  const body = answer.json<{ session: string; player_id: string }>()
  return { session: body.session, player_id: body.player_id }
}

type Session = Awaited<ReturnType<typeof session>>
const ids = () => ({ transaction_id: `tx-${randomUUID()}`, round_id: `round-${randomUUID()}` })
const bet = (s: Session, fields: { transaction_id: string; round_id: string; amount: string }) =>
  call('bet', { ...s, currency: 'EUR', ...fields })
const win = (s: Session, fields: { transaction_id: string; round_id: string; amount: string }) =>
  call('win', { ...s, currency: 'EUR', ...fields })

const bonusOf = async (bonusId: string) =>
  (await db().select().from(playerBonuses).where(eq(playerBonuses.id, bonusId)))[0]

const expectBooks = async () => {
  const books = await checkBooks(db())
  expect(books.isBalanced, JSON.stringify(books)).toBe(true)
}

describe('studio bets while a bonus is active', () => {
  it('stakes cash first, counts slots 100 %, and pays the win back the way the stakes came', async () => {
    const { player, bonusId } = await playerWithBonus(t, {
      cash: 40n,
      bonus: 1_000n,
      required: 100_000n,
    })
    const s = await session(player.id)
    const { transaction_id, round_id } = ids()
    const placed = await bet(s, { transaction_id, round_id, amount: '100' })
    expect(placed.statusCode).toBe(200)
    const [row] = await db()
      .select()
      .from(providerTransactions)
      .where(eq(providerTransactions.providerTransactionId, transaction_id))
    expect(row).toMatchObject({ bonusId, bonusStakeMinor: 60n, amountMinor: 100n })
    expect(await eurBalancesOf(db(), player.id)).toEqual({ cash: 0n, bonus: 940n })
    expect((await bonusOf(bonusId))?.wageredMinor).toBe(100n)

    const paid = await win(s, { transaction_id: `win-${transaction_id}`, round_id, amount: '250' })
    expect(paid.statusCode).toBe(200)
    // 60 % of the stake was bonus money: 150 of the 250 go back to the bonus, 100 to cash.
    expect(await eurBalancesOf(db(), player.id)).toEqual({ cash: 100n, bonus: 1_090n })
    const [round] = await db().select().from(bets).where(eq(bets.round, round_id))
    expect(round).toMatchObject({ bonusId, bonusStakeMinor: 60n, payoutMinor: 250n })
    await expectBooks()
  })

  it('refuses a stake above the bonus’s maximum bet with the protocol’s stake_above_max', async () => {
    const { player } = await playerWithBonus(t, {
      cash: 10_000n,
      bonus: 1_000n,
      required: 100_000n,
      maxBet: 200n,
    })
    const s = await session(player.id)
    const refused = await bet(s, { ...ids(), amount: '201' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ status: 'error', code: 'stake_above_max', max: '200' })
    expect(await eurBalancesOf(db(), player.id)).toEqual({ cash: 10_000n, bonus: 1_000n })
    expect((await bet(s, { ...ids(), amount: '200' })).statusCode).toBe(200)
  })

  it('a rollback gives each part back where it came from; after a cancel, only the cash part', async () => {
    const { player, bonusId } = await playerWithBonus(t, {
      cash: 40n,
      bonus: 1_000n,
      required: 100_000n,
    })
    const s = await session(player.id)
    const first = ids()
    expect((await bet(s, { ...first, amount: '100' })).statusCode).toBe(200)
    const back = await call('rollback', {
      ...s,
      transaction_id: `rb-${first.transaction_id}`,
      bet_transaction_id: first.transaction_id,
      round_id: first.round_id,
    })
    expect(back.statusCode).toBe(200)
    expect(await eurBalancesOf(db(), player.id)).toEqual({ cash: 40n, bonus: 1_000n })

    const second = ids()
    expect((await bet(s, { ...second, amount: '100' })).statusCode).toBe(200)
    await forfeitBonus(db(), player.id, bonusId, 'cancelled')
    const after = await call('rollback', {
      ...s,
      transaction_id: `rb-${second.transaction_id}`,
      bet_transaction_id: second.transaction_id,
      round_id: second.round_id,
    })
    expect(after.statusCode).toBe(200)
    expect(await eurBalancesOf(db(), player.id)).toEqual({ cash: 40n, bonus: 0n })
    await expectBooks()
  })
})
