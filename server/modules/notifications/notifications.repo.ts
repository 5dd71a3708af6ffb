import { and, count, desc, eq, not, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import type { Notification, NotificationType } from './notifications.contract.ts'
import { notifications } from './notifications.tables.ts'

export type NotificationRow = typeof notifications.$inferSelect
export type NewNotificationRow = Omit<typeof notifications.$inferInsert, 'type'> & {
  type: NotificationType
}

export function toWireNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    // Only this module writes rows, always with a type from the contract's list.
    type: row.type as NotificationType,
    text: row.text,
    image: row.image,
    url: row.url,
    btn_text: row.btnText,
    duration: row.duration,
    is_read: row.isRead ? 1 : 0,
    created_at: row.createdAt.toISOString(),
  }
}

export async function insertNotificationRows(
  db: Db | Tx,
  rows: NewNotificationRow[],
): Promise<NotificationRow[]> {
  if (rows.length === 0) return []
  return db.insert(notifications).values(rows).returning()
}

export interface NotificationFilter {
  type?: NotificationType | undefined
  unreadOnly: boolean
}

/** The player's notifications matching the filter, newest first, and how many match in all. */
export async function listNotifications(
  db: Db,
  playerId: string,
  filter: NotificationFilter,
  limit: number,
): Promise<{ count: number; rows: NotificationRow[] }> {
  const conditions: SQL[] = [eq(notifications.playerId, playerId)]
  if (filter.type) conditions.push(eq(notifications.type, filter.type))
  // Written as the partial index's own predicate, so the unread count can use it.
  if (filter.unreadOnly) conditions.push(not(notifications.isRead))
  const where = and(...conditions)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      // The id breaks ties between rows created in one statement, so pages do not reshuffle.
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit),
    db.select({ value: count() }).from(notifications).where(where),
  ])
  return { count: total?.value ?? 0, rows }
}

/** Marks the player's own notification read; false when no notification of theirs has this id. */
export async function markNotificationRead(db: Db, playerId: string, id: string): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.playerId, playerId)))
    .returning({ id: notifications.id })
  return updated.length > 0
}
