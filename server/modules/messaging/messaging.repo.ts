import { desc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { outboxMessages } from './messaging.tables.ts'

export type OutboxMessage = typeof outboxMessages.$inferSelect

export async function insertOutboxMessage(
  db: Db | Tx,
  values: Omit<typeof outboxMessages.$inferInsert, 'id' | 'createdAt' | 'deliveredAt'>,
): Promise<OutboxMessage> {
  const [row] = await db.insert(outboxMessages).values(values).returning()
  if (!row) throw new Error('insert returned no message')
  return row
}

export async function markOutboxMessageDelivered(
  db: Db | Tx,
  id: string,
  at = new Date(),
): Promise<void> {
  await db.update(outboxMessages).set({ deliveredAt: at }).where(eq(outboxMessages.id, id))
}

/** The newest messages first, optionally only those to one recipient (in any letter case). */
export async function listOutboxMessages(
  db: Db | Tx,
  options: { recipient?: string | undefined; limit: number },
): Promise<OutboxMessage[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(
      options.recipient === undefined
        ? undefined
        : eq(sql`lower(${outboxMessages.recipient})`, options.recipient.toLowerCase()),
    )
    .orderBy(desc(outboxMessages.createdAt))
    .limit(options.limit)
}
