import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { normaliseEmail } from '#server/modules/players/index.ts'
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
