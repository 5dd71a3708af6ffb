import { and, eq, sql } from 'drizzle-orm'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { LOCALE_PREFIXES } from '#common/locales.ts'
import type { Prize, ShopItemKind, ShopLimitPeriod } from '#common/rewards-rules.ts'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createPlayer, signIn, type SignedInClient } from '#tests/factories/players.ts'
import { DEMO_PLAYER } from '#db/seed/demo-accounts.ts'
import { DEMO_WELCOME_COINS_MINOR, seedShop } from '#db/seed/rewards-shop.ts'
import { PROJECT_ROOT } from '#server/lib/paths.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { accountBalance, checkBooks, COIN, postTransfer } from '#server/modules/ledger/index.ts'
import { ledgerTransfers } from '#server/modules/ledger/ledger.tables.ts'
import { hashServerSeed, newServerSeed } from '#server/modules/originals/index.ts'
import { setPlayLimit } from '#server/modules/limits/index.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import type { ShopItem } from './rewards.contract.ts'
import {
  lootboxes,
  lotteries,
  playerLootboxes,
  playerWheels,
  shopItems,
  shopPurchases,
  wheels,
} from './rewards.tables.ts'
import { forgetShopContent, limitPeriodStart } from './shop.ts'

const isPostgres = inject('databaseTemplate').kind === 'postgres'

let t: TestApp
const db = () => t.database.db
beforeAll(async () => {
  t = await buildTestApp()
})

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>
type Client = SignedInClient & { id: string }

const textsOf = (title: string) =>
  Object.fromEntries(
    LOCALE_PREFIXES.map((locale) => [
      locale,
      { title: `${title} (${locale})`, text: `About ${title}`, imageAlt: `${title} art` },
    ]),
  ) as Record<(typeof LOCALE_PREFIXES)[number], { title: string; text: string; imageAlt: string }>

let lootboxId: number | undefined
/** A lootbox kind of the test's own (the prize of lootbox items). */
async function aLootbox(): Promise<number> {
  if (lootboxId !== undefined) return lootboxId
  const [row] = await db()
    .insert(lootboxes)
    .values({
      slug: `test-box-${randomUUID().slice(0, 8)}`,
      texts: textsOf('Box'),
      imageUrl: '/lootboxes/test.svg',
      validDays: 7,
    })
    .returning()
  lootboxId = row?.id
  if (lootboxId === undefined) throw new Error('no lootbox')
  return lootboxId
}

async function anItem(
  overrides: {
    kind?: ShopItemKind
    prize?: Prize
    priceCoinsMinor?: bigint
    stock?: number | null
    perPlayerLimit?: number | null
    limitPeriod?: ShopLimitPeriod
    isEnabled?: boolean
  } = {},
) {
  const prize = overrides.prize ?? { kind: 'lootbox', lootboxId: await aLootbox() }
  const [row] = await db()
    .insert(shopItems)
    .values({
      slug: `item-${randomUUID().slice(0, 8)}`,
      kind: overrides.kind ?? (prize.kind as ShopItemKind),
      prize,
      priceCoinsMinor: overrides.priceCoinsMinor ?? 10_000n,
      stock: overrides.stock ?? null,
      perPlayerLimit: overrides.perPlayerLimit ?? null,
      limitPeriod: overrides.limitPeriod ?? 'ever',
      texts: textsOf('Item'),
      imageUrl: '/shop/test.svg',
      sort: 1000,
      isEnabled: overrides.isEnabled ?? true,
    })
    .returning()
  if (!row) throw new Error('no item')
  forgetShopContent(db())
  return row
}

async function giveCoins(playerId: string, coinsMinor: bigint) {
  await db().transaction((tx) =>
    postTransfer(tx, {
      idempotencyKey: `test-coins:${randomUUID()}`,
      code: 'coins_award',
      debit: { system: 'rewards_expense', currency: COIN, shardKey: playerId },
      credit: { playerId, kind: 'cash', currency: COIN },
      amountMinor: coinsMinor,
    }),
  )
}

const coinsOf = (playerId: string) =>
  accountBalance(db(), { playerId, kind: 'cash', currency: COIN })

async function aPlayer(coinsMinor = 0n): Promise<Client> {
  const player = await createPlayer(db())
  if (coinsMinor > 0n) await giveCoins(player.id, coinsMinor)
  return { ...(await signIn(t.app, player)), id: player.id }
}

const buy = (client: Client, itemId: number, key = randomUUID(), lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/${lang}/shop/purchase`,
    headers: client.headers,
    payload: { item_id: itemId, idempotency_key: key },
  })

const items = async (client?: Client, lang = 'en') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/${lang}/shop/items`,
    headers: client?.headers ?? API_HEADERS,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ data: { items: ShopItem[]; player_coins: number | null } }>().data
}

const expectError = (response: Reply, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json()).toMatchObject({ success: false, errors: { code } })
}

const purchaseOf = (response: Reply) => {
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{
    data: { purchase: { id: string; item_id: number; price_coins: number }; player_coins: number }
  }>().data
}

const purchasesOf = (playerId: string) =>
  db().select().from(shopPurchases).where(eq(shopPurchases.playerId, playerId))

const debitsOf = (playerId: string) =>
  db()
    .select()
    .from(ledgerTransfers)
    .innerJoin(shopPurchases, eq(sql`${shopPurchases.id}::text`, ledgerTransfers.reference))
    .where(and(eq(shopPurchases.playerId, playerId), eq(ledgerTransfers.code, 'shop_purchase')))

describe('GET /{lang}/shop/items', () => {
  it('shows a visitor the enabled items in order, in the page’s language, without coins', async () => {
    const item = await anItem({ stock: 4, perPlayerLimit: 2, limitPeriod: 'week' })
    const hidden = await anItem({ isEnabled: false })
    const data = await items(undefined, 'de')
    expect(data.player_coins).toBeNull()
    const shown = data.items.find((entry) => entry.id === item.id)
    expect(shown).toMatchObject({
      slug: item.slug,
      kind: 'lootbox',
      title: 'Item (de)',
      image_url: '/shop/test.svg',
      image_alt: 'Item art',
      price_coins: 100,
      stock: 4,
      per_player_limit: 2,
      limit_period: 'week',
      bought: 0,
      prize: item.prize,
    })
    expect(data.items.some((entry) => entry.id === hidden.id)).toBe(false)
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/xx/shop/items',
      headers: API_HEADERS,
    })
    expectError(unknown, 404, 'site.unknown_locale')
  })

  it('tells a player their coins and what they bought in each item’s period', async () => {
    const client = await aPlayer(123_456n)
    const item = await anItem({ perPlayerLimit: 5, limitPeriod: 'day' })
    purchaseOf(await buy(client, item.id))
    const data = await items(client)
    expect(data.player_coins).toBe(1234.56 - 100)
    expect(data.items.find((entry) => entry.id === item.id)).toMatchObject({ bought: 1 })
  })

  it('shows the stock as it is now, not as cached', async () => {
    const client = await aPlayer(100_000n)
    const item = await anItem({ stock: 5 })
    await items()
    purchaseOf(await buy(client, item.id))
    expect((await items()).items.find((entry) => entry.id === item.id)?.stock).toBe(4)
  })
  it('lists lottery tickets only while a lottery sells them', async () => {
    const day = 86_400_000
    const now = Date.now()
    // Every lottery there is moves to the future: none sells tickets now.
    await db()
      .update(lotteries)
      .set({
        salesOpenAt: new Date(now + 10 * day),
        salesCloseAt: new Date(now + 11 * day),
        drawAt: new Date(now + 12 * day),
      })
    const item = await anItem({ prize: { kind: 'lottery_ticket', tickets: 1 } })
    expect((await items()).items.some((entry) => entry.id === item.id)).toBe(false)
    await db()
      .insert(lotteries)
      .values({
        slug: `test-lottery-${randomUUID().slice(0, 8)}`,
        texts: textsOf('Lottery'),
        imageUrl: '/lottery/test.svg',
        salesOpenAt: new Date(now - day),
        salesCloseAt: new Date(now + day),
        drawAt: new Date(now + 2 * day),
        maxTicketsPerPlayer: 10,
        serverSeedHash: hashServerSeed(newServerSeed()),
      })
    forgetShopContent(db())
    expect((await items()).items.some((entry) => entry.id === item.id)).toBe(true)
  })
})

describe('POST /{lang}/shop/purchase refuses what it must, changing nothing', () => {
  it('needs a signed-in player and the CSRF token', async () => {
    const item = await anItem()
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/csrf/get-new',
      headers: API_HEADERS,
    })
    const cookie = visitor.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
    const token = visitor.json<{ '_csrf-frontend': string }>()['_csrf-frontend']
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/en/shop/purchase',
      headers: { ...API_HEADERS, cookie, 'x-csrf-token': token },
      payload: { item_id: item.id, idempotency_key: randomUUID() },
    })
    expectError(signedOut, 401, 'auth.sign_in_required')
    const client = await aPlayer(100_000n)
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/en/shop/purchase',
      headers: { ...client.headers, 'x-csrf-token': 'wrong' },
      payload: { item_id: item.id, idempotency_key: randomUUID() },
    })
    expectError(noCsrf, 403, 'csrf.invalid')
    expect(await purchasesOf(client.id)).toHaveLength(0)
    expect(await coinsOf(client.id)).toBe(100_000n)
  })

  it('refuses a bad body', async () => {
    const client = await aPlayer(100_000n)
    for (const payload of [
      {},
      { item_id: 'one', idempotency_key: randomUUID() },
      { item_id: -1, idempotency_key: randomUUID() },
      { item_id: 1, idempotency_key: 'short' },
      { item_id: 1, idempotency_key: 'k'.repeat(81) },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/en/shop/purchase',
        headers: client.headers,
        payload,
      })
      expectError(response, 400, 'request.invalid')
    }
    expect(await purchasesOf(client.id)).toHaveLength(0)
  })

  it('answers 404 for an unknown or withdrawn item', async () => {
    const client = await aPlayer(100_000n)
    expectError(await buy(client, 2_000_000_000), 404, 'shop.item_not_found')
    const withdrawn = await anItem({ isEnabled: false })
    expectError(await buy(client, withdrawn.id), 404, 'shop.item_not_found')
    expect(await coinsOf(client.id)).toBe(100_000n)
  })

  it('refuses a player without enough coins, naming the price and their coins', async () => {
    const client = await aPlayer(5_050n)
    const item = await anItem({ priceCoinsMinor: 10_000n, stock: 3 })
    const response = await buy(client, item.id)
    expectError(response, 409, 'shop.not_enough_coins')
    expect(response.json()).toMatchObject({
      message: 'This item costs 100 coins and you have 50.5.',
    })
    expect(await coinsOf(client.id)).toBe(5_050n)
    expect(await purchasesOf(client.id)).toHaveLength(0)
    const [after] = await db().select().from(shopItems).where(eq(shopItems.id, item.id))
    expect(after?.stock).toBe(3)
  })

  it('refuses a sold-out item', async () => {
    const client = await aPlayer(100_000n)
    const item = await anItem({ stock: 1 })
    purchaseOf(await buy(client, item.id))
    expectError(await buy(client, item.id), 409, 'shop.sold_out')
    expect(await coinsOf(client.id)).toBe(90_000n)
  })

  it.each(['day', 'week', 'ever'] as const)(
    'stops at the limit per player and %s',
    async (period) => {
      const client = await aPlayer(100_000n)
      const item = await anItem({ perPlayerLimit: 2, limitPeriod: period })
      purchaseOf(await buy(client, item.id))
      purchaseOf(await buy(client, item.id))
      const third = await buy(client, item.id)
      expectError(third, 409, 'shop.limit_reached')
      expect(third.json()).toMatchObject({
        message: 'You have bought this item 2 times, as often as its limit allows for now.',
      })
      expect(await coinsOf(client.id)).toBe(80_000n)
      // Another player has a limit of their own.
      purchaseOf(await buy(await aPlayer(10_000n), item.id))
      if (period === 'ever') return
      // Purchases before the period began do not count.
      await db()
        .update(shopPurchases)
        .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
        .where(eq(shopPurchases.playerId, client.id))
      purchaseOf(await buy(client, item.id))
    },
  )

  it('refuses a player whose limits bar them from play', async () => {
    const client = await aPlayer(100_000n)
    const item = await anItem()
    await setPlayLimit(db(), {
      playerId: client.id,
      currency: 'EUR',
      rates: await loadRates(db()),
      kind: 'loss',
      period: 'day',
      amountMinor: 0n,
    })
    expectError(await buy(client, item.id), 409, 'rewards.barred')
    expect(await coinsOf(client.id)).toBe(100_000n)
  })
})

describe('one key, one purchase', () => {
  it('answers the first purchase again for the same key, with one debit', async () => {
    const client = await aPlayer(100_000n)
    const item = await anItem()
    const key = randomUUID()
    const first = purchaseOf(await buy(client, item.id, key))
    const again = purchaseOf(await buy(client, item.id, key))
    expect(again.purchase).toEqual(first.purchase)
    expect(await purchasesOf(client.id)).toHaveLength(1)
    expect(await debitsOf(client.id)).toHaveLength(1)
    expect(await coinsOf(client.id)).toBe(90_000n)
  })

  it('refuses the same key for another item', async () => {
    const client = await aPlayer(100_000n)
    const [one, other] = [await anItem(), await anItem()]
    const key = randomUUID()
    purchaseOf(await buy(client, one.id, key))
    expectError(await buy(client, other.id, key), 409, 'shop.key_reused')
    expect(await coinsOf(client.id)).toBe(90_000n)
  })

  it('lets two players use the same key', async () => {
    const key = randomUUID()
    const item = await anItem()
    purchaseOf(await buy(await aPlayer(10_000n), item.id, key))
    purchaseOf(await buy(await aPlayer(10_000n), item.id, key))
  })
})

describe('what a purchase gives', () => {
  it('a lootbox: coins out to the house, the lootbox in, the stock down', async () => {
    const client = await aPlayer(25_000n)
    const item = await anItem({ priceCoinsMinor: 20_000n, stock: 10 })
    const answer = purchaseOf(await buy(client, item.id))
    expect(answer).toMatchObject({
      purchase: { item_id: item.id, price_coins: 200 },
      player_coins: 50,
    })
    expect(await coinsOf(client.id)).toBe(5_000n)
    const boxes = await db()
      .select()
      .from(playerLootboxes)
      .where(eq(playerLootboxes.playerId, client.id))
    expect(boxes).toMatchObject([
      {
        lootboxId: await aLootbox(),
        status: 'active',
        sourceKey: `prize:shop:${answer.purchase.id}`,
      },
    ])
    const [after] = await db().select().from(shopItems).where(eq(shopItems.id, item.id))
    expect(after?.stock).toBe(9)
    const [debit] = await debitsOf(client.id)
    expect(debit?.ledger_transfers).toMatchObject({ amountMinor: 20_000n, code: 'shop_purchase' })
  })

  it('wheel spins on the offered wheel', async () => {
    const [offered] = await db().select().from(wheels).where(eq(wheels.isEnabled, true)).limit(1)
    if (!offered) {
      await db()
        .insert(wheels)
        .values({ slug: 'test-wheel', texts: textsOf('Wheel'), spinEveryEurMinor: 5_000n })
    }
    const client = await aPlayer(10_000n)
    const item = await anItem({ prize: { kind: 'wheel_spin', spins: 3 } })
    const told: { wheel: unknown[]; coins: unknown[] } = { wheel: [], coins: [] }
    const stops = [
      t.app.bus.subscribe('wheel.progress', (event) => {
        if (event.playerId === client.id) told.wheel.push(event)
      }),
      t.app.bus.subscribe('wallet.changed', (event) => {
        if (event.playerId === client.id && event.currency_id === COIN) told.coins.push(event)
      }),
    ]
    purchaseOf(await buy(client, item.id))
    await vi.waitFor(() => {
      expect(told.wheel).toMatchObject([{ player_can_spin: true, spins_available: 3 }])
      expect(told.coins).toMatchObject([{ cents: '0' }])
    })
    for (const stop of stops) stop()
    const [standing] = await db()
      .select()
      .from(playerWheels)
      .where(eq(playerWheels.playerId, client.id))
    expect(standing?.spinsAvailable).toBe(3)
  })
})

describe('the seeded shop', () => {
  const seeded = () =>
    db()
      .select()
      .from(shopItems)
      .where(sql`${shopItems.imageUrl} like '/shop/%' and ${shopItems.slug} not like 'item-%'`)

  it('sells every kind across the price bands, with art for each item', async () => {
    const rows = await seeded()
    const bySlug = new Map(rows.map((row) => [row.slug, row]))
    for (const slug of [
      'bonus-money-5',
      'bonus-money-10',
      'free-spins-10',
      'free-spins-25',
      'wheel-spin-1',
      'wheel-spins-3',
      'lottery-ticket',
    ]) {
      expect(bySlug.has(slug), slug).toBe(true)
    }
    expect(bySlug.get('bonus-money-5')).toMatchObject({
      prize: { kind: 'bonus', eurMinor: '500' },
      perPlayerLimit: 1,
      limitPeriod: 'week',
    })
    expect(bySlug.get('free-spins-25')?.prize).toMatchObject({
      kind: 'free_spins',
      spins: 25,
      stakeEurMinor: '20',
    })
    expect(bySlug.get('lottery-ticket')).toMatchObject({ perPlayerLimit: 20, limitPeriod: 'week' })
    const boxes = await db().select().from(lootboxes)
    if (boxes.some((box) => box.slug === 'gold')) {
      expect(bySlug.get('gold-lootbox')).toMatchObject({ stock: 100 })
    }
    for (const row of rows) {
      expect(existsSync(join(PROJECT_ROOT, 'public', row.imageUrl)), row.imageUrl).toBe(true)
      for (const locale of LOCALE_PREFIXES) {
        expect(row.texts[locale].title.trim(), `${row.slug} ${locale}`).not.toBe('')
      }
    }
    expect(rows[0]?.texts['ar-en'].title).toMatch(/[\u0600-\u06FF]/)
  })

  it('gives the demo player welcome coins once, and changes nothing when run again', async () => {
    const [demo] = await db().select().from(players).where(eq(players.email, DEMO_PLAYER.email))
    if (!demo) throw new Error('no demo player')
    // Other seeds pay the demo player coins too (last week's lottery): the welcome is its transfer.
    const coinsBefore = await coinsOf(demo.id)
    const before = (await seeded()).length
    await db().transaction((tx) => seedShop(tx, new Date()))
    expect(await seeded()).toHaveLength(before)
    expect(await coinsOf(demo.id)).toBe(coinsBefore)
    const welcome = await db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, 'coins:seed:demo-welcome'))
    expect(welcome).toHaveLength(1)
    expect(welcome[0]?.amountMinor).toBe(DEMO_WELCOME_COINS_MINOR)
  })
})

describe('limit periods', () => {
  it('start at the UTC day and the ISO week’s Monday', () => {
    const sunday = new Date('2026-11-29T23:30:00Z')
    expect(limitPeriodStart('day', sunday)?.toISOString()).toBe('2026-11-29T00:00:00.000Z')
    expect(limitPeriodStart('week', sunday)?.toISOString()).toBe('2026-11-23T00:00:00.000Z')
    const monday = new Date('2026-11-23T00:00:00Z')
    expect(limitPeriodStart('week', monday)?.toISOString()).toBe('2026-11-23T00:00:00.000Z')
    expect(limitPeriodStart('ever', monday)).toBeNull()
  })
})

describe('the books', () => {
  it('balance after every purchase above', async () => {
    const books = await checkBooks(db())
    expect(books.isBalanced, JSON.stringify(books)).toBe(true)
  })
})

describe.runIf(isPostgres)('simultaneous purchases (PostgreSQL)', () => {
  it('20 at once with coins for exactly 5: 5 succeed and no coin is left', async () => {
    const client = await aPlayer(50_000n)
    const item = await anItem({ priceCoinsMinor: 10_000n })
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(client, item.id)))
    const codes = answers.map((answer) => answer.statusCode)
    expect(codes.filter((code) => code === 200)).toHaveLength(5)
    for (const answer of answers.filter((entry) => entry.statusCode !== 200)) {
      expectError(answer, 409, 'shop.not_enough_coins')
    }
    expect(await coinsOf(client.id)).toBe(0n)
    expect(await purchasesOf(client.id)).toHaveLength(5)
  })

  it('10 players at once for a stock of 3: exactly 3 get one', async () => {
    const clients = await Promise.all(Array.from({ length: 10 }, () => aPlayer(10_000n)))
    const item = await anItem({ stock: 3 })
    const answers = await Promise.all(clients.map((client) => buy(client, item.id)))
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3)
    for (const answer of answers.filter((entry) => entry.statusCode !== 200)) {
      expectError(answer, 409, 'shop.sold_out')
    }
    const [after] = await db().select().from(shopItems).where(eq(shopItems.id, item.id))
    expect(after?.stock).toBe(0)
  })

  it('10 at once with one key: one purchase, one debit, the same answer', async () => {
    const client = await aPlayer(100_000n)
    const item = await anItem()
    const key = randomUUID()
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(client, item.id, key)))
    const ids = new Set(answers.map((answer) => purchaseOf(answer).purchase.id))
    expect(ids.size).toBe(1)
    expect(await purchasesOf(client.id)).toHaveLength(1)
    expect(await debitsOf(client.id)).toHaveLength(1)
    expect(await coinsOf(client.id)).toBe(90_000n)
  })

  it('one key for two items at once: one purchase, the other 409', async () => {
    const client = await aPlayer(100_000n)
    const [one, other] = [await anItem(), await anItem()]
    const key = randomUUID()
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => buy(client, n % 2 === 0 ? one.id : other.id, key)),
    )
    const [row] = await purchasesOf(client.id)
    for (const [n, answer] of answers.entries()) {
      const itemId = n % 2 === 0 ? one.id : other.id
      if (itemId === row?.itemId) expect(purchaseOf(answer).purchase.id).toBe(row.id)
      else expectError(answer, 409, 'shop.key_reused')
    }
    expect(await purchasesOf(client.id)).toHaveLength(1)
    expect(await coinsOf(client.id)).toBe(90_000n)
  })

  it('the books balance', async () => {
    const books = await checkBooks(db())
    expect(books.isBalanced, JSON.stringify(books)).toBe(true)
  })
})
