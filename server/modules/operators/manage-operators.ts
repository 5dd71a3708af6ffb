import type { FastifyRequest } from 'fastify'
import type { Db } from '#db/client.ts'
import { AppError, FieldErrors } from '#server/lib/errors.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { newTotpSecret, otpauthUrl, type SessionStore } from '#server/modules/auth/index.ts'
import { hashPassword, normaliseEmail, passwordProblem } from '#server/modules/players/index.ts'
import type {
  CreateOperatorBody,
  OperatorAccount,
  UpdateOperatorBody,
} from './operators.contract.ts'
import {
  findOperatorByEmail,
  insertOperator,
  lockOperator,
  updateOperator,
  type OperatorRow,
} from './operators.repo.ts'

type AuditRequest = Pick<FastifyRequest, 'ip' | 'headers'>

export const toOperatorAccount = (row: OperatorRow): OperatorAccount => ({
  id: row.id,
  email: row.email,
  name: row.name,
  roles: row.roles,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
})

/** True for PostgreSQL's unique_violation, however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true
  }
  return false
}

const emailTaken = () =>
  new FieldErrors({ email: { code: 'email_taken' } }, 'operators.email_taken')

/**
 * Creates an operator account with a TOTP secret the server draws; the secret leaves the server
 * once, in this answer, for the new operator's authenticator app (it is stored sealed).
 */
export async function createOperatorAccount(
  db: Db,
  request: AuditRequest,
  input: { actorId: string; secretBox: SecretBox; body: CreateOperatorBody },
): Promise<OperatorAccount & { otpauthUrl: string; totpSecret: string }> {
  const { body } = input
  const email = normaliseEmail(body.email)
  const problem = passwordProblem(body.password, email)
  if (problem) throw new FieldErrors({ password: problem })
  if (await findOperatorByEmail(db, email)) throw emailTaken()
  const passwordHash = await hashPassword(body.password)
  const totpSecret = newTotpSecret()
  try {
    const created = await db.transaction(async (tx) => {
      const summary = await insertOperator(tx, {
        email,
        passwordHash,
        name: body.name,
        roles: body.roles,
        totpSecretSealed: input.secretBox.seal(totpSecret),
      })
      await recordAudit(tx, request, {
        actorType: 'operator',
        actorId: input.actorId,
        action: 'operator.created',
        details: { operatorId: summary.id, email, name: body.name, roles: body.roles },
      })
      const row = await lockOperator(tx, summary.id)
      if (!row) throw new Error('the new operator is not there')
      return row
    })
    return {
      ...toOperatorAccount(created),
      otpauthUrl: otpauthUrl(totpSecret, created.email),
      totpSecret,
    }
  } catch (error) {
    // Two creations racing for one address meet the unique index.
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
}

/**
 * Renames an operator and sets their roles. An admin cannot take the admin role from themselves
 * (409 `operators.own_account`), so the console never loses its last way in by a slip.
 */
export async function updateOperatorAccount(
  db: Db,
  request: AuditRequest,
  input: { actorId: string; id: string; body: UpdateOperatorBody },
): Promise<OperatorAccount> {
  return db.transaction(async (tx) => {
    const before = await lockOperator(tx, input.id)
    if (!before) throw new AppError('operators.not_found')
    if (input.id === input.actorId && !input.body.roles.includes('admin')) {
      throw new AppError('operators.own_account')
    }
    const after = await updateOperator(tx, input.id, {
      name: input.body.name,
      roles: input.body.roles,
    })
    await recordAudit(tx, request, {
      actorType: 'operator',
      actorId: input.actorId,
      action: 'operator.updated',
      details: {
        operatorId: input.id,
        before: { name: before.name, roles: before.roles },
        after: { name: after.name, roles: after.roles },
      },
    })
    return toOperatorAccount(after)
  })
}

/**
 * Disables or enables an operator account. Disabling ends every session the operator has (the
 * ended ids are returned, to announce after the commit); nobody may disable themselves (409
 * `operators.own_account`). Doing what is already done changes nothing and audits nothing.
 */
export async function setOperatorDisabled(
  db: Db,
  request: AuditRequest,
  input: { actorId: string; id: string; isDisabled: boolean; sessions: SessionStore },
): Promise<{ account: OperatorAccount; endedSessions: string[] }> {
  return db.transaction(async (tx) => {
    const before = await lockOperator(tx, input.id)
    if (!before) throw new AppError('operators.not_found')
    if (input.id === input.actorId && input.isDisabled) throw new AppError('operators.own_account')
    if ((before.disabledAt !== null) === input.isDisabled) {
      return { account: toOperatorAccount(before), endedSessions: [] }
    }
    const after = await updateOperator(tx, input.id, {
      disabledAt: input.isDisabled ? new Date() : null,
    })
    const endedSessions = input.isDisabled
      ? await input.sessions.endOperatorSessions(input.id, tx)
      : []
    await recordAudit(tx, request, {
      actorType: 'operator',
      actorId: input.actorId,
      action: input.isDisabled ? 'operator.disabled' : 'operator.enabled',
      details: {
        operatorId: input.id,
        email: before.email,
        ...(input.isDisabled && { sessionsEnded: endedSessions.length }),
      },
    })
    return { account: toOperatorAccount(after), endedSessions }
  })
}
