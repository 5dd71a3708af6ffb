import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { players } from '#server/modules/players/players.tables.ts'
import type {
  DocumentMimeType,
  OperatorDocument,
  OperatorDocumentListQuery,
  WireDocument,
} from './documents.contract.ts'
import { playerDocuments, type DocumentType } from './documents.tables.ts'

export type DocumentRow = typeof playerDocuments.$inferSelect

/** A document with the owner's details operators see beside it. */
export type DocumentWithOwner = DocumentRow & {
  owner: { email: string; firstName: string; lastName: string; locale: string }
}

export function toWireDocument(row: DocumentRow): WireDocument {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    reason: row.reason,
    file_name: row.fileName,
    // Only the upload writes rows, always with a type read from the content.
    mime_type: row.mimeType as DocumentMimeType,
    size_bytes: row.sizeBytes,
    created_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
  }
}

export function toOperatorDocument(row: DocumentWithOwner): OperatorDocument {
  return {
    ...toWireDocument(row),
    player: {
      id: row.playerId,
      email: row.owner.email,
      name: `${row.owner.firstName} ${row.owner.lastName}`.trim(),
    },
    reviewed_by: row.reviewedBy,
  }
}

/**
 * Serialises a player's uploads until the transaction ends, so two at once cannot both pass the
 * pending cap. A transaction-level advisory lock needs no row of its own and ends with the commit.
 */
export async function lockPlayerDocuments(tx: Tx, playerId: string): Promise<void> {
  const key = `documents:${playerId}`
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
}

export async function countPendingDocuments(db: Db | Tx, playerId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(playerDocuments)
    .where(and(eq(playerDocuments.playerId, playerId), eq(playerDocuments.status, 'pending')))
  return row?.value ?? 0
}

export async function insertDocument(
  db: Db | Tx,
  values: {
    playerId: string
    type: DocumentType
    fileName: string
    mimeType: DocumentMimeType
    sizeBytes: number
    storageKey: string
  },
): Promise<DocumentRow> {
  const [row] = await db.insert(playerDocuments).values(values).returning()
  if (!row) throw new Error('insert returned no document')
  return row
}

/** The player's documents, newest first (the id breaks ties so the order is stable). */
export async function listPlayerDocuments(db: Db, playerId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(playerDocuments)
    .where(eq(playerDocuments.playerId, playerId))
    .orderBy(desc(playerDocuments.createdAt), desc(playerDocuments.id))
}

/** The player's own document with this id; another player's is as unknown as a missing one. */
export async function findPlayerDocument(
  db: Db | Tx,
  playerId: string,
  id: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(playerDocuments)
    .where(and(eq(playerDocuments.id, id), eq(playerDocuments.playerId, playerId)))
    .limit(1)
  return row
}

/** Deletes the player's own document only while it is pending; answers the deleted row. */
export async function deletePendingDocument(
  db: Db | Tx,
  playerId: string,
  id: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .delete(playerDocuments)
    .where(
      and(
        eq(playerDocuments.id, id),
        eq(playerDocuments.playerId, playerId),
        eq(playerDocuments.status, 'pending'),
      ),
    )
    .returning()
  return row
}

const ownerColumns = {
  email: players.email,
  firstName: players.firstName,
  lastName: players.lastName,
  locale: players.locale,
}

/** Any player's document with its owner (operators only). */
export async function findDocumentWithOwner(
  db: Db | Tx,
  id: string,
): Promise<DocumentWithOwner | undefined> {
  const [row] = await db
    .select({ document: playerDocuments, owner: ownerColumns })
    .from(playerDocuments)
    .innerJoin(players, eq(players.id, playerDocuments.playerId))
    .where(eq(playerDocuments.id, id))
    .limit(1)
  return row && { ...row.document, owner: row.owner }
}

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
const containsPattern = (text: string) =>
  `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`

/**
 * One page of the documents with a status (and a type, part of an e-mail), with their owners.
 * By default pending ones come oldest first, as a review queue; reviewed ones newest first.
 */
export async function listDocumentsByStatus(
  db: Db,
  filter: Pick<OperatorDocumentListQuery, 'status' | 'type' | 'email' | 'sort'>,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: DocumentWithOwner[] }> {
  const sort = filter.sort ?? (filter.status === 'pending' ? 'createdAt' : '-createdAt')
  const direction = sort === 'createdAt' ? asc : desc
  const where = and(
    eq(playerDocuments.status, filter.status),
    filter.type ? eq(playerDocuments.type, filter.type) : undefined,
    filter.email ? ilike(players.email, containsPattern(filter.email)) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({ document: playerDocuments, owner: ownerColumns })
      .from(playerDocuments)
      .innerJoin(players, eq(players.id, playerDocuments.playerId))
      .where(where)
      .orderBy(direction(playerDocuments.createdAt), direction(playerDocuments.id))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ value: count() })
      .from(playerDocuments)
      .innerJoin(players, eq(players.id, playerDocuments.playerId))
      .where(where),
  ])
  return {
    total: total?.value ?? 0,
    rows: rows.map((row) => ({ ...row.document, owner: row.owner })),
  }
}

/**
 * Records a review of a document that is still pending; undefined when it is not (or is gone),
 * so two operators reviewing at once cannot both succeed.
 */
export async function reviewPendingDocument(
  db: Db | Tx,
  id: string,
  review: { status: 'approved' | 'rejected'; reason: string | null; operatorId: string },
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .update(playerDocuments)
    .set({
      status: review.status,
      reason: review.reason,
      reviewedBy: review.operatorId,
      reviewedAt: sql`now()`,
    })
    .where(and(eq(playerDocuments.id, id), eq(playerDocuments.status, 'pending')))
    .returning()
  return row
}
