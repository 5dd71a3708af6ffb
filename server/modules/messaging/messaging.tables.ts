import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const MESSAGE_CHANNELS = ['email', 'sms'] as const
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number]

/**
 * Every e-mail and text message the site sends, as sent. Without SMTP or an SMS provider the
 * messages stop here and `/dev/outbox` shows them (outside production), so every flow works on a
 * laptop; with one, `delivered_at` records the hand-over.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    channel: text({ enum: MESSAGE_CHANNELS }).notNull(),
    recipient: text().notNull(),
    /** Which message (`password_reset`, `email_verification`…), for tests and support. */
    template: text().notNull(),
    locale: text().notNull(),
    subject: text().notNull().default(''),
    body: text().notNull(),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_recipient_idx').on(t.recipient, t.createdAt)],
)
