import { beforeAll, describe } from 'vitest'
import type { OperatorRole } from '#common/back-office.ts'
import type { SignedInClient } from '#tests/factories/players.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { itChecksRoles, operatorsByRole, type RoleCase } from '#tests/helpers/role-matrix.ts'

let t: TestApp
let operators: Record<OperatorRole, SignedInClient>
beforeAll(async () => {
  t = await buildTestApp()
  operators = await operatorsByRole(t)
})

// Made-up ids answer 404 past the role check, which the matrix counts as allowed.
const unknownId = '00000000-0000-4000-8000-000000000000'
const read = ['content', 'auditor'] as const
const write = ['content'] as const
const page = { locale: 'en', path: '/roles/', title: 'Roles', blocks: [], isPublished: false }

describe('site content calls by role', () => {
  itChecksRoles(
    () => t,
    () => operators,
    [
      { method: 'GET', url: '/admin/api/pages', allowed: read },
      { method: 'GET', url: `/admin/api/pages/${unknownId}`, allowed: read },
      { method: 'POST', url: '/admin/api/pages', body: { ...page, locale: 'pl' }, allowed: write },
      { method: 'PUT', url: `/admin/api/pages/${unknownId}`, body: page, allowed: write },
      { method: 'DELETE', url: `/admin/api/pages/${unknownId}`, allowed: write },
      { method: 'GET', url: '/admin/api/menus?locale=de', allowed: read },
      {
        method: 'PUT',
        url: '/admin/api/menus/de/mobile-banner',
        body: { items: [] },
        allowed: write,
      },
      { method: 'GET', url: '/admin/api/settings', allowed: read },
      {
        method: 'PUT',
        url: '/admin/api/settings',
        body: { blockedCountries: ['US'] },
        allowed: write,
      },
      // The settings that move money are the admin's alone.
      ...(
        [
          { conversionSpreadBp: 150 },
          { depositWagerMultiplier: 2 },
          { maxWinPerBetEurMinor: 5_000_000 },
          { withdrawalSecondApprovalEurMinor: 300_000 },
        ] as const
      ).map((body): RoleCase => ({ method: 'PUT', url: '/admin/api/settings', body, allowed: [] })),
      { method: 'GET', url: '/admin/api/translations?locale=de', allowed: read },
      {
        method: 'PUT',
        url: '/admin/api/translations/de/home.title',
        body: { value: 'Spielen.' },
        allowed: write,
      },
      { method: 'DELETE', url: '/admin/api/translations/de/home.title', allowed: write },
      { method: 'GET', url: '/admin/api/redirects', allowed: read },
      {
        method: 'POST',
        url: '/admin/api/redirects',
        body: { fromPath: '/en/roles/', toPath: '/en/', status: 301 },
        allowed: write,
      },
      { method: 'DELETE', url: `/admin/api/redirects/${unknownId}`, allowed: write },
    ],
  )
})
