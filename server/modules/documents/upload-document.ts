import type { FastifyRequest } from 'fastify'
import type { Db } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { MAX_PENDING_DOCUMENTS } from './documents.contract.ts'
import { countPendingDocuments, insertDocument, lockPlayerDocuments } from './documents.repo.ts'
import type { DocumentRow } from './documents.repo.ts'
import type { DocumentType } from './documents.tables.ts'
import type { DocumentStorage } from './document-storage.ts'
import { extensionMatches, sanitizeFileName, sniffDocumentType } from './document-files.ts'

export interface UploadDocumentInput {
  playerId: string
  type: DocumentType
  /** The name the client gave the file; kept for display only, never used as a path. */
  fileName: string
  bytes: Buffer
}

/** Checks a document's content, stores the file and records it as pending for review. */
export async function uploadDocument(
  db: Db,
  storage: DocumentStorage,
  request: Pick<FastifyRequest, 'ip' | 'headers' | 'log'>,
  input: UploadDocumentInput,
): Promise<DocumentRow> {
  if (input.bytes.length === 0) throw new AppError('documents.file_missing')
  const mimeType = sniffDocumentType(input.bytes)
  if (!mimeType) throw new AppError('documents.unsupported_type')
  const fileName = sanitizeFileName(input.fileName)
  if (!extensionMatches(fileName, mimeType)) throw new AppError('documents.extension_mismatch')

  // The file is written before the row, so a row never points at a missing file; when the row
  // cannot be written the file goes again.
  const storageKey = storage.newKey(input.playerId)
  await storage.write(storageKey, input.bytes)
  try {
    return await db.transaction(async (tx) => {
      await lockPlayerDocuments(tx, input.playerId)
      if ((await countPendingDocuments(tx, input.playerId)) >= MAX_PENDING_DOCUMENTS) {
        throw new AppError('documents.too_many_pending', {
          params: { max: MAX_PENDING_DOCUMENTS },
        })
      }
      const row = await insertDocument(tx, {
        playerId: input.playerId,
        type: input.type,
        fileName,
        mimeType,
        sizeBytes: input.bytes.length,
        storageKey,
      })
      await recordAudit(tx, request, {
        actorType: 'player',
        actorId: input.playerId,
        playerId: input.playerId,
        action: 'document.uploaded',
        details: { documentId: row.id, type: row.type, mimeType, sizeBytes: row.sizeBytes },
      })
      return row
    })
  } catch (error) {
    await storage.remove(storageKey).catch((removeError: unknown) => {
      request.log.error({ err: removeError, storageKey }, 'orphaned document file not removed')
    })
    throw error
  }
}
