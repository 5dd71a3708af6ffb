import { pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core'

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
