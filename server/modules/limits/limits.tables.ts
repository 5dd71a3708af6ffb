import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { ALL_BREAK_PERIODS, BREAK_KINDS, type BreakPeriod } from '#common/protection.ts'
import { players } from '#server/modules/players/players.tables.ts'

/** Rolling windows of every player limit: the last 24 hours, 7 days and 30 days. */
export const LIMIT_PERIODS = ['day', 'week', 'month'] as const
export type LimitPeriod = (typeof LIMIT_PERIODS)[number]

/**
 * The columns every player limit table shares (deposit, loss and wager limits), fresh builders per table. Amounts are in `currency`, the wallet's when the limit was set.
 */
export const limitColumns = () => ({
  period: text({ enum: LIMIT_PERIODS }).notNull(),
  currency: text().notNull(),
  /** Null: no limit in force (only while a new one waits). */
  amountMinor: bigint({ mode: 'bigint' }),
  /** The waiting raise; null with `pending_from` set means the limit is being removed. */
  pendingAmountMinor: bigint({ mode: 'bigint' }),
  pendingFrom: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * What a play limit caps: `wager` the sum of stakes, `loss` the net loss (stakes
 * minus payouts), each over its rolling window plus the new stake.
 */
export const PLAY_LIMIT_KINDS = ['loss', 'wager'] as const
export type PlayLimitKind = (typeof PLAY_LIMIT_KINDS)[number]

/**
 * Loss and wager limits, in the currency they were set in (converted to the current wallet's when
 * read). A lower limit applies at once; a higher one (or removing it) waits in `pending_*` until
 * `pending_from`. Note: a bet path locks all of a player's rows here before summing what the
 * player staked, so every real-money bet of a player with limits lines up behind this lock.
 */
export const playLimits = pgTable(
  'play_limits',
  {
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text({ enum: PLAY_LIMIT_KINDS }).notNull(),
    ...limitColumns(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.kind, t.period] })],
)

/**
 * Deposit limits, in the player's account currency. A lower limit applies at once;
 * a higher one (or removing it) waits in `pending_*` until `pending_from`.
 */
export const depositLimits = pgTable(
  'deposit_limits',
  {
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    ...limitColumns(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.period] })],
)

/**
 * A player's protection settings and state (docs/decisions/018), one row once the player has any:
 * a break (time-out or self-exclusion), a closed account, a register match, a reality check, a
 * play-time limit, or an answered limit prompt. `checks_play` says whether a bet must read the row
 * (a bet path's statement asks `exists … and checks_play`, so a player without one pays nothing
 * more, as with the play limits). Note: a break is never shortened: every write keeps the later
 * `break_until` (`setBreak`).
 */
export const playerProtection = pgTable(
  'player_protection',
  {
    playerId: uuid()
      .primaryKey()
      .references(() => players.id, { onDelete: 'cascade' }),
    breakKind: text({ enum: BREAK_KINDS }),
    breakPeriod: text({ enum: ALL_BREAK_PERIODS as [BreakPeriod, ...BreakPeriod[]] }),
    breakStartedAt: timestamp({ withTimezone: true }),
    breakUntil: timestamp({ withTimezone: true }),
    /** A self-exclusion's lapse asked for; play reopens 24 hours after (and not before the end). */
    lapseRequestedAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    closedReason: text(),
    /** The external self-exclusion register matched the player at the last sign-up or sign-in. */
    registerMatch: boolean().notNull().default(false),
    registerCheckedAt: timestamp({ withTimezone: true }),
    /** The player's interval; null: the jurisdiction's default (`jurisdictionOf`). 0: off. */
    realityCheckMinutes: integer(),
    /** The last sign-in, from which the reality check counts time and net result. */
    sessionStartedAt: timestamp({ withTimezone: true }),
    /** When the next reality check is due; bets wait for its answer once due. Null: none. */
    realityCheckDueAt: timestamp({ withTimezone: true }),
    /** The daily play-time limit (rolling 24 hours) in minutes, as a limit (`limit-rules.ts`). */
    playTimeLimitMinutes: bigint({ mode: 'bigint' }),
    playTimePendingMinutes: bigint({ mode: 'bigint' }),
    playTimePendingFrom: timestamp({ withTimezone: true }),
    /** The prompt to set a deposit limit (at sign-up or the first deposit) was answered. */
    limitPromptAnsweredAt: timestamp({ withTimezone: true }),
    checksPlay: boolean()
      .notNull()
      .generatedAlwaysAs(
        sql`break_kind is not null or closed_at is not null or register_match or reality_check_due_at is not null or play_time_limit_minutes is not null or play_time_pending_from is not null`,
      ),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'player_protection_break_whole',
      sql`(${t.breakKind} is null) = (${t.breakUntil} is null) and (${t.breakKind} is null) = (${t.breakStartedAt} is null)`,
    ),
  ],
)

/** What happened to a player's protection, for the player's and the operators' history. */
export const PROTECTION_EVENT_KINDS = [
  'break_started',
  'break_extended',
  'lapse_requested',
  'account_closed',
  'account_reopened',
  'register_matched',
  'register_cleared',
  'reality_check_set',
  'reality_check_answered',
  'play_time_limit_set',
  'limit_prompt_answered',
] as const
export type ProtectionEventKind = (typeof PROTECTION_EVENT_KINDS)[number]

export const protectionEvents = pgTable(
  'protection_events',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text({ enum: PROTECTION_EVENT_KINDS }).notNull(),
    /** What changed (period, until, minutes, answer…), as the history shows it. */
    detail: jsonb().$type<Record<string, string | number | boolean | null>>().notNull(),
    /** `player`, or `operator:<id>` for an operator's action. */
    actor: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('protection_events_player_idx').on(t.playerId, t.at)],
)

/**
 * The sandbox national self-exclusion register (`exclusion-register.ts`): people registered with
 * it, matched by e-mail or by last name and birth date, as a national register (GAMSTOP, OASIS,
 * ROFUS) matches. A real register is another implementation of the same interface.
 */
export const sandboxExclusionRegister = pgTable(
  'sandbox_exclusion_register',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text(),
    lastName: text(),
    birthDate: date({ mode: 'string' }),
    reference: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_exclusion_register_email_idx').on(t.email),
    check(
      'sandbox_exclusion_register_who',
      sql`${t.email} is not null or (${t.lastName} is not null and ${t.birthDate} is not null)`,
    ),
  ],
)
