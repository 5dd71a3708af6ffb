import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
} from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { normaliseEmail } from '#server/modules/players/index.ts'
import type { OperatorListQuery } from './operators.contract.ts'
import { operators, type OperatorRole } from './operators.tables.ts'

export type OperatorRow = typeof operators.$inferSelect

/** What calls may know of a signed-in operator. */
export interface OperatorSummary {
  id: string
  email: string
  name: string
  roles: OperatorRole[]
}

export async function findOperatorByEmail(
  db: Db | Tx,
  email: string,
): Promise<OperatorRow | undefined> {
  const [row] = await db
    .select()
    .from(operators)
    .where(eq(operators.email, normaliseEmail(email)))
    .limit(1)
  return row
}

export async function findOperatorById(db: Db | Tx, id: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1)
  return row
}

export async function insertOperator(
  db: Db | Tx,
  values: Omit<typeof operators.$inferInsert, 'id' | 'createdAt'>,
): Promise<OperatorSummary> {
  const [row] = await db
    .insert(operators)
    .values({ ...values, email: normaliseEmail(values.email) })
    .returning({
      id: operators.id,
      email: operators.email,
      name: operators.name,
      roles: operators.roles,
    })
  if (!row) throw new Error('insert returned no operator')
  return row
}

/**
 * Takes the TOTP step an operator's code belongs to, so the same code (or an older one) is never
 * taken again. False when that step or a newer one is already taken. Note: the check and the
 * record are one statement, which locks the row and re-reads the step, so two logins racing with
 * the same code cannot both pass (a read followed by a separate write let both through).
 */
export async function takeOperatorTotpStep(
  db: Db | Tx,
  id: string,
  step: number,
): Promise<boolean> {
  const taken = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(operators.id, id),
        or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step)),
      ),
    )
    .returning({ id: operators.id })
  return taken.length > 0
}

const LIST_ORDER = {
  email: [asc(operators.email)],
  '-email': [desc(operators.email)],
  name: [asc(operators.name), asc(operators.email)],
  '-name': [desc(operators.name), asc(operators.email)],
  created: [asc(operators.createdAt), asc(operators.id)],
  '-created': [desc(operators.createdAt), desc(operators.id)],
} satisfies Record<OperatorListQuery['sort'], SQL[]>

/** One page of operator accounts with the filters of the console's list. */
export async function listOperators(
  db: Db | Tx,
  query: OperatorListQuery,
): Promise<{ rows: OperatorRow[]; total: number }> {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
  const where = and(
    pattern ? or(ilike(operators.email, pattern), ilike(operators.name, pattern)) : undefined,
    query.role ? arrayContains(operators.roles, [query.role]) : undefined,
    query.status === 'active' ? isNull(operators.disabledAt) : undefined,
    query.status === 'disabled' ? isNotNull(operators.disabledAt) : undefined,
  )
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(operators)
      .where(where)
      .orderBy(...LIST_ORDER[query.sort])
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(operators).where(where),
  ])
  return { rows, total: counted?.total ?? 0 }
}

/** The operator's row, locked for the rest of the transaction (a change checks, then writes). */
export async function lockOperator(tx: Tx, id: string): Promise<OperatorRow | undefined> {
  const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update')
  return row
}

export async function updateOperator(
  tx: Tx,
  id: string,
  values: Partial<Pick<OperatorRow, 'name' | 'roles' | 'disabledAt'>>,
): Promise<OperatorRow> {
  const [row] = await tx.update(operators).set(values).where(eq(operators.id, id)).returning()
  if (!row) throw new Error(`operator ${id} vanished under its lock`)
  return row
}
