import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createOperator, createPlayer, signIn, signInOperator } from '#tests/factories/players.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'

/*
 * The KYC review queue as the console reads it (issue 27): filters, order and pages on the
 * server, the file for the viewer (the auditor reads too, audited), and the player's
 * notification on each decision.
 */

const uploadDir = mkdtempSync(join(tmpdir(), 'aurum-kyc-queue-'))
let t: TestApp
let kyc: Record<string, string>
let auditor: Record<string, string>
beforeAll(async () => {
  t = await buildTestApp({ env: { UPLOAD_DIR: uploadDir } })
  kyc = (await signInOperator(t.app, await createOperator(t.database.db, ['kyc']))).headers
  auditor = (await signInOperator(t.app, await createOperator(t.database.db, ['auditor']))).headers
}, 60_000)
afterAll(() => {
  rmSync(uploadDir, { recursive: true, force: true })
})

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('\0\0\0\rIHDR tiny png'),
])

interface Answer<T> {
  data: T
  errors: { code: string; fields?: Record<string, string[]> } | null
}
interface QueueDocument {
  id: string
  type: string
  status: string
  player: { id: string; email: string }
}
interface Page {
  documents: QueueDocument[]
  total: number
  page: number
  pageSize: number
}

/** A new player who uploaded one PNG of `type`. */
async function upload(type: string) {
  const account = await createPlayer(t.database.db)
  const { headers } = await signIn(t.app, account)
  const boundary = `----AurumBoundary${randomUUID().replaceAll('-', '')}`
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const response = await t.app.inject({
    method: 'POST',
    url: '/player/upload-document',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  })
  expect(response.statusCode, response.body).toBe(200)
  return {
    id: response.json<Answer<{ id: string }>>().data.id,
    playerId: account.id,
    email: account.email,
  }
}

const list = async (headers: Record<string, string>, query: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/admin/api/documents?${query}`,
    headers,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Answer<Page>>().data
}

describe('the KYC review queue', () => {
  it('filters by type and e-mail, sorts and pages on the server', async () => {
    const passport = await upload('passport')
    const address = await upload('proof_of_address')
    const byType = await list(kyc, 'type=proof_of_address&pageSize=100')
    expect(byType.documents.every((row) => row.type === 'proof_of_address')).toBe(true)
    expect(byType.documents.map((row) => row.id)).toContain(address.id)

    const byEmail = await list(kyc, `email=${encodeURIComponent(passport.email.toUpperCase())}`)
    expect(byEmail).toMatchObject({ total: 1, documents: [{ id: passport.id }] })

    const oldestFirst = (await list(kyc, 'pageSize=100')).documents.map((row) => row.id)
    expect(oldestFirst.indexOf(passport.id)).toBeLessThan(oldestFirst.indexOf(address.id))
    const newestFirst = (await list(kyc, 'sort=-createdAt&pageSize=100')).documents.map((r) => r.id)
    expect(newestFirst.indexOf(address.id)).toBeLessThan(newestFirst.indexOf(passport.id))

    const second = await list(kyc, 'pageSize=1&page=2')
    expect(second).toMatchObject({ page: 2, pageSize: 1 })
    expect(second.total).toBeGreaterThanOrEqual(2)
    expect(second.documents).toHaveLength(1)
  })

  it('refuses bad filters with 400 and the field', async () => {
    for (const [query, field] of [
      ['type=tax_return', 'type'],
      ['status=lost', 'status'],
      ['sort=email', 'sort'],
      ['pageSize=101', 'pageSize'],
      ['page=0', 'page'],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/admin/api/documents?${query}`,
        headers: kyc,
      })
      expect(response.statusCode, query).toBe(400)
      const { errors } = response.json<Answer<null>>()
      expect(Object.keys(errors?.fields ?? {}).join(), query).toContain(field)
    }
  })

  it('lets the auditor read the queue and a file, audited, but not decide', async () => {
    const document = await upload('id_card')
    expect((await list(auditor, 'type=id_card&pageSize=100')).documents.map((r) => r.id)).toContain(
      document.id,
    )
    const file = await t.app.inject({
      method: 'GET',
      url: `/admin/api/documents/${document.id}/file`,
      headers: auditor,
    })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
    expect(file.rawPayload.equals(PNG)).toBe(true)
    const viewed = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.playerId, document.playerId), eq(auditEvents.action, 'document.viewed')),
      )
    expect(viewed).toHaveLength(1)
    const approve = await t.app.inject({
      method: 'POST',
      url: `/admin/api/documents/${document.id}/approve`,
      headers: auditor,
    })
    expect(approve.statusCode).toBe(403)
  })

  it('notifies the player of an approval and of a rejection with its reason', async () => {
    const approved = await upload('passport')
    const rejected = await upload('selfie')
    const approve = await t.app.inject({
      method: 'POST',
      url: `/admin/api/documents/${approved.id}/approve`,
      headers: kyc,
    })
    expect(approve.statusCode, approve.body).toBe(200)
    const reject = await t.app.inject({
      method: 'POST',
      url: `/admin/api/documents/${rejected.id}/reject`,
      headers: kyc,
      payload: { reason: 'The photo is blurred' },
    })
    expect(reject.statusCode, reject.body).toBe(200)
    const noticeOf = async (playerId: string) =>
      t.database.db.select().from(notifications).where(eq(notifications.playerId, playerId))
    expect(await noticeOf(approved.playerId)).toMatchObject([{ type: 'document_reviewed' }])
    const [notice] = await noticeOf(rejected.playerId)
    expect(notice?.type).toBe('document_reviewed')
    expect(notice?.text).toContain('The photo is blurred')
    // Reviewed documents leave the pending queue.
    const pending = (await list(kyc, 'pageSize=100')).documents.map((row) => row.id)
    expect(pending).not.toContain(approved.id)
    expect(pending).not.toContain(rejected.id)
  })
})
