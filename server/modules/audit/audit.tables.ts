import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Security events and changes of personal data (issue 4): who did what to which account, from
 * where. Append-only; nothing updates or deletes a row.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    actorType: text({ enum: ['player', 'operator', 'system'] }).notNull(),
    actorId: uuid(),
    /** The player the event concerns (null for an operator's own events). */
    playerId: uuid(),
    /** `login.succeeded`, `login.failed`, `password.changed`, `two_factor.enabled`… */
    action: text().notNull(),
    ip: text(),
    userAgent: text(),
    details: jsonb().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_player_idx').on(t.playerId, t.createdAt),
    index('audit_events_actor_idx').on(t.actorId, t.createdAt),
    // The console's log reads newest first and by days; rows arrive in time order (see bets).
    index('audit_events_created_brin').using('brin', t.createdAt),
  ],
)
