import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { players } from '#server/modules/players/players.tables.ts'
import { operators } from '#server/modules/operators/operators.tables.ts'

export const DOCUMENT_TYPES = [
  'passport',
  'id_card',
  'driving_licence',
  'proof_of_address',
  'selfie',
] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]
export const DOCUMENT_STATUSES = ['pending', 'approved', 'rejected'] as const
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number]

/**
 * Identity documents (KYC). The file lives outside the web root under `storage_key`; only its
 * owner and operators with the kyc or admin role can read it.
 */
export const playerDocuments = pgTable(
  'player_documents',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    playerId: uuid()
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    type: text({ enum: DOCUMENT_TYPES }).notNull(),
    status: text({ enum: DOCUMENT_STATUSES }).notNull().default('pending'),
    /** Why an operator rejected it, shown to the player. */
    reason: text(),
    fileName: text().notNull(),
    /** The type read from the file's content, never from its name. */
    mimeType: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    storageKey: text().notNull(),
    reviewedBy: uuid().references(() => operators.id),
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('player_documents_player_idx').on(t.playerId, t.createdAt),
    index('player_documents_status_idx').on(t.status, t.createdAt),
    check('player_documents_status_known', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
)
