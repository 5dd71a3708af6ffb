import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createOperator, signInOperator, type SignedInClient } from '#tests/factories/players.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'

let t: TestApp
let admin: Awaited<ReturnType<typeof createOperator>>
let asAdmin: SignedInClient
beforeAll(async () => {
  t = await buildTestApp()
  admin = await createOperator(t.database.db, ['admin'])
  asAdmin = await signInOperator(t.app, admin)
})

interface Account {
  id: string
  email: string
  name: string
  roles: string[]
  disabledAt: string | null
  createdAt: string
}

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  client: SignedInClient = asAdmin,
) => t.app.inject({ method, url, headers: client.headers, ...(payload && { payload }) })

const uniqueEmail = () => `new-${crypto.randomUUID()}@aurum.test`
const newOperator = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  name: 'Nina Newcomer',
  roles: ['support', 'kyc'],
  password: 'a long and unusual passphrase',
  ...overrides,
})

const auditOf = (operatorId: string) =>
  t.database.db
    .select({ action: auditEvents.action, actorId: auditEvents.actorId })
    .from(auditEvents)
    .where(eq(auditEvents.actorId, operatorId))

describe('POST /admin/api/operators', () => {
  it('creates an operator who signs in with the TOTP secret shown once', async () => {
    const body = newOperator()
    const created = await call('POST', '/admin/api/operators', body)
    expect(created.statusCode).toBe(200)
    const data = created.json<{ data: Account & { otpauthUrl: string; totpSecret: string } }>().data
    expect(data).toMatchObject({
      email: body.email,
      name: 'Nina Newcomer',
      roles: ['support', 'kyc'],
    })
    expect(data.disabledAt).toBeNull()
    expect(data.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Aurum:.+\?.*secret=/)
    expect(data.otpauthUrl).toContain(`secret=${data.totpSecret}`)
    const client = await signInOperator(t.app, {
      email: body.email,
      password: body.password,
      totpSecret: data.totpSecret,
    })
    const me = await call('GET', '/admin/api/me', undefined, client)
    expect(me.json()).toMatchObject({ data: { id: data.id, roles: ['support', 'kyc'] } })
    // The list never shows the secret again.
    const listed = await call('GET', `/admin/api/operators?q=${encodeURIComponent(body.email)}`)
    expect(listed.body).not.toContain(data.totpSecret)
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'operator.created'))
    const row = audit.find(
      (event) => (event.details as { operatorId?: string }).operatorId === data.id,
    )
    expect(row).toMatchObject({ actorType: 'operator', actorId: admin.id })
    expect(JSON.stringify(row?.details)).not.toContain(data.totpSecret)
  })

  it('refuses an address another operator has, in any case', async () => {
    const body = newOperator()
    expect((await call('POST', '/admin/api/operators', body)).statusCode).toBe(200)
    const again = await call('POST', '/admin/api/operators', {
      ...newOperator(),
      email: body.email.toUpperCase(),
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ errors: { code: 'operators.email_taken' } })
    expect(
      again.json<{ errors: { fields: Record<string, string[]> } }>().errors.fields,
    ).toHaveProperty('email')
  })

  it('takes one of two creations racing for one address', async () => {
    const body = newOperator()
    const answers = await Promise.all([
      call('POST', '/admin/api/operators', body),
      call('POST', '/admin/api/operators', body),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
  })

  it.each([
    ['no roles', { roles: [] }, 'roles'],
    ['a role twice', { roles: ['kyc', 'kyc'] }, 'roles'],
    ['an unknown role', { roles: ['owner'] }, 'roles'],
    ['a malformed e-mail', { email: 'not-an-address' }, 'email'],
    ['an empty name', { name: '   ' }, 'name'],
    ['a short password', { password: 'short' }, 'password'],
    ['a common password', { password: 'password123' }, 'password'],
  ])('refuses %s with 400 on the field', async (_name, override, field) => {
    const refused = await call('POST', '/admin/api/operators', newOperator(override))
    expect(refused.statusCode).toBe(400)
    // Schema refusals name the field by its place in the request (`body.roles.0`).
    const fields = Object.keys(
      refused.json<{ errors: { fields: Record<string, string[]> } }>().errors.fields,
    )
    expect(
      fields.some((key) => key === field || key.startsWith(`body.${field}`)),
      fields.join(),
    ).toBe(true)
  })
})

describe('GET /admin/api/operators', () => {
  it('pages, filters and sorts on the server', async () => {
    const marker = `list-${crypto.randomUUID().slice(0, 8)}`
    for (const [name, roles] of [
      ['Anna', ['finance']],
      ['Bert', ['content']],
      ['Cleo', ['finance', 'support']],
    ] as const) {
      const made = await call(
        'POST',
        '/admin/api/operators',
        newOperator({ name: `${name} ${marker}`, roles }),
      )
      expect(made.statusCode).toBe(200)
    }
    const page = await call(
      'GET',
      `/admin/api/operators?q=${marker}&role=finance&sort=-name&pageSize=1`,
    )
    expect(page.statusCode).toBe(200)
    const data = page.json<{
      data: { items: Account[]; total: number; page: number; pageSize: number }
    }>().data
    expect(data.total).toBe(2)
    expect(data.items.map((item) => item.name)).toEqual([`Cleo ${marker}`])
    const second = await call(
      'GET',
      `/admin/api/operators?q=${marker}&role=finance&sort=-name&pageSize=1&page=2`,
    )
    expect(
      second.json<{ data: { items: Account[] } }>().data.items.map((item) => item.name),
    ).toEqual([`Anna ${marker}`])
  })

  it.each([['pageSize=101'], ['page=0'], ['sort=password'], ['role=owner'], ['status=gone']])(
    'refuses %s with 400',
    async (query) => {
      const refused = await call('GET', `/admin/api/operators?${query}`)
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({ errors: { code: 'request.invalid' } })
    },
  )
})

describe('PUT /admin/api/operators/:id', () => {
  it('sets the name and roles, audited with before and after', async () => {
    const target = await createOperator(t.database.db, ['support'])
    const changed = await call('PUT', `/admin/api/operators/${target.id}`, {
      name: 'Renamed',
      roles: ['finance', 'auditor'],
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({
      data: { name: 'Renamed', roles: ['finance', 'auditor'] },
    })
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'operator.updated'))
      .then((rows) =>
        rows.filter((row) => (row.details as { operatorId: string }).operatorId === target.id),
      )
    expect(event?.details).toMatchObject({
      before: { roles: ['support'] },
      after: { name: 'Renamed', roles: ['finance', 'auditor'] },
    })
  })

  it('refuses an admin removing their own admin role (409), an unknown id (404), bad bodies (400)', async () => {
    const self = await call('PUT', `/admin/api/operators/${admin.id}`, {
      name: 'Me',
      roles: ['finance'],
    })
    expect(self.statusCode).toBe(409)
    expect(self.json()).toMatchObject({ errors: { code: 'operators.own_account' } })
    const keepsAdmin = await call('PUT', `/admin/api/operators/${admin.id}`, {
      name: admin.name,
      roles: ['admin', 'finance'],
    })
    expect(keepsAdmin.statusCode).toBe(200)
    const unknown = await call('PUT', `/admin/api/operators/${crypto.randomUUID()}`, {
      name: 'X',
      roles: ['kyc'],
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ errors: { code: 'operators.not_found' } })
    const badId = await call('PUT', '/admin/api/operators/42', { name: 'X', roles: ['kyc'] })
    expect(badId.statusCode).toBe(400)
    const noRoles = await call('PUT', `/admin/api/operators/${admin.id}`, { name: 'X', roles: [] })
    expect(noRoles.statusCode).toBe(400)
  })
})

describe('disable and enable', () => {
  it('disabling ends the operator’s sessions and sign-in; enabling lets them sign in again', async () => {
    const target = await createOperator(t.database.db, ['kyc'])
    const session = await signInOperator(t.app, target)
    const disabled = await call('POST', `/admin/api/operators/${target.id}/disable`)
    expect(disabled.statusCode).toBe(200)
    expect(disabled.json<{ data: Account }>().data.disabledAt).not.toBeNull()
    expect((await call('GET', '/admin/api/me', undefined, session)).statusCode).toBe(401)
    await expect(signInOperator(t.app, target, Date.now() + 30_000)).rejects.toThrow(
      /sign-in failed/,
    )

    const enabled = await call('POST', `/admin/api/operators/${target.id}/enable`)
    expect(enabled.json<{ data: Account }>().data.disabledAt).toBeNull()
    // The old session stays ended; a new sign-in works.
    expect((await call('GET', '/admin/api/me', undefined, session)).statusCode).toBe(401)
    // A code of the next step: the refused sign-in above took none.
    const again = await signInOperator(t.app, target, Date.now() + 30_000)
    expect((await call('GET', '/admin/api/me', undefined, again)).statusCode).toBe(200)
    const actions = (await auditOf(admin.id)).map((row) => row.action)
    expect(actions).toEqual(expect.arrayContaining(['operator.disabled', 'operator.enabled']))
  })

  it('disabling twice changes and audits nothing the second time', async () => {
    const target = await createOperator(t.database.db, ['content'])
    const first = await call('POST', `/admin/api/operators/${target.id}/disable`)
    const second = await call('POST', `/admin/api/operators/${target.id}/disable`)
    expect(second.statusCode).toBe(200)
    expect(second.json<{ data: Account }>().data.disabledAt).toBe(
      first.json<{ data: Account }>().data.disabledAt,
    )
    const events = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'operator.disabled'))
    expect(
      events.filter((row) => (row.details as { operatorId: string }).operatorId === target.id),
    ).toHaveLength(1)
  })

  it('two disables at the same moment disable and audit once (the row is locked, then checked)', async () => {
    const target = await createOperator(t.database.db, ['finance'])
    const answers = await Promise.all([
      call('POST', `/admin/api/operators/${target.id}/disable`),
      call('POST', `/admin/api/operators/${target.id}/disable`),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200])
    const events = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'operator.disabled'))
    expect(
      events.filter((row) => (row.details as { operatorId: string }).operatorId === target.id),
    ).toHaveLength(1)
  })

  it('refuses disabling oneself (409) and unknown or malformed ids', async () => {
    const self = await call('POST', `/admin/api/operators/${admin.id}/disable`)
    expect(self.statusCode).toBe(409)
    expect(self.json()).toMatchObject({ errors: { code: 'operators.own_account' } })
    expect((await call('GET', '/admin/api/me')).statusCode).toBe(200)
    const unknown = await call('POST', `/admin/api/operators/${crypto.randomUUID()}/enable`)
    expect(unknown.statusCode).toBe(404)
    expect((await call('POST', '/admin/api/operators/nope/disable')).statusCode).toBe(400)
  })
})
