import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { breakEnd } from '#common/protection.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { fundedClient } from '#tests/factories/wallet.ts'
import { createPlayer, signIn, type SignedInClient } from '#tests/factories/players.ts'
import { everyLocale } from '#tests/helpers/engagement.ts'
import { setProtection, timeOut } from '#tests/helpers/protection.ts'
import type { Db } from '#db/client.ts'
import {
  accountBalance,
  checkBooks,
  COIN,
  inLedgerTransaction,
  postTransfer,
} from '#server/modules/ledger/index.ts'
import { bets } from '#server/modules/bets/bets.tables.ts'
import {
  lootboxes,
  playerWheels,
  shopItems,
  shopPurchases,
  wheels,
} from '#server/modules/rewards/rewards.tables.ts'
import { playerProtection } from './limits.tables.ts'

// A break taken while the player's bets are in flight, on PostgreSQL (PGlite runs one statement
// at a time, so nothing overlaps there): a bet either finished before the break's row committed
// or sees the break; once the break is taken, no bet, spin or purchase gets through, however many
// arrive at once.

const isPostgres = inject('databaseTemplate').kind === 'postgres'

let t: TestApp
const db = (): Db => t.database.db

beforeAll(async () => {
  if (isPostgres) t = await buildTestApp()
})

const dice = (client: SignedInClient) =>
  t.app.inject({
    method: 'POST',
    url: '/games/originals/dice/bet',
    headers: client.headers,
    payload: {
      amount: '100',
      currency: 'EUR',
      target: 5000,
      direction: 'under',
      client_request_id: randomUUID(),
    },
  })

const cash = (playerId: string) => accountBalance(db(), { playerId, kind: 'cash', currency: 'EUR' })
const betsOf = (playerId: string) => db().select().from(bets).where(eq(bets.playerId, playerId))
const expectBooks = async () => {
  const books = await checkBooks(db())
  expect(books.isBalanced, JSON.stringify(books)).toBe(true)
}

/**
 * Takes a 24-hour time-out in a transaction that holds the player's row for `holdMs` before it
 * commits, as the break call does while it also ends the player's studio sessions; `taken`
 * resolves once the row is written (not yet committed). Answers when it committed.
 */
function timeOutHeld(playerId: string, holdMs: number) {
  let written: () => void = () => {}
  const taken = new Promise<void>((resolve) => (written = resolve))
  const committed = db()
    .transaction(async (tx) => {
      const now = new Date()
      const values = {
        breakKind: 'time_out' as const,
        breakPeriod: '24h' as const,
        breakStartedAt: now,
        breakUntil: breakEnd('24h', now),
      }
      await tx
        .insert(playerProtection)
        .values({ playerId, ...values })
        .onConflictDoUpdate({ target: playerProtection.playerId, set: values })
      written()
      await sleep(holdMs)
    })
    .then(() => new Date())
  return { taken, committed }
}

describe.runIf(isPostgres)('a break taken while bets are in flight (PostgreSQL)', () => {
  it('lets no bet that started after it through; after it, 20 bets at once all fail', async () => {
    const { player, client } = await fundedClient(t)
    // A bet first, so this instance remembers the player as one with nothing to check.
    expect((await dice(client)).statusCode).toBe(200)
    const flight = Array.from({ length: 20 }, () => dice(client))
    const { committed } = timeOutHeld(player.id, 200)
    const answers = await Promise.all(flight)
    const committedAt = await committed
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode)
    // Every bet that was taken started before the break committed (its row's time is its
    // transaction's start: a later one would have seen the break).
    for (const bet of await betsOf(player.id)) {
      expect(bet.createdAt.getTime()).toBeLessThanOrEqual(committedAt.getTime())
    }
    const before = { cash: await cash(player.id), bets: (await betsOf(player.id)).length }
    const after = await Promise.all(Array.from({ length: 20 }, () => dice(client)))
    expect(after.map((answer) => answer.statusCode)).toEqual(Array(20).fill(409))
    expect(
      after.every(
        (answer) =>
          answer.json<{ errors: { code: string } }>().errors.code === 'protection.time_out',
      ),
    ).toBe(true)
    expect(await cash(player.id)).toBe(before.cash)
    expect((await betsOf(player.id)).length).toBe(before.bets)
    await expectBooks()
  })

  it('makes bets of a player with a protection row wait for it, and then refuses them all', async () => {
    const { player, client } = await fundedClient(t)
    // A daily play-time limit far from reached: every bet of this player locks the row.
    await setProtection(db(), player.id, { playTimeLimitMinutes: 1440n })
    expect((await dice(client)).statusCode).toBe(200)
    const before = { cash: await cash(player.id), bets: (await betsOf(player.id)).length }
    const { taken, committed } = timeOutHeld(player.id, 500)
    await taken
    const answers = await Promise.all(Array.from({ length: 20 }, () => dice(client)))
    await committed
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(409))
    expect(await cash(player.id)).toBe(before.cash)
    expect((await betsOf(player.id)).length).toBe(before.bets)
    await expectBooks()
  })
})

describe.runIf(isPostgres)('rewards at once during a break (PostgreSQL)', () => {
  it('gives none of 10 wheel spins and 10 shop purchases at once', async () => {
    const player = await createPlayer(db())
    await inLedgerTransaction(db(), (tx) =>
      postTransfer(tx, {
        idempotencyKey: `test-coins:${randomUUID()}`,
        code: 'coins_award',
        debit: { system: 'rewards_expense', currency: COIN, shardKey: player.id },
        credit: { playerId: player.id, kind: 'cash', currency: COIN },
        amountMinor: 100_00n,
      }),
    )
    const [wheel] = await db()
      .select({ id: wheels.id })
      .from(wheels)
      .where(eq(wheels.isEnabled, true))
    if (!wheel) throw new Error('the seed offers no wheel')
    await db()
      .insert(playerWheels)
      .values({ playerId: player.id, wheelId: wheel.id, spinsAvailable: 10 })
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
    const [item] = await db()
      .insert(shopItems)
      .values({
        slug: `item-${randomUUID().slice(0, 8)}`,
        kind: 'lootbox',
        prize: { kind: 'lootbox', lootboxId: box.id },
        priceCoinsMinor: 1_00n,
        texts: everyLocale({ title: 'Item', text: 'Buy it', imageAlt: 'Item' }),
        imageUrl: '/shop/test.svg',
      })
      .returning()
    if (!item) throw new Error('no item')
    await t.app.bus.publish('rewards.content.changed', {})
    const client = await signIn(t.app, player)
    await timeOut(db(), player.id)

    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'GET', url: '/en/fortune-wheel/spin', headers: client.headers }),
      ),
      ...Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/en/shop/purchase',
          headers: client.headers,
          payload: { item_id: item.id, idempotency_key: randomUUID() },
        }),
      ),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(409))
    const [spins] = await db()
      .select()
      .from(playerWheels)
      .where(and(eq(playerWheels.playerId, player.id), eq(playerWheels.wheelId, wheel.id)))
    expect(spins?.spinsAvailable).toBe(10)
    expect(
      await db().select().from(shopPurchases).where(eq(shopPurchases.playerId, player.id)),
    ).toEqual([])
    expect(await accountBalance(db(), { playerId: player.id, kind: 'cash', currency: COIN })).toBe(
      100_00n,
    )
    await expectBooks()
  })
})
