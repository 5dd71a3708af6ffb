import { randomUUID } from 'node:crypto'
import { and, count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { fundedClient as fundedClientOf, fundPlayer } from '#tests/factories/wallet.ts'
import {
  createPlayer,
  signIn,
  type SignedInClient,
} from '#tests/factories/players.ts'
import { providerCall } from '#tests/helpers/provider-api.ts'
import { safeTile } from '#tests/helpers/mines.ts'
import { setProtection, takeBreak, timeOut } from '#tests/helpers/protection.ts'
import { shippedWording } from '#tests/helpers/engagement.ts'
import { seedGameId } from '#db/seed/games.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { accountBalance, checkBooks, inLedgerTransaction } from '#server/modules/ledger/index.ts'
import { insertNotification } from '#server/modules/notifications/index.ts'
import { bets } from '#server/modules/bets/bets.tables.ts'
import { liveBets, liveRounds } from '#server/modules/live/live.tables.ts'
import { minesRounds } from '#server/modules/originals/originals.tables.ts'
import { createLaunchToken, grantFreeSpins } from '#server/modules/studios/index.ts'
import { freeSpinGrants } from '#server/modules/studios/studios.tables.ts'

// What a player's protection stops on every real-money bet path, through the HTTP API and the
// seamless wallet: a break (and a closure, a register match), a reality check waiting for its
// answer, the daily play-time limit and the UK's slot cycle. A refusal is a 409 in the player's
// words (a studio's `player_blocked` with the reason) that moves no money; what settles a bet
// already staked (a Mines cash-out, a studio's win or rollback) still lands.

let t: TestApp
const db = () => t.database.db

beforeAll(async () => {
  t = await buildTestApp()
  // One round of each live game taking bets for the whole file (the app's engines are off).
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
})

const MINUTE_MS = 60_000

const post = (client: SignedInClient, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: client.headers, payload })

const request = () => ({ currency: 'EUR', client_request_id: randomUUID() })
const BETS = {
  dice: (client: SignedInClient) =>
    post(client, '/games/originals/dice/bet', {
      ...request(),
      amount: '100',
      target: 5000,
      direction: 'under',
    }),
  slots: (client: SignedInClient) =>
    post(client, '/games/originals/slots/spin', { ...request(), amount: '100' }),
  roulette: (client: SignedInClient) =>
    post(client, '/games/originals/roulette/spin', {
      ...request(),
      bets: [{ kind: 'red', amount: '100' }],
    }),
  mines: (client: SignedInClient) =>
    post(client, '/games/originals/mines/start', { ...request(), amount: '100', mines: 3 }),
  crash: (client: SignedInClient) =>
    post(client, '/games/live/crash/bet', { ...request(), amount: '100' }),
  live_roulette: (client: SignedInClient) =>
    post(client, '/games/live/live_roulette/bet', {
      ...request(),
      bets: [{ kind: 'red', amount: '100' }],
    }),
}

const cash = (playerId: string) => accountBalance(db(), { playerId, kind: 'cash', currency: 'EUR' })

const betCount = async (playerId: string) => {
  const [settled] = await db().select({ n: count() }).from(bets).where(eq(bets.playerId, playerId))
  const [live] = await db()
    .select({ n: count() })
    .from(liveBets)
    .where(eq(liveBets.playerId, playerId))
  const [mines] = await db()
    .select({ n: count() })
    .from(minesRounds)
    .where(eq(minesRounds.playerId, playerId))
  return (settled?.n ?? 0) + (live?.n ?? 0) + (mines?.n ?? 0)
}

const expectBooks = async () => {
  const books = await checkBooks(db())
  expect(books.isBalanced, JSON.stringify(books)).toBe(true)
}

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>
const expectRefused = (response: Reply, code: string) => {
  expect(response.statusCode, response.body).toBe(409)
  expect(response.json()).toMatchObject({ success: false, errors: { code } })
  return response.json<{ message: string }>().message
}

/** A settled bet of the player `minutesAgo` back, as any game writes it. */
const pastBet = (
  playerId: string,
  minutesAgo: number,
  values: { game?: string; round?: string } = {},
) =>
  db()
    .insert(bets)
    .values({
      id: uuidv7(),
      playerId,
      game: values.game ?? 'dice',
      round: values.round ?? randomUUID(),
      currency: 'EUR',
      stakeMinor: 100n,
      payoutMinor: 0n,
      multiplierBp: 0,
      clientRequestId: randomUUID(),
      outcome: {},
      createdAt: new Date(Date.now() - minutesAgo * MINUTE_MS),
    })

/** A studio game session of the player on the Demo Studio's slot, as its server calls it. */
async function studio(playerId: string) {
  const { token } = await createLaunchToken(db(), {
    playerId,
    gameId: seedGameId('starlight-spins'),
    currency: 'EUR',
  })
  const authenticated = await providerCall(t.app, 'authenticate', { token })
  expect(authenticated.statusCode, authenticated.body).toBe(200)
  const session = authenticated.json<{ session: string; player_id: string }>()
  const money = { ...session, currency: 'EUR' }
  return {
    bet: async (ids: { roundId?: string; transactionId?: string; freeRoundId?: string } = {}) => {
      const roundId = ids.roundId ?? `round-${randomUUID()}`
      const transactionId = ids.transactionId ?? `tx-${randomUUID()}`
      const response = await providerCall(t.app, 'bet', {
        ...money,
        amount: '100',
        transaction_id: transactionId,
        round_id: roundId,
        ...(ids.freeRoundId && { free_round_id: ids.freeRoundId }),
      })
      return { response, transactionId, roundId }
    },
    win: (roundId: string, amount: string) =>
      providerCall(t.app, 'win', {
        ...money,
        amount,
        transaction_id: `win-${randomUUID()}`,
        round_id: roundId,
      }),
    rollback: (betTransactionId: string, roundId: string) =>
      providerCall(t.app, 'rollback', {
        ...session,
        transaction_id: `rb-${randomUUID()}`,
        bet_transaction_id: betTransactionId,
        round_id: roundId,
      }),
  }
}

const expectBlocked = (response: Reply, reason: string) => {
  expect(response.statusCode, response.body).toBe(403)
  expect(response.json()).toMatchObject({ status: 'error', code: 'player_blocked', reason })
}

describe('a time-out', () => {
  it('refuses every bet of the site’s games in the player’s words and moves no money', async () => {
    const { player, client } = await fundedClientOf(t)
    // A Mines round started before the break: its cash-out returns a pending bet and lands.
    const started = await BETS.mines(client)
    expect(started.statusCode, started.body).toBe(200)
    const roundId = started.json<{ data: { round: { id: string } } }>().data.round.id
    await timeOut(db(), player.id)
    const before = { cash: await cash(player.id), bets: await betCount(player.id) }
    for (const [game, bet] of Object.entries(BETS)) {
      const message = expectRefused(await bet(client), 'protection.time_out')
      expect(message, game).toMatch(/It ends in 1 day; until then you can sign in/)
    }
    expect(await cash(player.id)).toBe(before.cash)
    expect(await betCount(player.id)).toBe(before.bets)

    const tile = await safeTile(db(), roundId)
    const revealed = await post(client, '/games/originals/mines/reveal', {
      round_id: roundId,
      tile,
    })
    expect(revealed.statusCode, revealed.body).toBe(200)
    const cashed = await post(client, '/games/originals/mines/cashout', { round_id: roundId })
    expect(cashed.statusCode, cashed.body).toBe(200)
    expect(await cash(player.id)).toBeGreaterThan(before.cash)
    await expectBooks()
  })

  it('answers in the player’s language, with the wait in words', async () => {
    const { player, client } = await fundedClientOf(t)
    await takeBreak(db(), player.id, 'time_out', '1w')
    const refused = await t.app.inject({
      method: 'POST',
      url: '/games/originals/dice/bet',
      headers: { ...client.headers, cookie: `${client.cookie}; aurum_locale=de` },
      payload: { ...request(), amount: '100', target: 5000, direction: 'under' },
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json<{ message: string }>().message).toMatch(/7 Tage/)
  })

  it('is seen by the next bet of a player who had nothing to check (no count is trusted)', async () => {
    const { player, client } = await fundedClientOf(t)
    expect((await BETS.dice(client)).statusCode).toBe(200)
    expect((await BETS.slots(client)).statusCode).toBe(200)
    await timeOut(db(), player.id)
    expectRefused(await BETS.dice(client), 'protection.time_out')
    expectRefused(await BETS.slots(client), 'protection.time_out')
  })

  it('stops nothing once it has ended', async () => {
    const { player, client } = await fundedClientOf(t)
    await takeBreak(db(), player.id, 'time_out', '24h', new Date(Date.now() - 25 * 60 * MINUTE_MS))
    expect((await BETS.dice(client)).statusCode).toBe(200)
  })

  it('refuses a studio’s bet and free round as player_blocked; its wins and rollbacks land', async () => {
    const player = await createPlayer(db())
    await fundPlayer(db(), player.id, 'EUR', 100_00n)
    const game = await studio(player.id)
    const won = await game.bet()
    const rolledBack = await game.bet()
    expect(won.response.statusCode, won.response.body).toBe(200)
    expect(rolledBack.response.statusCode).toBe(200)
    const grantId = await inLedgerTransaction(db(), (tx) =>
      grantFreeSpins(tx, {
        playerId: player.id,
        gameId: seedGameId('starlight-spins'),
        currency: 'EUR',
        spins: 2,
        stakeMinor: 100n,
        key: `prize:test:${randomUUID()}`,
        now: new Date(),
        notify: insertNotification,
        wording: shippedWording,
      }),
    )
    if (!grantId) throw new Error('no grant')
    await timeOut(db(), player.id)
    const before = await cash(player.id)

    const refused = await game.bet()
    expectBlocked(refused.response, 'time_out')
    const free = await game.bet({ freeRoundId: grantId })
    expectBlocked(free.response, 'time_out')
    const [grant] = await db().select().from(freeSpinGrants).where(eq(freeSpinGrants.id, grantId))
    expect(grant?.spinsLeft).toBe(2)
    expect(await cash(player.id)).toBe(before)

    expect((await game.win(won.roundId, '250')).statusCode).toBe(200)
    const refund = await game.rollback(rolledBack.transactionId, rolledBack.roundId)
    expect(refund.statusCode, refund.body).toBe(200)
    expect(await cash(player.id)).toBe(before + 250n + 100n)
    // The refused bet's transaction id stays free: once the break is over it can be sent again.
    await setProtection(db(), player.id, { breakUntil: new Date(Date.now() - 1000) })
    const again = await game.bet(refused)
    expect(again.response.statusCode, again.response.body).toBe(200)
    await expectBooks()
  })
})

describe('the other standing bars', () => {
  it('refuse a self-excluded, a closed and a registered player’s bets each with its reason', async () => {
    const cases = [
      {
        set: (id: string) => takeBreak(db(), id, 'self_exclusion', '6m'),
        code: 'protection.self_exclusion',
        reason: 'self_exclusion',
      },
      {
        set: (id: string) =>
          setProtection(db(), id, { closedAt: new Date(), closedReason: 'test' }),
        code: 'protection.closed',
        reason: 'closed',
      },
      {
        set: (id: string) => setProtection(db(), id, { registerMatch: true }),
        code: 'protection.register',
        reason: 'register',
      },
    ]
    for (const { set, code, reason } of cases) {
      const { player, client } = await fundedClientOf(t)
      const game = await studio(player.id)
      await set(player.id)
      const before = await cash(player.id)
      expectRefused(await BETS.dice(client), code)
      expectRefused(await BETS.crash(client), code)
      expectBlocked((await game.bet()).response, reason)
      expect(await cash(player.id)).toBe(before)
    }
  })

  it('keeps a self-exclusion whose period ran until 24 hours after the player asked to end it', async () => {
    const { player, client } = await fundedClientOf(t)
    const yearAgo = new Date(Date.now() - 400 * 24 * 60 * MINUTE_MS)
    await takeBreak(db(), player.id, 'self_exclusion', '6m', yearAgo)
    // The period has run, but nobody asked for the lapse: still excluded, with no end to name.
    const message = expectRefused(await BETS.dice(client), 'protection.self_exclusion')
    expect(message).not.toMatch(/\{\{/)
    await setProtection(db(), player.id, {
      lapseRequestedAt: new Date(Date.now() - 60 * MINUTE_MS),
    })
    expectRefused(await BETS.dice(client), 'protection.self_exclusion')
    await setProtection(db(), player.id, {
      lapseRequestedAt: new Date(Date.now() - 25 * 60 * MINUTE_MS),
    })
    expect((await BETS.dice(client)).statusCode).toBe(200)
  })
})

describe('a reality check waiting for its answer', () => {
  it('holds every bet until its due time moves on, then play goes on', async () => {
    const { player, client } = await fundedClientOf(t)
    const game = await studio(player.id)
    await setProtection(db(), player.id, {
      sessionStartedAt: new Date(Date.now() - 61 * MINUTE_MS),
      realityCheckDueAt: new Date(Date.now() - MINUTE_MS),
    })
    const before = await cash(player.id)
    for (const bet of [BETS.dice, BETS.slots, BETS.mines, BETS.live_roulette]) {
      const message = expectRefused(await bet(client), 'protection.reality_check')
      expect(message).toContain('Choose Continue')
    }
    expectBlocked((await game.bet()).response, 'reality_check')
    expect(await cash(player.id)).toBe(before)
    // Answered: the next check is due later, and bets go through.
    await setProtection(db(), player.id, {
      realityCheckDueAt: new Date(Date.now() + 60 * MINUTE_MS),
    })
    expect((await BETS.dice(client)).statusCode).toBe(200)
    expect((await game.bet()).response.statusCode).toBe(200)
  })
})

describe('a reality check still ahead', () => {
  it('lets bets through until its time, then stops the next one whatever was remembered', async () => {
    const { player, client } = await fundedClientOf(t)
    const game = await studio(player.id)
    await setProtection(db(), player.id, {
      sessionStartedAt: new Date(),
      realityCheckDueAt: new Date(Date.now() + 60 * MINUTE_MS),
    })
    for (const bet of [BETS.dice, BETS.roulette, BETS.mines, BETS.crash]) {
      expect((await bet(client)).statusCode).toBe(200)
    }
    expect((await game.bet()).response.statusCode).toBe(200)
    // Its time comes (written as the clock would bring it): the very next bet waits for it.
    await setProtection(db(), player.id, { realityCheckDueAt: new Date(Date.now() - 1000) })
    expectRefused(await BETS.dice(client), 'protection.reality_check')
    expectRefused(await BETS.live_roulette(client), 'protection.reality_check')
    expectBlocked((await game.bet()).response, 'reality_check')
    // Answered, and again after a refusal: play goes on.
    await setProtection(db(), player.id, {
      realityCheckDueAt: new Date(Date.now() + 60 * MINUTE_MS),
    })
    expect((await BETS.dice(client)).statusCode).toBe(200)
    expect((await BETS.dice(client)).statusCode).toBe(200)
  })
})

describe('the daily play-time limit', () => {
  it('ends play once the play in the last 24 hours reaches it, saying when time frees up', async () => {
    const { player, client } = await fundedClientOf(t)
    // Bets four minutes apart for 20 minutes: 20 minutes of play.
    for (const minutesAgo of [20, 16, 12, 8, 4, 0.5]) await pastBet(player.id, minutesAgo)
    await setProtection(db(), player.id, { playTimeLimitMinutes: 15n })
    const game = await studio(player.id)
    const message = expectRefused(await BETS.dice(client), 'protection.play_time')
    expect(message).toMatch(
      /limit of 15 minutes\. Play time starts to free up in 23 hours, 4\d minutes/,
    )
    expectRefused(await BETS.crash(client), 'protection.play_time')
    expectBlocked((await game.bet()).response, 'play_time')
    // A raise waits 24 hours; once its time has come the higher limit applies.
    await setProtection(db(), player.id, {
      playTimePendingMinutes: 60n,
      playTimePendingFrom: new Date(Date.now() + 60 * MINUTE_MS),
    })
    expectRefused(await BETS.dice(client), 'protection.play_time')
    await setProtection(db(), player.id, { playTimePendingFrom: new Date(Date.now() - MINUTE_MS) })
    expect((await BETS.dice(client)).statusCode).toBe(200)
  })

  it('does not count pauses longer than five minutes', async () => {
    const { player, client } = await fundedClientOf(t)
    // Ten bets ten minutes apart: no gap counts.
    for (let index = 0; index < 10; index++) await pastBet(player.id, 5 + index * 10)
    await setProtection(db(), player.id, { playTimeLimitMinutes: 15n })
    expect((await BETS.dice(client)).statusCode).toBe(200)
  })
})

describe('the UK’s slot cycle', () => {
  const ukClient = async () => {
    const player = await createPlayer(db(), { country: 'GB' })
    await fundPlayer(db(), player.id, 'EUR', 100_00n)
    return { player, client: await signIn(t.app, player) }
  }
  const backdate = (playerId: string, game: string, ms: number) =>
    db()
      .update(bets)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(and(eq(bets.playerId, playerId), eq(bets.game, game)))

  it('refuses a second Slots spin within 2.5 s, not the one after, nor other games', async () => {
    const { player, client } = await ukClient()
    expect((await BETS.slots(client)).statusCode).toBe(200)
    const before = await cash(player.id)
    const message = expectRefused(await BETS.slots(client), 'protection.slot_cycle')
    expect(message).toContain('at least 2.5 seconds')
    expect(await cash(player.id)).toBe(before)
    expect((await BETS.dice(client)).statusCode).toBe(200)
    await backdate(player.id, 'slots', 2_600)
    expect((await BETS.slots(client)).statusCode).toBe(200)
  })

  it('leaves a player elsewhere spinning as fast as they like', async () => {
    const { client } = await fundedClientOf(t)
    expect((await BETS.slots(client)).statusCode).toBe(200)
    expect((await BETS.slots(client)).statusCode).toBe(200)
  })

  it('refuses a studio slot’s next round within 2.5 s; more bets of the same round pass', async () => {
    const { player } = await ukClient()
    const game = await studio(player.id)
    const first = await game.bet()
    expect(first.response.statusCode, first.response.body).toBe(200)
    expect((await game.bet({ roundId: first.roundId })).response.statusCode).toBe(200)
    expectBlocked((await game.bet()).response, 'slot_cycle')
    await backdate(player.id, 'starlight-spins', 2_600)
    expect((await game.bet()).response.statusCode).toBe(200)
  })
})
