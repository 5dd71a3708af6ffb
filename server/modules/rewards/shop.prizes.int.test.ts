import { and, eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCALE_PREFIXES, type LocalePrefix } from '#common/locales.ts'
import type { Prize } from '#common/rewards-rules.ts'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createPlayer, signIn, type SignedInClient } from '#tests/factories/players.ts'
import { playerBonuses } from '#server/modules/bonuses/bonuses.tables.ts'
import { games } from '#server/modules/catalogue/catalogue.tables.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import { translationOverrides } from '#server/modules/site/site.tables.ts'
import { accountBalance, checkBooks, COIN, postTransfer } from '#server/modules/ledger/index.ts'
import { hashServerSeed, newServerSeed } from '#server/modules/originals/index.ts'
import { freeSpinGrants } from '#server/modules/studios/studios.tables.ts'
import type { ShopItem } from './rewards.contract.ts'
import { lotteries, lotteryTickets, shopItems } from './rewards.tables.ts'
import { forgetShopContent } from './shop.ts'

// What the shop's bonus-money, free-spin and lottery-ticket items give: each lands through
// another part's function (the bonuses module, the studios module, the lottery's tickets).

let t: TestApp
const db = () => t.database.db
beforeAll(async () => {
  t = await buildTestApp()
})

type Texts = Record<LocalePrefix, { title: string; text: string; imageAlt: string }>
const texts = (title: string) =>
  Object.fromEntries(
    LOCALE_PREFIXES.map((locale) => [locale, { title, text: title, imageAlt: title }]),
  ) as Texts

async function anItem(prize: Prize) {
  const [row] = await db()
    .insert(shopItems)
    .values({
      slug: `prize-item-${randomUUID().slice(0, 8)}`,
      kind: prize.kind as ShopItem['kind'],
      prize,
      priceCoinsMinor: 10_000n,
      texts: texts('Item'),
      imageUrl: '/shop/test.svg',
    })
    .returning()
  if (!row) throw new Error('no item')
  forgetShopContent(db())
  return row
}

async function aPlayer(): Promise<SignedInClient & { id: string }> {
  const player = await createPlayer(db())
  await db().transaction((tx) =>
    postTransfer(tx, {
      idempotencyKey: `test-coins:${randomUUID()}`,
      code: 'coins_award',
      debit: { system: 'rewards_expense', currency: COIN, shardKey: player.id },
      credit: { playerId: player.id, kind: 'cash', currency: COIN },
      amountMinor: 30_000n,
    }),
  )
  return { ...(await signIn(t.app, player)), id: player.id }
}

const buy = (client: SignedInClient, itemId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/en/shop/purchase',
    headers: client.headers,
    payload: { item_id: itemId, idempotency_key: randomUUID() },
  })

const coinsOf = (playerId: string) =>
  accountBalance(db(), { playerId, kind: 'cash', currency: COIN })

const listed = async (itemId: number) => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/en/shop/items',
    headers: API_HEADERS,
  })
  return response.json<{ data: { items: ShopItem[] } }>().data.items.some((i) => i.id === itemId)
}

describe('what a purchase gives (other parts’ grants)', () => {
  it('bonus money: a reward bonus in the player’s currency', async () => {
    const client = await aPlayer()
    const item = await anItem({ kind: 'bonus', eurMinor: '500' })
    const answer = await buy(client, item.id)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(await coinsOf(client.id)).toBe(20_000n)
    const bonuses = await db()
      .select({ currency: playerBonuses.currency })
      .from(playerBonuses)
      .where(eq(playerBonuses.playerId, client.id))
    expect(bonuses).toMatchObject([{ currency: 'EUR' }])
  })

  it('free spins on a Demo Studio slot at the stake in the player’s currency', async () => {
    const [slot] = await db()
      .select({ id: games.id })
      .from(games)
      .where(and(eq(games.slug, 'starlight-spins'), eq(games.providerId, 'demo-studio')))
    if (!slot) throw new Error('no Demo Studio slot')
    const client = await aPlayer()
    const item = await anItem({
      kind: 'free_spins',
      gameId: slot.id,
      spins: 10,
      stakeEurMinor: '20',
    })
    const answer = await buy(client, item.id)
    expect(answer.statusCode, answer.body).toBe(200)
    const grants = await db()
      .select()
      .from(freeSpinGrants)
      .where(eq(freeSpinGrants.playerId, client.id))
    expect(grants).toMatchObject([
      { gameId: slot.id, currency: 'EUR', stakeMinor: 20n, spinsTotal: 10, spinsLeft: 10 },
    ])
  })

  it('words the prize’s notice with the operator’s translation override', async () => {
    await db().insert(translationOverrides).values({
      locale: 'en',
      key: 'notifications_text.free_spins_received',
      value: 'Your {{count}} spins on {{game}} are ready.',
    })
    await t.app.bus.publish('site.changed', { scope: 'translations' })
    const [slot] = await db()
      .select({ id: games.id, title: games.title })
      .from(games)
      .where(and(eq(games.slug, 'starlight-spins'), eq(games.providerId, 'demo-studio')))
    if (!slot) throw new Error('no Demo Studio slot')
    const client = await aPlayer()
    const item = await anItem({
      kind: 'free_spins',
      gameId: slot.id,
      spins: 5,
      stakeEurMinor: '20',
    })
    expect((await buy(client, item.id)).statusCode).toBe(200)
    const sent = await db()
      .select({ text: notifications.text })
      .from(notifications)
      .where(
        and(eq(notifications.playerId, client.id), eq(notifications.type, 'free_spins_received')),
      )
    expect(sent).toEqual([{ text: `Your 5 spins on ${slot.title} are ready.` }])
  })

  it('lottery tickets: none while no lottery sells them, bought ones while one does', async () => {
    // Every lottery there is moves to the future: none sells tickets now.
    const day = 86_400_000
    const now = Date.now()
    await db()
      .update(lotteries)
      .set({
        salesOpenAt: new Date(now + 10 * day),
        salesCloseAt: new Date(now + 11 * day),
        drawAt: new Date(now + 12 * day),
      })
    const item = await anItem({ kind: 'lottery_ticket', tickets: 2 })
    expect(await listed(item.id)).toBe(false)
    const client = await aPlayer()
    const refused = await buy(client, item.id)
    expect(refused.statusCode, refused.body).toBe(409)
    expect(refused.json()).toMatchObject({ errors: { code: 'shop.no_open_lottery' } })
    expect(await coinsOf(client.id)).toBe(30_000n)

    const seed = newServerSeed()
    const [lottery] = await db()
      .insert(lotteries)
      .values({
        slug: `test-lottery-${randomUUID().slice(0, 8)}`,
        texts: texts('Lottery'),
        imageUrl: '/lottery/test.svg',
        salesOpenAt: new Date(now - day),
        salesCloseAt: new Date(now + day),
        drawAt: new Date(now + 2 * day),
        maxTicketsPerPlayer: 20,
        serverSeedHash: hashServerSeed(seed),
      })
      .returning()
    if (!lottery) throw new Error('no lottery')
    forgetShopContent(db())
    expect(await listed(item.id)).toBe(true)
    const answer = await buy(client, item.id)
    expect(answer.statusCode, answer.body).toBe(200)
    const tickets = await db()
      .select()
      .from(lotteryTickets)
      .where(eq(lotteryTickets.playerId, client.id))
    expect(tickets).toHaveLength(2)
    expect(tickets.every((ticket) => ticket.lotteryId === lottery.id)).toBe(true)
    expect(tickets.every((ticket) => ticket.source === 'bought')).toBe(true)
    expect(await coinsOf(client.id)).toBe(20_000n)
  })

  it('leaves the books balanced', async () => {
    const books = await checkBooks(db())
    expect(books.isBalanced, JSON.stringify(books)).toBe(true)
  })
})
