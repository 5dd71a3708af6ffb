import type { FastifyRequest } from 'fastify'
import { isLocalePrefix, type LocalePrefix } from '#common/locales.ts'
import { AppError } from '#server/lib/errors.ts'
import type { Db, Tx } from '#db/client.ts'
import type { DomainEvents, EventBus } from '#server/lib/event-bus.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import type { OperatorRole } from '#common/back-office.ts'

export type SiteScope = DomainEvents['site.changed']['scope']

/** Who writes site content: the content role (admin passes every check). */
export const CONTENT_WRITE: readonly OperatorRole[] = ['content']
/** Who reads it in the console: the content role and the auditor. */
export const CONTENT_READ: readonly OperatorRole[] = ['content', 'auditor']
export const ROLE_NOTE =
  '401 without an operator session; 403 `auth.forbidden` without the content role (admin passes every check).'
export const READ_ROLE_NOTE =
  '401 without an operator session; 403 `auth.forbidden` without the content or auditor role (admin passes every check).'

/**
 * One content change: its writes and its audit row in one transaction, then `site.changed` so
 * every instance (through Redis) drops its cached copies and pages before its next request.
 */
export async function changeSite<T>(
  change: { db: Db; bus: EventBus; request: FastifyRequest; operatorId: string; scope: SiteScope },
  work: (
    tx: Tx,
    audit: (action: string, details: Record<string, unknown>) => Promise<void>,
  ) => Promise<T>,
): Promise<T> {
  const { db, bus, request, operatorId, scope } = change
  const result = await db.transaction((tx) =>
    work(tx, (action, details) =>
      recordAudit(tx, request, { actorType: 'operator', actorId: operatorId, action, details }),
    ),
  )
  await bus.publish('site.changed', { scope })
  return result
}

/** PostgreSQL's unique_violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true
  }
  return false
}

/** A search text as an `ilike` pattern that matches it anywhere, wildcards taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** A locale of the site, enabled or not (the console edits both), else 404 naming it. */
export function localeOf(code: string): LocalePrefix {
  if (!isLocalePrefix(code)) throw new AppError('site.unknown_locale', { params: { locale: code } })
  return code
}
