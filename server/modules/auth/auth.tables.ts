import { sql } from 'drizzle-orm'
import { pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core'
import { players } from '#server/modules/players/players.tables.ts'

/**
 * Server-side sessions. Note: only the SHA-256 of the cookie value is stored, so a copy of this
 * table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text().primaryKey(),
    csrfToken: text().notNull(),
    playerId: uuid(),
    /** Set instead of playerId when an operator signed in (their own login, with 2FA). */
    operatorId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_at_idx').on(t.expiresAt)],
)

/** One-time recovery codes for a player who lost their authenticator; only hashes are kept. */
export const playerRecoveryCodes = pgTable(
  'player_recovery_codes',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('player_recovery_codes_player_idx').on(t.playerId)],
)
