import type { FastifyRequest } from 'fastify'
import type { Db, Tx } from '#db/client.ts'
import { auditEvents } from './audit.tables.ts'

export interface AuditEvent {
  actorType: 'player' | 'operator' | 'system'
  actorId: string | null
  /** The player the event concerns, when it concerns one. */
  playerId?: string | null
  /** `login.succeeded`, `login.failed`, `password.changed`, `two_factor.enabled`… */
  action: string
  details?: Record<string, unknown>
}

/**
 * Appends a security or personal-data event to the audit log, with the client's address and
 * browser. Call it in the transaction that made the change, so the log and the data agree.
 */
export async function recordAudit(
  db: Db | Tx,
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  event: AuditEvent,
): Promise<void> {
  const userAgent = request.headers['user-agent']
  await db.insert(auditEvents).values({
    actorType: event.actorType,
    actorId: event.actorId,
    playerId: event.playerId ?? null,
    action: event.action,
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
    details: event.details ?? {},
  })
}
