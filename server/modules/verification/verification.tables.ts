import { sql } from 'drizzle-orm'
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { players } from '#server/modules/players/players.tables.ts'

export const ONE_TIME_TOKEN_PURPOSES = [
  'password_reset',
  'email_verification',
  'phone_verification',
] as const
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number]

/**
 * Single-use secrets sent to a player (reset and verification links, phone codes). Only a hash of
 * the secret is stored; a token is spent by setting `used_at` in the same statement that checks it.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ONE_TIME_TOKEN_PURPOSES }).notNull(),
    secretHash: text().notNull(),
    /** What the token is about (the e-mail address or phone number it was sent to). */
    target: text().notNull().default(''),
    attempts: bigint({ mode: 'number' }).notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_secret_idx').on(t.secretHash),
    index('one_time_tokens_player_idx').on(t.playerId, t.purpose),
  ],
)
