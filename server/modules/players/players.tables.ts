import { sql } from 'drizzle-orm'
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

export const PLAYER_ROLES = ['player', 'operator'] as const
export type PlayerRole = (typeof PLAYER_ROLES)[number]

/**
 * Accounts of players and of the operators who run the site (an operator is an account with the
 * `operator` role). Note: e-mail is stored lower-cased so one address is one account.
 */
export const players = pgTable(
  'players',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    email: text().notNull(),
    /** argon2id (decisions §8). */
    passwordHash: text().notNull(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    /** The player's account currency (ISO 4217 or the site's crypto codes, decisions §3). */
    currency: text().notNull(),
    /** ISO 3166-1 alpha-2, or empty when not yet known. */
    country: text().notNull().default(''),
    role: text({ enum: PLAYER_ROLES }).notNull().default('player'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('players_email_idx').on(t.email),
    check('players_email_lower', sql`${t.email} = lower(${t.email})`),
    check('players_role_known', sql`${t.role} in ('player', 'operator')`),
  ],
)
