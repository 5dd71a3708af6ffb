import type { FastifyRequest } from 'fastify'
import type { Db } from '#db/client.ts'
import { DEFAULT_LOCALE, isLocalePrefix } from '#common/locales.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { recordEngagementEvent } from '#server/modules/engagement/index.ts'
import { notifyAfterCommit } from '#server/modules/notifications/index.ts'
import { type Texts, textsIn } from '#server/modules/site/index.ts'
import type { Messages } from '#common/messages.ts'
import {
  findDocumentWithOwner,
  reviewPendingDocument,
  type DocumentWithOwner,
} from './documents.repo.ts'
import type { DocumentType } from './documents.tables.ts'

export type ReviewDecision = { status: 'approved' } | { status: 'rejected'; reason: string }

/** The notification text in the player's language, English where a text is not translated yet. */
export function reviewNotificationText(
  text: Texts,
  type: DocumentType,
  decision: ReviewDecision,
): string {
  const document = text(`notifications_text.document_types.${type}`)
  return decision.status === 'approved'
    ? text('notifications_text.document_approved', { document })
    : text('notifications_text.document_rejected', { document, reason: decision.reason })
}

/**
 * An operator's decision on a pending document: the row, the audit entry and the player's
 * notification are written together, and the notification is pushed once they are committed.
 */
export async function reviewDocument(
  db: Db,
  bus: EventBus,
  messages: (locale: string) => Promise<Messages>,
  request: Pick<FastifyRequest, 'ip' | 'headers' | 'log'>,
  input: { operatorId: string; id: string; decision: ReviewDecision },
): Promise<DocumentWithOwner> {
  const { decision } = input
  // The player's texts are read before the transaction, which would hold the embedded
  // database's only connection.
  const owner = await findDocumentWithOwner(db, input.id)
  const stored = owner?.owner.locale ?? DEFAULT_LOCALE
  const locale = isLocalePrefix(stored) ? stored : DEFAULT_LOCALE
  const text = await textsIn(messages, locale)
  const reviewed = await notifyAfterCommit({ bus, log: request.log }, (notify) =>
    db.transaction(async (tx) => {
      const reviewed = await reviewPendingDocument(tx, input.id, {
        status: decision.status,
        reason: decision.status === 'rejected' ? decision.reason : null,
        operatorId: input.operatorId,
      })
      const document = await findDocumentWithOwner(tx, input.id)
      if (!document) throw new AppError('documents.not_found')
      if (!reviewed) throw new AppError('documents.not_pending')
      await recordAudit(tx, request, {
        actorType: 'operator',
        actorId: input.operatorId,
        playerId: document.playerId,
        action: `document.${decision.status}`,
        details: {
          documentId: document.id,
          type: document.type,
          ...(decision.status === 'rejected' && { reason: decision.reason }),
        },
      })
      await notify(tx, {
        playerId: document.playerId,
        type: 'document_reviewed',
        text: reviewNotificationText(text, document.type, decision),
        url: `/${locale}/account/profile/verification/`,
        // A reason takes longer to read than a confirmation.
        durationS: decision.status === 'rejected' ? 10 : undefined,
      })
      // A player's first approved document is their KYC approval for quests and achievements
      // (once ever: the source is the player).
      if (decision.status === 'approved') {
        await recordEngagementEvent(tx, {
          kind: 'kyc_approved',
          sourceId: document.playerId,
          playerId: document.playerId,
        })
      }
      return document
    }),
  )
  if (decision.status === 'approved') {
    try {
      await bus.publish('engagement.recorded', { kind: 'kyc_approved' })
    } catch (error) {
      request.log.warn({ err: error }, 'kyc approval recorded but not announced')
    }
  }
  return reviewed
}
