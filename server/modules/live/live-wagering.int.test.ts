import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import type { SignedInClient } from '#tests/factories/players.ts'
import { eurBalancesOf, forfeitBonus, playerWithBonus } from '#tests/factories/wagering.ts'
import { checkBooks } from '#server/modules/ledger/index.ts'
import { playerBonuses } from '#server/modules/bonuses/bonuses.tables.ts'
import { bets } from '../bets/bets.tables.ts'
import { liveBets, liveEngineLeases, liveRounds } from './live.tables.ts'
import { endLiveRound } from './live-settlement.ts'
import type { WireLiveBet } from './live.contract.ts'

// Live bets while a bonus is active (issue 22, part "wagering"): the stake takes cash first and
// the bet keeps its split, live games count 10 %, and the round's win or refund goes back the
// way the stake came (the bonus share not at all once the bonus was forfeited).

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const db = () => t.database.db
const HOLDER = 'wagering-test'
let roundNumber = 1

/** A Live Roulette round taking bets, run by this test in place of the engine (none runs here). */
async function openRound() {
  const id = randomUUID()
  await db()
    .insert(liveEngineLeases)
    .values({ game: 'live_roulette', holder: HOLDER, expiresAt: new Date(Date.now() + 600_000) })
    .onConflictDoUpdate({
      target: liveEngineLeases.game,
      set: { holder: HOLDER, expiresAt: new Date(Date.now() + 600_000) },
    })
  await db()
    .insert(liveRounds)
    .values({
      id,
      game: 'live_roulette',
      number: roundNumber++,
      roundHash: `hash-${id}`,
      bettingEndsAt: new Date(Date.now() + 600_000),
    })
  return id
}

async function endRound(roundId: string, how: 'settle' | 'refund', pocket = 1) {
  await db()
    .update(liveRounds)
    .set({ status: 'running', startedAt: new Date(), result: { pocket } })
    .where(eq(liveRounds.id, roundId))
  return endLiveRound(db(), {
    game: 'live_roulette',
    holder: HOLDER,
    roundId,
    how,
    maxWinOf: () => 10n ** 12n,
  })
}

const redFor = (client: SignedInClient, amount: string) =>
  t.app.inject({
    method: 'POST',
    url: '/games/live/live_roulette/bet',
    headers: client.headers,
    payload: {
      currency: 'EUR',
      bets: [{ kind: 'red', amount }],
      client_request_id: randomUUID(),
    },
  })

type BetAnswer = { data: { bet: WireLiveBet } }

async function liveBetOf(id: string) {
  const [row] = await db().select().from(liveBets).where(eq(liveBets.id, id))
  if (!row) throw new Error('no live bet')
  return row
}

const wageredOf = async (bonusId: string) =>
  (await db().select().from(playerBonuses).where(eq(playerBonuses.id, bonusId)))[0]?.wageredMinor

describe('Live Roulette while a bonus is active', () => {
  it('stakes cash first, counts 10 %, and pays a win back the way the stake came', async () => {
    const roundId = await openRound()
    const { player, bonusId, client } = await playerWithBonus(t, {
      cash: 40n,
      bonus: 1_000n,
      required: 100_000n,
    })
    const placed = await redFor(client, '100')
    expect(placed.statusCode).toBe(200)
    const betId = placed.json<BetAnswer>().data.bet.id
    expect(await liveBetOf(betId)).toMatchObject({ bonusId, bonusStakeMinor: 60n })
    expect(await eurBalancesOf(db(), player.id)).toEqual({ cash: 0n, bonus: 940n })
    expect(await wageredOf(bonusId)).toBe(10n)

    // Pocket 1 is red: the chip pays 200, 60 % of it (the bonus money's share) back as bonus.
    await endRound(roundId, 'settle', 1)
    expect(await eurBalancesOf(db(), player.id)).toEqual({ cash: 80n, bonus: 1_060n })
    const [history] = await db().select().from(bets).where(eq(bets.id, betId))
    expect(history).toMatchObject({ bonusId, bonusStakeMinor: 60n, payoutMinor: 200n })
    expect((await checkBooks(db())).isBalanced).toBe(true)
  })

  it('refuses a stake above the maximum bet with 409 and moves nothing', async () => {
    const roundId = await openRound()
    const { player, client } = await playerWithBonus(t, {
      cash: 10_000n,
      bonus: 1_000n,
      required: 100_000n,
      maxBet: 300n,
    })
    const placed = await redFor(client, '301')
    expect(placed.statusCode).toBe(409)
    expect(placed.json()).toMatchObject({ errors: { code: 'wagering.max_bet' } })
    expect(await eurBalancesOf(db(), player.id)).toEqual({ cash: 10_000n, bonus: 1_000n })
    expect(await db().select().from(liveBets).where(eq(liveBets.playerId, player.id))).toEqual([])
    await endRound(roundId, 'refund')
  })

  it('a refunded round after the bonus was cancelled gives back only the cash part', async () => {
    const roundId = await openRound()
    const { player, bonusId, client } = await playerWithBonus(t, {
      cash: 40n,
      bonus: 1_000n,
      required: 100_000n,
    })
    expect((await redFor(client, '100')).statusCode).toBe(200)
    await forfeitBonus(db(), player.id, bonusId, 'cancelled')
    await endRound(roundId, 'refund')
    expect(await eurBalancesOf(db(), player.id)).toEqual({ cash: 40n, bonus: 0n })
    expect((await checkBooks(db())).isBalanced).toBe(true)
  })

  it('a refund while the bonus is active gives each part back where it came from', async () => {
    const roundId = await openRound()
    const { player, client } = await playerWithBonus(t, {
      cash: 40n,
      bonus: 1_000n,
      required: 100_000n,
    })
    expect((await redFor(client, '100')).statusCode).toBe(200)
    await endRound(roundId, 'refund')
    expect(await eurBalancesOf(db(), player.id)).toEqual({ cash: 40n, bonus: 1_000n })
    expect((await checkBooks(db())).isBalanced).toBe(true)
  })
})
