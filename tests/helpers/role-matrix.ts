import { expect, it } from 'vitest'
import type { OperatorRole } from '#common/back-office.ts'
import { OPERATOR_ROLES } from '#common/back-office.ts'
import { createOperator, signInOperator, type SignedInClient } from '#tests/factories/players.ts'
import type { TestApp } from '#tests/helpers/build-test-app.ts'

/** One console call and the roles that may make it (admin may make every call). */
export interface RoleCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: string
  /** A valid body: validation runs before the role check, so a bad one would answer 400. */
  body?: unknown
  allowed: readonly OperatorRole[]
}

/** One signed-in operator per role, made once per test file. */
export async function operatorsByRole(t: TestApp): Promise<Record<OperatorRole, SignedInClient>> {
  const entries = await Promise.all(
    OPERATOR_ROLES.map(async (role) => {
      const operator = await createOperator(t.database.db, [role])
      return [role, await signInOperator(t.app, operator)] as const
    }),
  )
  return Object.fromEntries(entries) as Record<OperatorRole, SignedInClient>
}

/**
 * The role matrix: each role against each call. An allowed role gets past the role check (any
 * answer but 401 and 403: a made-up id answers 404, which is fine); a refused one gets 403
 * `auth.forbidden` and nothing changes. Run it after the cases' ids exist or with made-up ones.
 */
export function itChecksRoles(
  getT: () => TestApp,
  getOperators: () => Record<OperatorRole, SignedInClient>,
  cases: readonly RoleCase[],
): void {
  for (const call of cases) {
    it(`${call.method} ${call.url}: ${['admin', ...call.allowed].join(', ')} only`, async () => {
      const operators = getOperators()
      for (const role of OPERATOR_ROLES) {
        const response = await getT().app.inject({
          method: call.method,
          url: call.url,
          headers: operators[role].headers,
          ...(call.body !== undefined && { payload: call.body as object }),
        })
        const isAllowed = role === 'admin' || call.allowed.includes(role)
        if (isAllowed) {
          expect([401, 403], `${role} refused: ${response.body}`).not.toContain(response.statusCode)
        } else {
          expect(response.statusCode, `${role} let through: ${response.body}`).toBe(403)
          expect(response.json<{ errors: { code: string } }>().errors.code).toBe('auth.forbidden')
        }
      }
    })
  }
}
