import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe } from 'vitest'
import type { OperatorRole } from '#common/back-office.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { createPlayer, type SignedInClient } from '#tests/factories/players.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { itChecksRoles, operatorsByRole } from '#tests/helpers/role-matrix.ts'

let t: TestApp
let operators: Record<OperatorRole, SignedInClient>
// A real player for the reads (allowed roles get 200), made-up ids for the writes (allowed roles
// get 404 and nothing changes).
const playerId = randomUUID()
const missingId = randomUUID()
beforeAll(async () => {
  t = await buildTestApp()
  operators = await operatorsByRole(t)
  const player = await createPlayer(t.database.db)
  // The matrix's urls are fixed when the file loads: the player takes the id they name.
  await t.database.db.update(players).set({ id: playerId }).where(eq(players.id, player.id))
})

const READ: OperatorRole[] = ['support', 'kyc', 'finance', 'auditor']

describe('players console: role matrix', () => {
  itChecksRoles(
    () => t,
    () => operators,
    [
      { method: 'GET', url: '/admin/api/players?q=robin', allowed: READ },
      { method: 'GET', url: `/admin/api/players/${playerId}`, allowed: READ },
      { method: 'GET', url: `/admin/api/players/${playerId}/ledger`, allowed: READ },
      { method: 'GET', url: `/admin/api/players/${playerId}/bets`, allowed: READ },
      { method: 'GET', url: `/admin/api/players/${playerId}/audit`, allowed: READ },
      { method: 'GET', url: `/admin/api/players/${playerId}/notes`, allowed: READ },
      { method: 'GET', url: `/admin/api/players/${playerId}/bonuses`, allowed: READ },
      { method: 'GET', url: `/admin/api/players/${playerId}/protection`, allowed: READ },
      {
        method: 'POST',
        url: `/admin/api/players/${missingId}/notes`,
        body: { text: 'Called about a deposit' },
        allowed: ['support', 'kyc', 'finance'],
      },
      {
        method: 'POST',
        url: `/admin/api/players/${missingId}/lock`,
        body: { reason: 'Fraud check' },
        allowed: ['support'],
      },
      { method: 'POST', url: `/admin/api/players/${missingId}/unlock`, allowed: ['support'] },
      {
        method: 'POST',
        url: `/admin/api/players/${missingId}/two-factor/reset`,
        body: { identityCheck: 'Video call with passport' },
        allowed: ['kyc'],
      },
      {
        method: 'POST',
        url: '/admin/api/notifications',
        body: { playerId: missingId, type: 'other', text: 'Hello', isMarketing: false },
        allowed: ['support'],
      },
      { method: 'POST', url: `/admin/api/players/${missingId}/protection/reopen`, allowed: [] },
      {
        method: 'POST',
        url: `/admin/api/players/${missingId}/adjustments`,
        body: { currency: 'EUR', amountMinor: '100', reason: 'Goodwill' },
        allowed: ['support', 'finance'],
      },
      {
        method: 'GET',
        url: '/admin/api/adjustments?status=pending',
        allowed: ['finance', 'support', 'auditor'],
      },
      { method: 'POST', url: `/admin/api/adjustments/${missingId}/approve`, allowed: ['finance'] },
      {
        method: 'POST',
        url: `/admin/api/adjustments/${missingId}/reject`,
        body: { reason: 'Not supported' },
        allowed: ['finance'],
      },
    ],
  )
})
