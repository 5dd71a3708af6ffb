import { randomUUID } from 'node:crypto'
import { beforeAll, describe } from 'vitest'
import type { OperatorRole } from '#common/back-office.ts'
import type { SignedInClient } from '#tests/factories/players.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { itChecksRoles, operatorsByRole, type RoleCase } from '#tests/helpers/role-matrix.ts'

/*
 * The queues' role matrix (issue 27): finance decides on money, kyc on documents, the auditor
 * reads both; everyone else is refused with 403. Made-up ids: an allowed role reaches the call
 * (404), a refused one never gets that far.
 */

let t: TestApp
let operators: Record<OperatorRole, SignedInClient>
beforeAll(async () => {
  t = await buildTestApp()
  operators = await operatorsByRole(t)
}, 60_000)

const id = randomUUID()
const reason = { reason: 'Role matrix' }

const cases: RoleCase[] = [
  { method: 'GET', url: '/admin/api/withdrawals', allowed: ['finance', 'auditor'] },
  { method: 'POST', url: `/admin/api/withdrawals/${id}/approve`, allowed: ['finance'] },
  {
    method: 'POST',
    url: `/admin/api/withdrawals/${id}/reject`,
    body: reason,
    allowed: ['finance'],
  },
  { method: 'GET', url: '/admin/api/deposits/bank', allowed: ['finance', 'auditor'] },
  {
    method: 'POST',
    url: `/admin/api/deposits/${id}/confirm`,
    body: { amount: '1000', currency: 'EUR' },
    allowed: ['finance'],
  },
  { method: 'GET', url: '/admin/api/deposits/review', allowed: ['finance', 'auditor'] },
  { method: 'POST', url: `/admin/api/deposits/${id}/release`, allowed: ['finance'] },
  { method: 'POST', url: `/admin/api/deposits/${id}/return`, body: reason, allowed: ['finance'] },
  { method: 'GET', url: '/admin/api/ledger/check', allowed: ['finance', 'auditor'] },
  { method: 'GET', url: '/admin/api/documents', allowed: ['kyc', 'auditor'] },
  { method: 'GET', url: `/admin/api/documents/${id}/file`, allowed: ['kyc', 'auditor'] },
  { method: 'POST', url: `/admin/api/documents/${id}/approve`, allowed: ['kyc'] },
  { method: 'POST', url: `/admin/api/documents/${id}/reject`, body: reason, allowed: ['kyc'] },
]

describe('queues: who may make each call', () => {
  itChecksRoles(
    () => t,
    () => operators,
    cases,
  )
})
