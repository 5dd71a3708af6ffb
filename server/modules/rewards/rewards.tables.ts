import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import {
  PLAYER_LOOTBOX_STATUSES,
  SHOP_ITEM_KINDS,
  SHOP_LIMIT_PERIODS,
  type Prize,
} from '#common/rewards-rules.ts'
import type { LocalizedTexts } from '#server/modules/engagement/engagement.tables.ts'
import { fairnessSeeds } from '#server/modules/originals/originals.tables.ts'
import { players } from '#server/modules/players/players.tables.ts'

// The rewards (issue 24): the prize wheel, lootboxes, the coin shop and lotteries. Operators edit
// the content through `/admin/api/…`; texts are per locale (`LocalizedTexts`), every locale present.

// ---- Prize wheel -------------------------------------------------------------------------------

/**
 * The prize wheel (the site shows the first enabled one by `sort`). A spin is earned by wagering
 * `spinEveryEurMinor` euro cents of real money (the engine's rule), or bought in the shop, or won.
 */
export const wheels = pgTable(
  'wheels',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    texts: jsonb().$type<LocalizedTexts<'title' | 'text'>>().notNull(),
    spinEveryEurMinor: bigint({ mode: 'bigint' }).notNull(),
    sort: integer().notNull().default(0),
    isEnabled: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wheels_spin_every', sql`${t.spinEveryEurMinor} > 0`)],
)

/**
 * A wheel's segments in drawing order (`sort`): the spec's `bonuses`, `bonus_id` = `id`. `weight`
 * is the published odds (parts per million by convention; `weightedIndex`).
 */
export const wheelSegments = pgTable(
  'wheel_segments',
  {
    id: serial().primaryKey(),
    wheelId: integer()
      .notNull()
      .references(() => wheels.id, { onDelete: 'cascade' }),
    sort: integer().notNull(),
    prize: jsonb().$type<Prize>().notNull(),
    weight: integer().notNull(),
    /** The segment's face colour, `#rrggbb`. */
    color: text().notNull(),
    texts: jsonb().$type<LocalizedTexts<'label'>>().notNull(),
  },
  (t) => [
    uniqueIndex('wheel_segments_order_idx').on(t.wheelId, t.sort),
    check('wheel_segments_weight', sql`${t.weight} > 0`),
  ],
)

/**
 * A player's standing on a wheel: euro cents wagered toward the next spin (below
 * `spinEveryEurMinor`; each full step adds a spin) and spins waiting.
 */
export const playerWheels = pgTable(
  'player_wheels',
  {
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    wheelId: integer()
      .notNull()
      .references(() => wheels.id, { onDelete: 'cascade' }),
    progressEurMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    spinsAvailable: integer().notNull().default(0),
    spinsUsed: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.wheelId] }),
    check(
      'player_wheels_counts',
      sql`${t.spinsAvailable} >= 0 and ${t.spinsUsed} >= 0 and ${t.progressEurMinor} >= 0`,
    ),
  ],
)

// ---- Lootboxes ---------------------------------------------------------------------------------

/** A kind of lootbox (`api_lootbox_id` = `id`), with its published odds table. */
export const lootboxes = pgTable('lootboxes', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  texts: jsonb().$type<LocalizedTexts<'title' | 'text' | 'imageAlt'>>().notNull(),
  imageUrl: text().notNull(),
  /** Days a player's lootbox of this kind may wait before it expires unopened. */
  validDays: integer().notNull(),
  sort: integer().notNull().default(0),
  isEnabled: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** A lootbox's possible prizes in drawing order, with their weights (published odds). */
export const lootboxPrizes = pgTable(
  'lootbox_prizes',
  {
    id: serial().primaryKey(),
    lootboxId: integer()
      .notNull()
      .references(() => lootboxes.id, { onDelete: 'cascade' }),
    sort: integer().notNull(),
    prize: jsonb().$type<Prize>().notNull(),
    weight: integer().notNull(),
    texts: jsonb().$type<LocalizedTexts<'label'>>().notNull(),
  },
  (t) => [
    uniqueIndex('lootbox_prizes_order_idx').on(t.lootboxId, t.sort),
    check('lootbox_prizes_weight', sql`${t.weight} > 0`),
  ],
)

/**
 * What earns a lootbox besides the shop and the draws: reaching a loyalty level or finishing a
 * quest task or achievement tier (the engine's batch, `EngagementConsumer`).
 */
export const lootboxSources = pgTable(
  'lootbox_sources',
  {
    sourceKind: text({ enum: ['level', 'quest_template'] }).notNull(),
    /** The level, or the quest template's id. */
    sourceId: integer().notNull(),
    lootboxId: integer()
      .notNull()
      .references(() => lootboxes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.sourceKind, t.sourceId, t.lootboxId] })],
)

/**
 * A player's lootboxes (the spec's player lootboxes: `id`, `lootbox_id`, `status`, `expired_at`).
 * `sourceKey` names what gave it (`shop:<purchase>`, `level:<player>:<level>`, `wheel:<draw>`…)
 * and is unique, so a retried grant gives nothing twice.
 */
export const playerLootboxes = pgTable(
  'player_lootboxes',
  {
    id: uuid().primaryKey(),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    lootboxId: integer()
      .notNull()
      .references(() => lootboxes.id, { onDelete: 'restrict' }),
    status: text({ enum: PLAYER_LOOTBOX_STATUSES }).notNull().default('active'),
    sourceKey: text().notNull().unique(),
    expiredAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp({ withTimezone: true }),
    /** The opening's draw (its seeds, its prize). */
    drawId: uuid(),
  },
  (t) => [index('player_lootboxes_player_idx').on(t.playerId, t.status, t.expiredAt)],
)

// ---- Draws -------------------------------------------------------------------------------------

/**
 * Every wheel spin and lootbox opening: made with the player's provably fair seed pair (the
 * Originals', `fairness_seeds`) at one nonce, over the odds table as it stood (`weights`,
 * `entryIds` in order), so the verify page can recompute `index` once the pair is revealed.
 */
export const rewardDraws = pgTable(
  'reward_draws',
  {
    id: uuid().primaryKey(),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['wheel', 'lootbox'] }).notNull(),
    /** The wheel's or the lootbox kind's id. */
    sourceId: integer().notNull(),
    seedPairId: uuid()
      .notNull()
      .references(() => fairnessSeeds.id, { onDelete: 'restrict' }),
    nonce: integer().notNull(),
    weights: integer().array().notNull(),
    /** The segments' or prizes' ids, in the same order as `weights`. */
    entryIds: integer().array().notNull(),
    index: integer().notNull(),
    prize: jsonb().$type<Prize>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reward_draws_player_idx').on(t.playerId, t.createdAt)],
)

// ---- Shop --------------------------------------------------------------------------------------

/**
 * What the shop sells for coins. `stock` null: unlimited; `perPlayerLimit` null: no limit, else
 * at most that many per player per `limitPeriod` (UTC day, ISO week, or ever).
 */
export const shopItems = pgTable(
  'shop_items',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    kind: text({ enum: SHOP_ITEM_KINDS }).notNull(),
    prize: jsonb().$type<Prize>().notNull(),
    priceCoinsMinor: bigint({ mode: 'bigint' }).notNull(),
    stock: integer(),
    perPlayerLimit: integer(),
    limitPeriod: text({ enum: SHOP_LIMIT_PERIODS }).notNull().default('ever'),
    texts: jsonb().$type<LocalizedTexts<'title' | 'text' | 'imageAlt'>>().notNull(),
    imageUrl: text().notNull(),
    sort: integer().notNull().default(0),
    isEnabled: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shop_items_order_idx').on(t.sort),
    check('shop_items_price', sql`${t.priceCoinsMinor} > 0`),
    check('shop_items_stock', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('shop_items_limit', sql`${t.perPlayerLimit} is null or ${t.perPlayerLimit} > 0`),
  ],
)

/** A purchase: coins out and the item in, in one transaction; `(player, key)` makes it once. */
export const shopPurchases = pgTable(
  'shop_purchases',
  {
    id: uuid().primaryKey(),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    itemId: integer()
      .notNull()
      .references(() => shopItems.id, { onDelete: 'restrict' }),
    idempotencyKey: text().notNull(),
    priceCoinsMinor: bigint({ mode: 'bigint' }).notNull(),
    prize: jsonb().$type<Prize>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shop_purchases_key_idx').on(t.playerId, t.idempotencyKey),
    index('shop_purchases_limit_idx').on(t.playerId, t.itemId, t.createdAt),
  ],
)

// ---- Lottery -----------------------------------------------------------------------------------

/**
 * A lottery: tickets sell (for coins, through the shop) and are earned (one per
 * `ticketEveryEurMinor` wagered while sales are open) from `salesOpenAt` to `salesCloseAt`; the
 * draw runs at `drawAt` once, however many instances run. Its server seed is made when the
 * lottery is created and only its hash is shown (`serverSeedHash`) until the draw reveals it; the
 * client seed is the digest of the tickets sold, fixed when sales close.
 */
export const lotteries = pgTable(
  'lotteries',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    texts: jsonb().$type<LocalizedTexts<'title' | 'text' | 'imageAlt'>>().notNull(),
    imageUrl: text().notNull(),
    salesOpenAt: timestamp({ withTimezone: true }).notNull(),
    salesCloseAt: timestamp({ withTimezone: true }).notNull(),
    drawAt: timestamp({ withTimezone: true }).notNull(),
    /** Euro cents of real-money stakes per earned ticket; null: tickets are only bought or won. */
    ticketEveryEurMinor: bigint({ mode: 'bigint' }),
    /** Tickets one player may hold in this lottery, however they came. */
    maxTicketsPerPlayer: integer().notNull(),
    serverSeedSealed: text(),
    serverSeedHash: text().notNull(),
    /** Plain text once drawn. */
    serverSeed: text(),
    clientSeed: text(),
    ticketCount: integer().notNull().default(0),
    drawnAt: timestamp({ withTimezone: true }),
    isEnabled: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lotteries_due_idx')
      .on(t.drawAt)
      .where(sql`${t.drawnAt} is null`),
    check(
      'lotteries_schedule',
      sql`${t.salesOpenAt} < ${t.salesCloseAt} and ${t.salesCloseAt} <= ${t.drawAt}`,
    ),
    check('lotteries_max_tickets', sql`${t.maxTicketsPerPlayer} > 0`),
  ],
)

/** A lottery's prize table, rank 1 first. */
export const lotteryPrizes = pgTable(
  'lottery_prizes',
  {
    lotteryId: integer()
      .notNull()
      .references(() => lotteries.id, { onDelete: 'cascade' }),
    rank: integer().notNull(),
    prize: jsonb().$type<Prize>().notNull(),
    texts: jsonb().$type<LocalizedTexts<'label'>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.lotteryId, t.rank] }),
    check('lottery_prizes_rank', sql`${t.rank} > 0`),
  ],
)

/**
 * Tickets, numbered 1, 2, 3… per lottery in the order they were issued (the draw's pool).
 * `sourceKey` names what gave it (`shop:<purchase>:<n>`, `earned:<player>:<lottery>:<n>`…).
 */
export const lotteryTickets = pgTable(
  'lottery_tickets',
  {
    id: uuid().primaryKey(),
    lotteryId: integer()
      .notNull()
      .references(() => lotteries.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    source: text({ enum: ['bought', 'earned', 'won'] }).notNull(),
    sourceKey: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lottery_tickets_number_idx').on(t.lotteryId, t.number),
    index('lottery_tickets_player_idx').on(t.playerId, t.lotteryId),
  ],
)

/** A player's euro cents wagered toward the next earned ticket of a lottery. */
export const lotteryProgress = pgTable(
  'lottery_progress',
  {
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    lotteryId: integer()
      .notNull()
      .references(() => lotteries.id, { onDelete: 'cascade' }),
    progressEurMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.lotteryId] })],
)

/** A drawn lottery's winners, one per rank; `paidAt` once its prize is granted. */
export const lotteryWinners = pgTable(
  'lottery_winners',
  {
    lotteryId: integer()
      .notNull()
      .references(() => lotteries.id, { onDelete: 'cascade' }),
    rank: integer().notNull(),
    ticketId: uuid()
      .notNull()
      .references(() => lotteryTickets.id, { onDelete: 'restrict' }),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    prize: jsonb().$type<Prize>().notNull(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.lotteryId, t.rank] })],
)
