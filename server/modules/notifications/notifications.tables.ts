import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { players } from '#server/modules/players/players.tables.ts'

/**
 * Messages to one player: shown in the header list, and as a toast when pushed over the socket.
 * `type` is free text here so a new feature adds its type in the contract without a migration.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    text: text().notNull(),
    image: text(),
    url: text(),
    btnText: text(),
    /** How long the toast stays, in seconds. */
    duration: integer().notNull().default(5),
    isRead: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_player_created_idx').on(t.playerId, t.createdAt.desc()),
    // The unread list and its count are asked on every page; read rows pile up and are skipped.
    index('notifications_player_unread_idx')
      .on(t.playerId, t.createdAt.desc())
      .where(sql`not ${t.isRead}`),
    check('notifications_duration_range', sql`${t.duration} > 0 and ${t.duration} <= 600`),
  ],
)
