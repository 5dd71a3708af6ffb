import type { FastifyRequest } from 'fastify'
import type { Db } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { deletePendingDocument, findPlayerDocument } from './documents.repo.ts'
import type { DocumentStorage } from './document-storage.ts'

/** Deletes a player's own document while it is still pending, with its file. */
export async function deleteDocument(
  db: Db,
  storage: DocumentStorage,
  request: Pick<FastifyRequest, 'ip' | 'headers' | 'log'>,
  input: { playerId: string; id: string },
): Promise<void> {
  const deleted = await db.transaction(async (tx) => {
    const row = await deletePendingDocument(tx, input.playerId, input.id)
    if (!row) {
      // Another player's document answers as an unknown one, so ids cannot be probed.
      const existing = await findPlayerDocument(tx, input.playerId, input.id)
      throw new AppError(existing ? 'documents.not_pending' : 'documents.not_found')
    }
    await recordAudit(tx, request, {
      actorType: 'player',
      actorId: input.playerId,
      playerId: input.playerId,
      action: 'document.deleted',
      details: { documentId: row.id, type: row.type },
    })
    return row
  })
  // After the commit: a failed removal leaves an unreferenced file, never a row without one.
  await storage.remove(deleted.storageKey).catch((error: unknown) => {
    request.log.error({ err: error, storageKey: deleted.storageKey }, 'document file not removed')
  })
}
