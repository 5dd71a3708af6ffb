import { and, asc, eq, gte, isNotNull, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import type { LocalePrefix } from '#common/locales.ts'
import { coinsOfMinor } from '#common/engagement-rules.ts'
import { lotteryPhase, type ShopLimitPeriod } from '#common/rewards-rules.ts'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import {
  accountBalance,
  COIN,
  inLedgerTransaction,
  postTransfer,
} from '#server/modules/ledger/index.ts'
import { assertNotBarredFromPlay } from '#server/modules/limits/index.ts'
import { type RateTable } from '#server/modules/wallet/index.ts'
import type { Notify } from '#server/modules/notifications/index.ts'
import type { Wording } from '#server/modules/site/index.ts'
import { grantPrize, type GrantedPrize } from './prizes.ts'
import type { ShopItem, ShopPurchaseSchema } from './rewards.contract.ts'
import { lotteries, shopItems, shopPurchases } from './rewards.tables.ts'

type ShopItemRow = typeof shopItems.$inferSelect
type PurchaseRow = typeof shopPurchases.$inferSelect

/**
 * The shop's enabled items and the lotteries' schedules (whether tickets sell is a matter of the
 * clock): read on every shop page and changed a few times a month, so kept for half a minute per
 * database handle and dropped at once on `rewards.content.changed` from any instance.
 */
const CONTENT_CACHE_MS = 30_000
interface ShopContent {
  items: ShopItemRow[]
  lotteries: { salesOpenAt: Date; salesCloseAt: Date; drawnAt: Date | null }[]
}
const cache = new WeakMap<Db | Tx, { value: Promise<ShopContent>; readAtMs: number }>()

export function forgetShopContent(db: Db | Tx): void {
  cache.delete(db)
}

async function readContent(db: Db | Tx): Promise<ShopContent> {
  const items = await db
    .select()
    .from(shopItems)
    .where(eq(shopItems.isEnabled, true))
    .orderBy(asc(shopItems.sort), asc(shopItems.id))
  const schedules = await db
    .select({
      salesOpenAt: lotteries.salesOpenAt,
      salesCloseAt: lotteries.salesCloseAt,
      drawnAt: lotteries.drawnAt,
    })
    .from(lotteries)
    .where(eq(lotteries.isEnabled, true))
  return { items, lotteries: schedules }
}

function loadShopContent(db: Db | Tx): Promise<ShopContent> {
  const cached = cache.get(db)
  if (cached && Date.now() - cached.readAtMs < CONTENT_CACHE_MS) return cached.value
  const value = readContent(db)
  value.catch(() => cache.delete(db))
  cache.set(db, { value, readAtMs: Date.now() })
  return value
}

/** Where the limit period holding `now` began: the UTC day, the ISO week (Monday), or never. */
export function limitPeriodStart(period: ShopLimitPeriod, now: Date): Date | null {
  if (period === 'ever') return null
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  if (period === 'day') return day
  const weekday = day.getUTCDay() || 7
  return new Date(day.getTime() - (weekday - 1) * 86_400_000)
}

const toShopItem = (row: ShopItemRow, lang: LocalePrefix, bought: number): ShopItem => {
  const texts = row.texts[lang]
  return {
    id: row.id,
    slug: row.slug,
    kind: row.kind,
    title: texts.title,
    text: texts.text,
    image_url: row.imageUrl,
    image_alt: texts.imageAlt,
    price_coins: coinsOfMinor(row.priceCoinsMinor),
    stock: row.stock,
    per_player_limit: row.perPlayerLimit,
    limit_period: row.limitPeriod,
    bought,
    prize: row.prize,
  }
}

/** How many of each item the player bought in the period each item's limit counts. */
async function boughtCounts(
  db: Db | Tx,
  playerId: string,
  now: Date,
): Promise<Map<number, Record<ShopLimitPeriod, number>>> {
  const day = limitPeriodStart('day', now) as Date
  const week = limitPeriodStart('week', now) as Date
  const rows = await db
    .select({
      itemId: shopPurchases.itemId,
      day: sql<number>`count(*) filter (where ${shopPurchases.createdAt} >= ${day.toISOString()}::timestamptz)::int`,
      week: sql<number>`count(*) filter (where ${shopPurchases.createdAt} >= ${week.toISOString()}::timestamptz)::int`,
      ever: sql<number>`count(*)::int`,
    })
    .from(shopPurchases)
    .where(eq(shopPurchases.playerId, playerId))
    .groupBy(shopPurchases.itemId)
  return new Map(rows.map((row) => [row.itemId, row]))
}

/**
 * The shop as `lang` reads it: enabled items in the operator's order, with what the player bought
 * of each in its limit period and their coins (null and 0 for a visitor). Lottery tickets are left
 * out while no lottery sells them, so nothing is offered that cannot be bought.
 */
export async function shopItemsView(
  db: Db,
  lang: LocalePrefix,
  playerId: string | undefined,
  now = new Date(),
): Promise<{ items: ShopItem[]; player_coins: number | null }> {
  const content = await loadShopContent(db)
  const ticketsOnSale = content.lotteries.some((lottery) => lotteryPhase(lottery, now) === 'open')
  // Stock moves with every purchase, so it is read fresh (one small query), not from the cache.
  const stockRows = content.items.some((item) => item.stock !== null)
    ? await db
        .select({ id: shopItems.id, stock: shopItems.stock })
        .from(shopItems)
        .where(isNotNull(shopItems.stock))
    : []
  const stocks = new Map(stockRows.map((row) => [row.id, row.stock]))
  const [bought, coinsMinor] = playerId
    ? await Promise.all([
        boughtCounts(db, playerId, now),
        accountBalance(db, { playerId, kind: 'cash', currency: COIN }),
      ])
    : [new Map<number, Record<ShopLimitPeriod, number>>(), null]
  return {
    items: content.items
      .filter((item) => item.kind !== 'lottery_ticket' || ticketsOnSale)
      .map((item) =>
        toShopItem(
          { ...item, stock: stocks.get(item.id) ?? item.stock },
          lang,
          bought.get(item.id)?.[item.limitPeriod] ?? 0,
        ),
      ),
    player_coins: coinsMinor === null ? null : coinsOfMinor(coinsMinor),
  }
}

type PurchaseAnswer = z.infer<typeof ShopPurchaseSchema>

export async function purchaseAnswer(db: Db | Tx, row: PurchaseRow): Promise<PurchaseAnswer> {
  const coinsMinor = await accountBalance(db, {
    playerId: row.playerId,
    kind: 'cash',
    currency: COIN,
  })
  return {
    purchase: {
      id: row.id,
      item_id: row.itemId,
      price_coins: coinsOfMinor(row.priceCoinsMinor),
      prize: row.prize,
      created_at: row.createdAt.toISOString(),
    },
    player_coins: coinsOfMinor(coinsMinor),
  }
}

async function purchaseByKey(db: Db | Tx, playerId: string, key: string) {
  const [row] = await db
    .select()
    .from(shopPurchases)
    .where(and(eq(shopPurchases.playerId, playerId), eq(shopPurchases.idempotencyKey, key)))
  return row
}

/** The first purchase made with the key: its answer when it bought the same item, else 409. */
function sameOrReused(row: PurchaseRow, itemId: number): PurchaseRow {
  if (row.itemId !== itemId) throw new AppError('shop.key_reused')
  return row
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true
  }
  return false
}

export interface PurchaseInput {
  playerId: string
  itemId: number
  idempotencyKey: string
  /** The rate table, read before the transaction (a read on `db` inside it would wait). */
  rates: RateTable
  now?: Date
  /** Stores the prize's notices with the purchase (`notifyAfterCommit`), in these words. */
  notify: Notify
  wording: Wording
}

/**
 * Buys an item in one transaction: the item's row is locked (so its stock and each player's
 * limit are checked against every other purchase of it), the coins go to the house, the stock
 * drops and the prize is granted, or nothing happens. A key seen before answers its first
 * purchase, also when two arrive at once (the loser of the unique index reads the winner's).
 */
export async function purchaseItem(
  db: Db,
  input: PurchaseInput,
): Promise<{ row: PurchaseRow; granted: GrantedPrize | null }> {
  const { playerId, itemId, idempotencyKey, rates } = input
  const now = input.now ?? new Date()
  const earlier = await purchaseByKey(db, playerId, idempotencyKey)
  if (earlier) return { row: sameOrReused(earlier, itemId), granted: null }
  try {
    return await inLedgerTransaction(db, async (tx) => {
      const [item] = await tx.select().from(shopItems).where(eq(shopItems.id, itemId)).for('update')
      // A same-key purchase may have committed while this one waited for the item.
      const raced = await purchaseByKey(tx, playerId, idempotencyKey)
      if (raced) return { row: sameOrReused(raced, itemId), granted: null }
      if (!item?.isEnabled) throw new AppError('shop.item_not_found')
      await assertNotBarredFromPlay(tx, playerId, {
        rates,
        lock: 'share',
        limitError: 'rewards.barred',
      })
      if (item.stock !== null && item.stock <= 0) throw new AppError('shop.sold_out')
      if (item.perPlayerLimit !== null) {
        const since = limitPeriodStart(item.limitPeriod, now)
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(shopPurchases)
          .where(
            and(
              eq(shopPurchases.playerId, playerId),
              eq(shopPurchases.itemId, item.id),
              since ? gte(shopPurchases.createdAt, since) : undefined,
            ),
          )
        if ((count?.n ?? 0) >= item.perPlayerLimit) {
          throw new AppError('shop.limit_reached', {
            params: { limit: item.perPlayerLimit, period: item.limitPeriod },
          })
        }
      }
      const id = randomUUID()
      const [row] = await tx
        .insert(shopPurchases)
        .values({
          id,
          playerId,
          itemId: item.id,
          idempotencyKey,
          priceCoinsMinor: item.priceCoinsMinor,
          prize: item.prize,
          createdAt: now,
        })
        .returning()
      if (!row) throw new Error('a purchase insert answered no row')
      const paid = await postTransfer(tx, {
        idempotencyKey: `shop:${id}`,
        code: 'shop_purchase',
        debit: { playerId, kind: 'cash', currency: COIN },
        credit: { system: 'rewards_expense', currency: COIN, shardKey: playerId },
        amountMinor: item.priceCoinsMinor,
        reference: id,
      })
      if (paid.status === 'exceeds_balance') {
        throw new AppError('shop.not_enough_coins', {
          params: {
            price: coinsOfMinor(item.priceCoinsMinor),
            coins: coinsOfMinor(paid.availableMinor),
          },
        })
      }
      if (item.stock !== null) {
        await tx
          .update(shopItems)
          .set({ stock: item.stock - 1 })
          .where(eq(shopItems.id, item.id))
      }
      const granted = await grantPrize(tx, {
        playerId,
        prize: item.prize,
        key: `shop:${id}`,
        rates,
        now,
        notify: input.notify,
        wording: input.wording,
      })
      return { row, granted }
    })
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const winner = await purchaseByKey(db, playerId, idempotencyKey)
    if (!winner) throw error
    return { row: sameOrReused(winner, itemId), granted: null }
  }
}
