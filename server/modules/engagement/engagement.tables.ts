import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
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
  ENGAGEMENT_EVENT_KINDS,
  QUEST_REPEATS,
  type TriggerRule,
} from '#common/engagement-rules.ts'
import type { LocalePrefix } from '#common/locales.ts'
import { players } from '#server/modules/players/players.tables.ts'

/**
 * Operator-written text in every locale, one object per locale prefix (`{ en: {…}, de: {…} }`):
 * the admin calls refuse a change that leaves a locale out, so a page never falls back to English.
 */
export type LocalizedTexts<Fields extends string> = Record<LocalePrefix, Record<Fields, string>>

/**
 * The engine's inbox: domain events waiting to be applied. A row is written in the transaction of
 * the fact it reports (a bet's row by the `bets_engagement_event` trigger of migration 0014, which
 * covers every game's writer; a deposit, a login, a KYC approval and a level-up by
 * `recordEngagementEvent`), and deleted in the transaction that applies it: an event is applied
 * exactly once, whatever instance takes it and wherever a process dies.
 */
export const engagementEvents = pgTable(
  'engagement_events',
  {
    id: bigserial({ mode: 'bigint' }).primaryKey(),
    kind: text({ enum: ENGAGEMENT_EVENT_KINDS }).notNull(),
    /** What the event reports (a bet's id, a deposit's id, `2026-11-26` for a day's login). */
    sourceId: text().notNull(),
    playerId: uuid().notNull(),
    /** What the rules need and the source row does not hold (a deposit's euro amount, a level). */
    data: jsonb()
      .$type<Record<string, string | number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * Failed drains this row was part of. A row that fails on its own `MAX_EVENT_ATTEMPTS` times
     * is parked (left here, never taken again, logged as an error) so that it cannot hold up
     * every event behind it.
     */
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The same fact reported twice (a retried webhook, a second login that day) is one event. A
  // bet is reported by its own row's insert, once by construction: leaving bets out of the index
  // spares every bet a text key (docs/benchmarks.md).
  (t) => [
    uniqueIndex('engagement_events_source_idx')
      .on(t.kind, t.sourceId)
      .where(sql`${t.kind} <> 'bet'`),
  ],
)

/** Quests and achievements share their shape: a category holds quests, a quest its tasks. */
export const QUEST_KINDS = ['quest', 'achievement'] as const
export type QuestKind = (typeof QUEST_KINDS)[number]

export const questCategories = pgTable('quest_categories', {
  id: serial().primaryKey(),
  kind: text({ enum: QUEST_KINDS }).notNull(),
  slug: text().notNull().unique(),
  sort: integer().notNull().default(0),
  texts: jsonb().$type<LocalizedTexts<'title'>>().notNull(),
  isEnabled: boolean().notNull().default(true),
})

/**
 * A quest (time-boxed, maybe repeating) or an achievement (permanent; its tasks are its tiers).
 * Finishing every task of it is the quest's status 2.
 */
export const quests = pgTable(
  'quests',
  {
    id: serial().primaryKey(),
    categoryId: integer()
      .notNull()
      .references(() => questCategories.id, { onDelete: 'restrict' }),
    kind: text({ enum: QUEST_KINDS }).notNull(),
    slug: text().notNull().unique(),
    /** Served from `public/` (`/quests/art/…svg`) or a CDN. */
    imageUrl: text().notNull(),
    texts: jsonb().$type<LocalizedTexts<'title' | 'text' | 'imageAlt'>>().notNull(),
    repeat: text({ enum: QUEST_REPEATS }).notNull().default('none'),
    /** The window it counts in; achievements have none. */
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    sort: integer().notNull().default(0),
    isEnabled: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quests_category_idx').on(t.categoryId, t.sort)],
)

/** A quest's task or an achievement's tier: done when all its triggers are, paid once per period. */
export const questTemplates = pgTable(
  'quest_templates',
  {
    id: serial().primaryKey(),
    questId: integer()
      .notNull()
      .references(() => quests.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
    texts: jsonb().$type<LocalizedTexts<'title'>>().notNull(),
    /** Before the VIP tier's coin multiplier. */
    rewardCoinsMinor: bigint({ mode: 'bigint' }).notNull(),
  },
  (t) => [
    index('quest_templates_quest_idx').on(t.questId, t.sort),
    check('quest_templates_reward', sql`${t.rewardCoinsMinor} >= 0`),
  ],
)

/** One counter of a task: the event it listens to, its spec-shaped rules, the goal. */
export const engagementTriggers = pgTable(
  'engagement_triggers',
  {
    id: serial().primaryKey(),
    templateId: integer()
      .notNull()
      .references(() => questTemplates.id, { onDelete: 'cascade' }),
    event: text({ enum: ENGAGEMENT_EVENT_KINDS }).notNull(),
    rules: jsonb().$type<TriggerRule[]>().notNull(),
    /** Euro cents for an accumulating trigger, a count otherwise (`TriggerDefinition`). */
    expected: bigint({ mode: 'bigint' }).notNull(),
    minStakeEurMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    index('engagement_triggers_event_idx').on(t.event),
    check('engagement_triggers_expected', sql`${t.expected} > 0`),
  ],
)

/** A player's count on one trigger in one period (`periodKey`; '' when the quest never repeats). */
export const triggerProgress = pgTable(
  'trigger_progress',
  {
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    triggerId: integer()
      .notNull()
      .references(() => engagementTriggers.id, { onDelete: 'cascade' }),
    periodKey: text().notNull(),
    progress: bigint({ mode: 'bigint' }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.triggerId, t.periodKey] })],
)

/** A task's coins paid to a player for a period: the key that pays a reward once. */
export const templateRewards = pgTable(
  'template_rewards',
  {
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    templateId: integer()
      .notNull()
      .references(() => questTemplates.id, { onDelete: 'cascade' }),
    periodKey: text().notNull(),
    /** After the VIP multiplier; 0 when the player was barred from rewards at the time. */
    coinsMinor: bigint({ mode: 'bigint' }).notNull(),
    paidAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.templateId, t.periodKey] })],
)

/**
 * The loyalty levels, by points (1 point per euro wagered with the player's own money), each with
 * its badge and the coins paid on reaching it. The first starts at 0.
 */
export const loyaltyLevels = pgTable(
  'loyalty_levels',
  {
    level: integer().primaryKey(),
    fromPoints: bigint({ mode: 'number' }).notNull().unique(),
    imageUrl: text().notNull(),
    rewardCoinsMinor: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    texts: jsonb().$type<LocalizedTexts<'name'>>().notNull(),
  },
  (t) => [check('loyalty_levels_points', sql`${t.fromPoints} >= 0`)],
)

/**
 * The VIP tiers, from a loyalty level up, and their perks: weekly cashback on net losses (a share,
 * capped per week in euro), a multiplier on quest and achievement coins, and the daily withdrawal
 * limit.
 */
export const vipTiers = pgTable(
  'vip_tiers',
  {
    tier: integer().primaryKey(),
    fromLevel: integer().notNull().unique(),
    imageUrl: text().notNull(),
    /** Basis points of the week's net loss (1 000 = 10 %). */
    cashbackBp: integer().notNull(),
    cashbackCapEurMinor: bigint({ mode: 'bigint' }).notNull(),
    /** 10 000 = 1×. */
    coinMultiplierBp: integer().notNull(),
    withdrawalLimitEurMinor: bigint({ mode: 'bigint' }).notNull(),
    texts: jsonb().$type<LocalizedTexts<'name'>>().notNull(),
  },
  (t) => [
    check('vip_tiers_cashback', sql`${t.cashbackBp} between 0 and 5000`),
    check('vip_tiers_multiplier', sql`${t.coinMultiplierBp} between 10000 and 50000`),
  ],
)

/** A player's points (hundredths) and the level they reached; a row once they first earn any. */
export const playerLoyalty = pgTable('player_loyalty', {
  playerId: uuid()
    .primaryKey()
    .references(() => players.id, { onDelete: 'cascade' }),
  pointsMinor: bigint({ mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  level: integer().notNull().default(1),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
