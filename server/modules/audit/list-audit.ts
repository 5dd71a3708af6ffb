import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '#db/client.ts'
import { operators } from '#server/modules/operators/operators.tables.ts'
import { players } from '#server/modules/players/players.tables.ts'
import type { AuditEventRow, AuditFilter } from './audit.contract.ts'
import { auditEvents } from './audit.tables.ts'

/** The most rows one CSV export holds: past it, the operator narrows the filters. */
export const AUDIT_CSV_MAX_ROWS = 50_000
const CSV_BATCH_ROWS = 1_000

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000)

function whereOf(filter: AuditFilter): SQL | undefined {
  const pattern = filter.q ? `%${escapeLike(filter.q)}%` : undefined
  return and(
    filter.actorType ? eq(auditEvents.actorType, filter.actorType) : undefined,
    filter.actorId ? eq(auditEvents.actorId, filter.actorId) : undefined,
    filter.playerId ? eq(auditEvents.playerId, filter.playerId) : undefined,
    filter.action
      ? filter.action.endsWith('.')
        ? ilike(auditEvents.action, `${escapeLike(filter.action)}%`)
        : eq(auditEvents.action, filter.action)
      : undefined,
    filter.from ? gte(auditEvents.createdAt, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    filter.to ? lt(auditEvents.createdAt, nextDay(filter.to)) : undefined,
    pattern
      ? or(
          ilike(auditEvents.ip, pattern),
          ilike(auditEvents.userAgent, pattern),
          ilike(sql`${auditEvents.details}::text`, pattern),
        )
      : undefined,
  )
}

const actingOperator = alias(operators, 'acting_operator')
const actingPlayer = alias(players, 'acting_player')
const concernedPlayer = alias(players, 'concerned_player')

/** The rows newest first, each with who acted and whom it concerned, by name and e-mail. */
function selectEvents(db: Db, filter: AuditFilter) {
  return db
    .select({
      event: auditEvents,
      operatorEmail: actingOperator.email,
      operatorName: actingOperator.name,
      actingPlayerEmail: actingPlayer.email,
      actingPlayerFirstName: actingPlayer.firstName,
      actingPlayerLastName: actingPlayer.lastName,
      playerEmail: concernedPlayer.email,
    })
    .from(auditEvents)
    .leftJoin(
      actingOperator,
      and(eq(auditEvents.actorType, 'operator'), eq(actingOperator.id, auditEvents.actorId)),
    )
    .leftJoin(
      actingPlayer,
      and(eq(auditEvents.actorType, 'player'), eq(actingPlayer.id, auditEvents.actorId)),
    )
    .leftJoin(concernedPlayer, eq(concernedPlayer.id, auditEvents.playerId))
    .where(whereOf(filter))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .$dynamic()
}

type Selected = Awaited<ReturnType<typeof selectEvents>>[number]

const toRow = (row: Selected): AuditEventRow => {
  const { event } = row
  const actor =
    row.operatorEmail !== null
      ? { email: row.operatorEmail, name: row.operatorName ?? '' }
      : row.actingPlayerEmail !== null
        ? {
            email: row.actingPlayerEmail,
            name: `${row.actingPlayerFirstName ?? ''} ${row.actingPlayerLastName ?? ''}`.trim(),
          }
        : null
  return {
    id: event.id,
    createdAt: event.createdAt.toISOString(),
    actorType: event.actorType,
    actorId: event.actorId,
    actor,
    playerId: event.playerId,
    playerEmail: row.playerEmail,
    action: event.action,
    ip: event.ip,
    userAgent: event.userAgent,
    details: event.details as Record<string, unknown>,
  }
}

/** One page of the audit log, newest first. */
export async function listAuditEvents(
  db: Db,
  filter: AuditFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: AuditEventRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    selectEvents(db, filter)
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(auditEvents).where(whereOf(filter)),
  ])
  return { rows: rows.map(toRow), total: counted?.total ?? 0 }
}

/**
 * The filtered log for a CSV export, newest first, in batches read one after another (each
 * continues below the last row read, so no batch rereads the ones before it), at most
 * `AUDIT_CSV_MAX_ROWS` rows.
 */
export async function* auditEventBatches(
  db: Db,
  filter: AuditFilter,
): AsyncGenerator<AuditEventRow[]> {
  let lastId: string | undefined
  for (let read = 0; read < AUDIT_CSV_MAX_ROWS;) {
    // Compared in the database: its timestamps hold microseconds, a JavaScript date only
    // milliseconds, so a time read back would skip or repeat rows of the same millisecond.
    const below = lastId
      ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (select created_at, id from audit_events where id = ${lastId})`
      : undefined
    const batch = await selectEvents(db, filter)
      .where(and(whereOf(filter), below))
      .limit(Math.min(CSV_BATCH_ROWS, AUDIT_CSV_MAX_ROWS - read))
    if (batch.length === 0) return
    read += batch.length
    lastId = batch[batch.length - 1]?.event.id
    yield batch.map(toRow)
    if (batch.length < CSV_BATCH_ROWS) return
  }
}
