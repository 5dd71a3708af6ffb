import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { createPlayer, signIn } from '#tests/factories/players.ts'
import { eurBalancesOf, playerWithBonus } from '#tests/factories/wagering.ts'
import { playerBonuses } from '#server/modules/bonuses/bonuses.tables.ts'
import { providerCall } from '#tests/helpers/provider-api.ts'
import { seedGameId } from '#db/seed/games.ts'
import { AppError } from '#server/lib/errors.ts'
import { accountBalance, checkBooks, inLedgerTransaction } from '#server/modules/ledger/index.ts'
import { ledgerTransfers } from '#server/modules/ledger/ledger.tables.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import { grantFreeSpins } from './free-spins.ts'
import { createLaunchToken } from './provider-wallet.ts'
import { freeSpinGrants, providerTransactions } from './studios.tables.ts'
import { insertNotification } from '#server/modules/notifications/index.ts'
import { shippedWording } from '#tests/helpers/engagement.ts'

// Free spins through the seamless wallet, exactly as a studio's server calls it (signed HTTP):
// a free round's bet takes one spin and house money, its win is the player's cash, a rollback
// gives the spin back; every wrong use is refused and moves nothing.

const isPostgres = inject('databaseTemplate').kind === 'postgres'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
const db = () => t.database.db

const GAME = 'starlight-spins'
const OTHER_GAME = 'neon-nights'
const call = (name: string, body: unknown) => providerCall(t.app, name, body)

async function fundedPlayer(amountMinor = 10_000n) {
  const player = await createPlayer(db())
  await fundPlayer(db(), player.id, 'EUR', amountMinor)
  return player
}

const cash = (playerId: string) => accountBalance(db(), { playerId, kind: 'cash', currency: 'EUR' })

async function grant(
  playerId: string,
  input: { spins?: number; stake?: bigint; game?: string; now?: Date; key?: string } = {},
) {
  const id = await inLedgerTransaction(db(), (tx) =>
    grantFreeSpins(tx, {
      playerId,
      gameId: seedGameId(input.game ?? GAME),
      currency: 'EUR',
      spins: input.spins ?? 3,
      stakeMinor: input.stake ?? 100n,
      key: input.key ?? `prize:test:${randomUUID()}`,
      now: input.now ?? new Date(),
      notify: insertNotification,
      wording: shippedWording,
    }),
  )
  if (!id) throw new Error('no grant')
  return id
}

const grantRow = async (id: string) => {
  const [row] = await db().select().from(freeSpinGrants).where(eq(freeSpinGrants.id, id))
  if (!row) throw new Error('grant vanished')
  return row
}

async function session(playerId: string, game = GAME) {
  const { token } = await createLaunchToken(db(), {
    playerId,
    gameId: seedGameId(game),
    currency: 'EUR',
  })
  const answer = await call('authenticate', { token })
  expect(answer.statusCode).toBe(200)
  const body = answer.json<{ session: string; player_id: string; free_rounds: unknown[] }>()
  return { session: body.session, player_id: body.player_id, freeRounds: body.free_rounds }
}
type Session = Awaited<ReturnType<typeof session>>

const ids = () => ({ transaction_id: `tx-${randomUUID()}`, round_id: `round-${randomUUID()}` })
const freeBet = (
  s: Session,
  fields: { transaction_id: string; round_id: string; free_round_id: string; amount?: string },
) =>
  call('bet', {
    session: s.session,
    player_id: s.player_id,
    currency: 'EUR',
    amount: '100',
    ...fields,
  })

const expectBooks = async () => {
  const books = await checkBooks(db())
  expect(books.isBalanced, JSON.stringify(books)).toBe(true)
}

describe('granting free spins', () => {
  it('stores the grant once per key, tells the player, and shows it to the studio and the player', async () => {
    const player = await fundedPlayer()
    const key = `prize:test:${randomUUID()}`
    const id = await grant(player.id, { spins: 5, key })
    const again = await inLedgerTransaction(db(), (tx) =>
      grantFreeSpins(tx, {
        playerId: player.id,
        gameId: seedGameId(GAME),
        currency: 'EUR',
        spins: 5,
        stakeMinor: 100n,
        key,
        now: new Date(),
        notify: insertNotification,
        wording: shippedWording,
      }),
    )
    expect(again).toBeUndefined()
    const rows = await db()
      .select()
      .from(freeSpinGrants)
      .where(eq(freeSpinGrants.playerId, player.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000)
    const notes = await db()
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.playerId, player.id), eq(notifications.type, 'free_spins_received')),
      )
    expect(notes).toHaveLength(1)
    expect(notes[0]?.url).toBe(`/en/game/${GAME}/`)
    expect(notes[0]?.text).toContain('5')
    expect(notes[0]?.text).not.toContain('notifications_text')

    const s = await session(player.id)
    expect(s.freeRounds).toEqual([
      {
        id,
        spins_left: 5,
        stake_minor: '100',
        currency: 'EUR',
        expires_at: rows[0]?.expiresAt.toISOString(),
      },
    ])
    // Another game's session does not see them.
    expect((await session(player.id, OTHER_GAME)).freeRounds).toEqual([])
    const balance = await call('balance', { session: s.session, player_id: s.player_id })
    expect(balance.json()).toMatchObject({ balance: '10000', free_rounds: [{ id, spins_left: 5 }] })

    const client = await signIn(t.app, player)
    const list = await t.app.inject({
      method: 'GET',
      url: '/en/free-spins',
      headers: client.headers,
    })
    expect(list.statusCode).toBe(200)
    expect(list.json()).toMatchObject({
      success: true,
      data: {
        free_spins: [
          {
            id,
            game_slug: GAME,
            game_title: 'Starlight Spins',
            spins_left: 5,
            spins_total: 5,
            stake: '100',
            currency: 'EUR',
            won: '0',
          },
        ],
      },
    })
  })

  it('refuses a game that is not a studio game, and answers 401 to a visitor', async () => {
    const player = await fundedPlayer()
    const refused = inLedgerTransaction(db(), (tx) =>
      grantFreeSpins(tx, {
        playerId: player.id,
        gameId: seedGameId('dice'),
        currency: 'EUR',
        spins: 5,
        stakeMinor: 100n,
        key: `prize:test:${randomUUID()}`,
        now: new Date(),
        notify: insertNotification,
        wording: shippedWording,
      }),
    )
    await expect(refused).rejects.toBeInstanceOf(AppError)
    await expect(refused).rejects.toMatchObject({ code: 'rewards.invalid_prize' })
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/en/free-spins',
      headers: API_HEADERS,
    })
    expect(visitor.statusCode).toBe(401)
    const client = await signIn(t.app, player)
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/xx/free-spins',
      headers: client.headers,
    })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('free rounds in the seamless wallet', () => {
  it('a free round takes a spin and house money, its win goes to cash, a repeat answers the first', async () => {
    const player = await fundedPlayer()
    const id = await grant(player.id, { spins: 3 })
    const s = await session(player.id)
    const round = ids()
    const placed = await freeBet(s, { ...round, free_round_id: id })
    expect(placed.statusCode).toBe(200)
    expect(placed.json()).toMatchObject({ status: 'ok', balance: '10000' })
    expect(await cash(player.id)).toBe(10_000n)
    expect((await grantRow(id)).spinsLeft).toBe(2)
    const [stake] = await db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `provider-bet:demo-studio:${round.transaction_id}`))
    expect(stake?.code).toBe('free_spin_stake')

    // The same transaction id again: the first answer, no second spin.
    const repeat = await freeBet(s, { ...round, free_round_id: id })
    expect(repeat.statusCode).toBe(200)
    expect(repeat.json()).toEqual(placed.json())
    expect((await grantRow(id)).spinsLeft).toBe(2)
    // The same id as a bet of the player's own money is another call.
    const conflict = await call('bet', {
      session: s.session,
      player_id: s.player_id,
      currency: 'EUR',
      amount: '100',
      ...round,
    })
    expect(conflict.json()).toMatchObject({ code: 'transaction_conflict' })

    const paid = await call('win', {
      session: s.session,
      player_id: s.player_id,
      currency: 'EUR',
      transaction_id: `win-${randomUUID()}`,
      round_id: round.round_id,
      amount: '250',
    })
    expect(paid.statusCode).toBe(200)
    expect(paid.json()).toMatchObject({ balance: '10250', amount: '250' })
    expect(await cash(player.id)).toBe(10_250n)
    expect((await grantRow(id)).wonMinor).toBe(250n)
    await expectBooks()
  })

  it('a rollback gives the spin back and the stake to the house', async () => {
    const player = await fundedPlayer()
    const id = await grant(player.id, { spins: 1 })
    const s = await session(player.id)
    const round = ids()
    expect((await freeBet(s, { ...round, free_round_id: id })).statusCode).toBe(200)
    expect((await grantRow(id)).spinsLeft).toBe(0)
    const used = await freeBet(s, { ...ids(), free_round_id: id })
    expect(used.statusCode).toBe(409)
    expect(used.json()).toMatchObject({ code: 'free_round_used_up' })
    const back = await call('rollback', {
      session: s.session,
      player_id: s.player_id,
      transaction_id: `rb-${randomUUID()}`,
      bet_transaction_id: round.transaction_id,
      round_id: round.round_id,
    })
    expect(back.statusCode).toBe(200)
    expect(back.json()).toMatchObject({ balance: '10000' })
    expect((await grantRow(id)).spinsLeft).toBe(1)
    expect(await cash(player.id)).toBe(10_000n)
    // The spin can be played again.
    expect((await freeBet(s, { ...ids(), free_round_id: id })).statusCode).toBe(200)
    await expectBooks()
  })

  it('refuses an expired, someone else’s, another game’s, a wrong stake’s or a used-up grant, moving nothing', async () => {
    const player = await fundedPlayer()
    const stranger = await fundedPlayer()
    const s = await session(player.id)
    const expired = await grant(player.id, { now: new Date(Date.now() - 8 * 86_400_000) })
    const theirs = await grant(stranger.id)
    const otherGame = await grant(player.id, { game: OTHER_GAME })
    const mine = await grant(player.id, { spins: 2, stake: 100n })
    const empty = await grant(player.id, { spins: 1 })
    expect((await freeBet(s, { ...ids(), free_round_id: empty })).statusCode).toBe(200)
    const transfersBefore = (await db().select().from(ledgerTransfers)).length
    const txBefore = (await db().select().from(providerTransactions)).length

    const cases: [string, Record<string, string>, number, string][] = [
      ['expired', { free_round_id: expired }, 409, 'free_round_expired'],
      ['someone else’s', { free_round_id: theirs }, 404, 'free_round_not_found'],
      ['unknown', { free_round_id: randomUUID() }, 404, 'free_round_not_found'],
      ['another game’s', { free_round_id: otherGame }, 409, 'free_round_wrong_game'],
      ['wrong stake', { free_round_id: mine, amount: '200' }, 400, 'free_round_stake_mismatch'],
      ['used up', { free_round_id: empty }, 409, 'free_round_used_up'],
    ]
    for (const [name, fields, status, code] of cases) {
      const answer = await freeBet(s, { ...ids(), free_round_id: '', ...fields })
      expect(answer.statusCode, name).toBe(status)
      expect(answer.json(), name).toMatchObject({ status: 'error', code })
    }
    const mismatch = await freeBet(s, { ...ids(), free_round_id: mine, amount: '200' })
    expect(mismatch.json()).toMatchObject({ min: '100', max: '100' })
    expect((await db().select().from(ledgerTransfers)).length).toBe(transfersBefore)
    expect((await db().select().from(providerTransactions)).length).toBe(txBefore)
    expect((await grantRow(mine)).spinsLeft).toBe(2)
    expect((await grantRow(theirs)).spinsLeft).toBe(3)
    expect(await cash(player.id)).toBe(10_000n)
    expect(await cash(stranger.id)).toBe(10_000n)
    await expectBooks()
  })
})

describe('free rounds and bonus money', () => {
  it('never use bonus money nor count toward wagering', async () => {
    const { player, bonusId } = await playerWithBonus(t, {
      cash: 0n,
      bonus: 1_000n,
      required: 10_000n,
    })
    const id = await grant(player.id, { spins: 2, stake: 400n })
    const s = await session(player.id)
    const round = ids()
    const placed = await freeBet(s, { ...round, free_round_id: id, amount: '400' })
    expect(placed.statusCode).toBe(200)
    await call('win', {
      session: s.session,
      player_id: s.player_id,
      currency: 'EUR',
      transaction_id: `win-${randomUUID()}`,
      round_id: round.round_id,
      amount: '800',
    })
    expect(await eurBalancesOf(db(), player.id)).toMatchObject({ cash: 800n, bonus: 1_000n })
    const [bonus] = await db().select().from(playerBonuses).where(eq(playerBonuses.id, bonusId))
    expect(bonus?.wageredMinor).toBe(0n)
    await expectBooks()
  })
})

describe.runIf(isPostgres)('free rounds under concurrency (PostgreSQL)', () => {
  it('20 simultaneous free-round bets on a grant of 5: exactly 5 succeed', async () => {
    const player = await fundedPlayer()
    const id = await grant(player.id, { spins: 5 })
    const s = await session(player.id)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => freeBet(s, { ...ids(), free_round_id: id })),
    )
    const codes = answers.map((answer) => answer.statusCode)
    expect(codes.filter((code) => code === 200)).toHaveLength(5)
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.json()).toMatchObject({ code: 'free_round_used_up' })
    }
    expect((await grantRow(id)).spinsLeft).toBe(0)
    expect(await cash(player.id)).toBe(10_000n)
    await expectBooks()
  }, 30_000)
})
