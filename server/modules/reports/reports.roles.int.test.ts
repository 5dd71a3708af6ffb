import { beforeAll, describe } from 'vitest'
import type { OperatorRole } from '#common/back-office.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import type { SignedInClient } from '#tests/factories/players.ts'
import { itChecksRoles, operatorsByRole, type RoleCase } from '#tests/helpers/role-matrix.ts'

let t: TestApp
let operators: Record<OperatorRole, SignedInClient>
beforeAll(async () => {
  t = await buildTestApp()
  operators = await operatorsByRole(t)
})

const unknownId = '0190d0c0-0000-7000-8000-000000000000'

/** Operators, audit log, reports and dashboard: each role against each call. */
const cases: RoleCase[] = [
  { method: 'GET', url: '/admin/api/operators', allowed: ['auditor'] },
  {
    method: 'POST',
    url: '/admin/api/operators',
    body: { email: 'x@aurum.test', name: 'X', roles: ['kyc'], password: 'short' },
    allowed: [],
  },
  {
    method: 'PUT',
    url: `/admin/api/operators/${unknownId}`,
    body: { name: 'X', roles: ['kyc'] },
    allowed: [],
  },
  { method: 'POST', url: `/admin/api/operators/${unknownId}/disable`, allowed: [] },
  { method: 'POST', url: `/admin/api/operators/${unknownId}/enable`, allowed: [] },
  { method: 'GET', url: '/admin/api/audit', allowed: ['auditor'] },
  { method: 'GET', url: '/admin/api/audit.csv', allowed: ['auditor'] },
  ...['money', 'ggr', 'bonus-cost', 'players'].flatMap((report) =>
    [report, `${report}.csv`].map((path): RoleCase => ({
      method: 'GET',
      url: `/admin/api/reports/${path}?from=2025-01-01&to=2025-01-31`,
      allowed: ['finance', 'auditor'],
    })),
  ),
  {
    method: 'GET',
    url: '/admin/api/dashboard',
    allowed: ['support', 'kyc', 'finance', 'content', 'auditor'],
  },
]

describe('operators, audit log, reports and dashboard: role matrix', () => {
  itChecksRoles(
    () => t,
    () => operators,
    cases,
  )
})
