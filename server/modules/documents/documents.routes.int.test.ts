import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createOperator, createPlayer, signIn, signInOperator } from '#tests/factories/players.ts'
import { auditEvents } from '#server/modules/audit/audit.tables.ts'
import { players } from '#server/modules/players/players.tables.ts'
import type { OperatorRole } from '#server/modules/operators/operators.tables.ts'
import { MAX_DOCUMENT_BYTES, MAX_PENDING_DOCUMENTS } from './documents.contract.ts'
import { insertDocument } from './documents.repo.ts'
import { playerDocuments } from './documents.tables.ts'

const uploadDir = mkdtempSync(join(tmpdir(), 'aurum-documents-'))
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ env: { UPLOAD_DIR: uploadDir } })
})
afterAll(() => {
  rmSync(uploadDir, { recursive: true, force: true })
})

// Tiny files that start as the real formats do.
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0 tiny jpeg'),
  Buffer.from([0xff, 0xd9]),
])
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('\0\0\0\rIHDR tiny png'),
])
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')

interface WireDocument {
  id: string
  type: string
  status: string
  reason: string | null
  file_name: string
  mime_type: string
  size_bytes: number
  created_at: string
  reviewed_at: string | null
}
interface OperatorDocument extends WireDocument {
  player: { id: string; email: string; name: string }
  reviewed_by: string | null
}

type Part =
  | { name: string; value: string; contentType?: string }
  | { name: string; filename: string; data: Buffer; contentType?: string }

/** A multipart/form-data body as a browser sends it, built by hand. */
function multipart(parts: Part[]) {
  const boundary = `----AurumBoundary${randomUUID().replaceAll('-', '')}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    const filename = 'filename' in part ? `; filename="${part.filename}"` : ''
    const type = part.contentType ?? ('filename' in part ? 'application/octet-stream' : undefined)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n` +
          (type ? `Content-Type: ${type}\r\n` : '') +
          '\r\n',
      ),
      'data' in part ? part.data : Buffer.from(part.value),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

interface Client {
  id: string
  headers: Record<string, string>
}

/** A new signed-in player of the test's own. */
async function player(): Promise<Client> {
  const account = await createPlayer(t.database.db)
  return { id: account.id, headers: (await signIn(t.app, account)).headers }
}

/** A visitor's headers: marker, cookie and CSRF token, but nobody signed in. */
async function visitor(): Promise<Record<string, string>> {
  const response = await t.app.inject({ method: 'GET', url: '/csrf/get-new', headers: API_HEADERS })
  const cookie = response.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
  return {
    ...API_HEADERS,
    cookie,
    'x-csrf-token': response.json<{ '_csrf-frontend': string }>()['_csrf-frontend'],
  }
}

async function operator(roles: OperatorRole[]): Promise<Client> {
  const account = await createOperator(t.database.db, roles)
  return { id: account.id, headers: (await signInOperator(t.app, account)).headers }
}

const upload = (headers: Record<string, string>, parts: Part[]) => {
  const body = multipart(parts)
  return t.app.inject({
    method: 'POST',
    url: '/player/upload-document',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  })
}

const file = (filename: string, data: Buffer, contentType?: string): Part => ({
  name: 'file',
  filename,
  data,
  ...(contentType && { contentType }),
})

async function uploaded(client: Client, type: string, part: Part): Promise<WireDocument> {
  const response = await upload(client.headers, [{ name: 'type', value: type }, part])
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ data: WireDocument }>().data
}

const listDocuments = async (headers: Record<string, string>) => {
  const response = await t.app.inject({ method: 'GET', url: '/player/get-documents', headers })
  expect(response.statusCode).toBe(200)
  return response.json<{ data: { documents: WireDocument[] } }>().data.documents
}

const deleteDocument = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/player/delete-document',
    headers,
    payload: payload as Record<string, unknown>,
  })

const rowsOf = (playerId: string) =>
  t.database.db.select().from(playerDocuments).where(eq(playerDocuments.playerId, playerId))

const filesOf = (playerId: string) => {
  const dir = join(uploadDir, playerId)
  return existsSync(dir) ? readdirSync(dir) : []
}

const auditOf = (playerId: string, action: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.playerId, playerId), eq(auditEvents.action, action)))

/** Refused with this status and code, with nothing stored for the player. */
async function expectRefused(
  response: { statusCode: number; json: () => unknown },
  status: number,
  code: string,
  playerId?: string,
) {
  expect(response.statusCode).toBe(status)
  const body = response.json() as { success: boolean; message: string; errors: { code: string } }
  expect(body).toMatchObject({ success: false, errors: { code } })
  expect(body.message).not.toBe('')
  expect(body.message).not.toBe(code)
  if (playerId) {
    expect(await rowsOf(playerId)).toEqual([])
    expect(filesOf(playerId)).toEqual([])
  }
}

describe('POST /player/upload-document', () => {
  it('accepts JPEG, PNG and PDF, stores them privately and answers the wire document', async () => {
    const client = await player()
    const cases = [
      { type: 'passport', name: 'passport.jpg', data: JPEG, mime: 'image/jpeg' },
      { type: 'selfie', name: 'me.PNG', data: PNG, mime: 'image/png' },
      { type: 'proof_of_address', name: 'bill.pdf', data: PDF, mime: 'application/pdf' },
    ]
    for (const { type, name, data, mime } of cases) {
      const document = await uploaded(client, type, file(name, data))
      expect(document).toEqual({
        id: expect.any(String) as unknown,
        type,
        status: 'pending',
        reason: null,
        file_name: name,
        mime_type: mime,
        size_bytes: data.length,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
        reviewed_at: null,
      })
      const [row] = await t.database.db
        .select()
        .from(playerDocuments)
        .where(eq(playerDocuments.id, document.id))
      if (!row) throw new Error('no row')
      // A random key under the player's folder, never the client's name.
      expect(row.storageKey).toMatch(new RegExp(`^${client.id}/[0-9a-f-]{36}$`))
      const path = join(uploadDir, row.storageKey)
      expect(readFileSync(path).equals(data)).toBe(true)
      expect(statSync(path).mode & 0o777).toBe(0o600)
    }
    expect(filesOf(client.id)).toHaveLength(3)
    const audit = await auditOf(client.id, 'document.uploaded')
    expect(audit).toHaveLength(3)
    expect(audit[0]).toMatchObject({ actorType: 'player', actorId: client.id })
  })

  it('reads the type from the content, not the sent content type, and accepts the field after the file', async () => {
    const client = await player()
    const response = await upload(client.headers, [
      file('scan', PNG, 'application/pdf'),
      { name: 'type', value: 'id_card' },
    ])
    expect(response.statusCode).toBe(200)
    expect(response.json<{ data: WireDocument }>().data).toMatchObject({
      type: 'id_card',
      mime_type: 'image/png',
      file_name: 'scan',
    })
  })

  it('accepts a file of exactly 10 MB', async () => {
    const client = await player()
    const big = Buffer.alloc(MAX_DOCUMENT_BYTES, 0x20)
    PDF.copy(big)
    const document = await uploaded(client, 'passport', file('big.pdf', big))
    expect(document.size_bytes).toBe(MAX_DOCUMENT_BYTES)
  })

  it('cleans the file name and never uses it on disk', async () => {
    const client = await player()
    const document = await uploaded(
      client,
      'passport',
      file(`../../etc/pass\u0001port\u202e${'x'.repeat(300)}.jpg`, JPEG),
    )
    expect(document.file_name).toBe(`pass\u0001port`.replace('\u0001', '') + 'x'.repeat(192))
    expect(document.file_name).toHaveLength(200)
    const files = filesOf(client.id)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('refuses content that is not JPEG, PNG or PDF whatever the name says, storing nothing', async () => {
    const client = await player()
    const lies = [
      file('passport.jpg', Buffer.from('MZ\x90\0 not really a jpeg'), 'image/jpeg'),
      file('scan.png', Buffer.from('GIF89a tiny gif')),
      file('doc.pdf', Buffer.from('<html><script>alert(1)</script></html>'), 'application/pdf'),
      file('scan.jpg', Buffer.from([0xff, 0xd8])),
    ]
    for (const part of lies) {
      const response = await upload(client.headers, [{ name: 'type', value: 'passport' }, part])
      await expectRefused(response, 400, 'documents.unsupported_type', client.id)
    }
  })

  it('refuses a name whose extension lies about the content', async () => {
    const client = await player()
    for (const part of [
      file('scan.jpg', PNG, 'image/jpeg'),
      file('bill.pdf', JPEG),
      file('photo.exe', JPEG),
    ]) {
      const response = await upload(client.headers, [{ name: 'type', value: 'passport' }, part])
      await expectRefused(response, 400, 'documents.extension_mismatch', client.id)
    }
  })

  it('refuses a file over 10 MB with 413, storing nothing', async () => {
    const client = await player()
    // Just over the limit: the parser stops it.
    const justOver = Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x20)
    JPEG.copy(justOver)
    const first = await upload(client.headers, [
      { name: 'type', value: 'passport' },
      file('big.jpg', justOver),
    ])
    await expectRefused(first, 413, 'documents.too_large', client.id)
    expect(first.json<{ message: string }>().message).toContain('10 MB')
    // Far over: refused from the announced length, before reading it.
    const farOver = Buffer.alloc(MAX_DOCUMENT_BYTES + 2 * 1024 * 1024, 0x20)
    JPEG.copy(farOver)
    const second = await upload(client.headers, [
      { name: 'type', value: 'passport' },
      file('bigger.jpg', farOver),
    ])
    await expectRefused(second, 413, 'documents.too_large', client.id)
  })

  it('refuses an unknown, missing or overlong type', async () => {
    const client = await player()
    for (const type of ['visa', '', 'PASSPORT', 'x'.repeat(5000)]) {
      const response = await upload(client.headers, [
        { name: 'type', value: type },
        file('a.jpg', JPEG),
      ])
      await expectRefused(response, 400, 'documents.type_invalid', client.id)
    }
    const missing = await upload(client.headers, [file('a.jpg', JPEG)])
    await expectRefused(missing, 400, 'documents.type_invalid', client.id)
    const json = await upload(client.headers, [
      { name: 'type', value: '"passport"', contentType: 'application/json' },
      file('a.jpg', JPEG),
    ])
    expect(json.statusCode).toBe(200)
  })

  it('refuses a form without a file, with an empty one, or with the file as text', async () => {
    const client = await player()
    const type = { name: 'type', value: 'passport' }
    await expectRefused(
      await upload(client.headers, [type]),
      400,
      'documents.file_missing',
      client.id,
    )
    await expectRefused(
      await upload(client.headers, [type, file('', Buffer.alloc(0))]),
      400,
      'documents.file_missing',
      client.id,
    )
    await expectRefused(
      await upload(client.headers, [type, { name: 'file', value: 'passport.jpg' }]),
      400,
      'documents.file_missing',
      client.id,
    )
  })

  it('refuses two files', async () => {
    const client = await player()
    const response = await upload(client.headers, [
      { name: 'type', value: 'passport' },
      file('a.jpg', JPEG),
      file('b.jpg', JPEG),
    ])
    await expectRefused(response, 400, 'documents.too_many_files', client.id)
  })

  it('refuses other parts, repeated fields, a non-multipart or malformed body', async () => {
    const client = await player()
    const type = { name: 'type', value: 'passport' }
    for (const parts of [
      [type, { name: 'comment', value: 'hi' }, file('a.jpg', JPEG)],
      [type, type, file('a.jpg', JPEG)],
      [type, { name: 'photo', filename: 'a.jpg', data: JPEG }],
      [type, { name: '__proto__', value: 'x' }, file('a.jpg', JPEG)],
    ]) {
      await expectRefused(
        await upload(client.headers, parts),
        400,
        'documents.invalid_form',
        client.id,
      )
    }
    const asJson = await t.app.inject({
      method: 'POST',
      url: '/player/upload-document',
      headers: client.headers,
      payload: { type: 'passport', file: JPEG.toString('base64') },
    })
    await expectRefused(asJson, 400, 'documents.invalid_form', client.id)
    const body = multipart([type, file('a.jpg', JPEG)])
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/player/upload-document',
      headers: { ...client.headers, 'content-type': body.contentType },
      payload: body.payload.subarray(0, body.payload.length - 40),
    })
    await expectRefused(truncated, 400, 'documents.invalid_form', client.id)
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/player/upload-document',
      headers: { ...client.headers, 'content-type': 'multipart/form-data' },
      payload: body.payload,
    })
    await expectRefused(noBoundary, 400, 'documents.invalid_form', client.id)
  })

  it(`refuses an upload beyond ${String(MAX_PENDING_DOCUMENTS)} pending documents`, async () => {
    const client = await player()
    for (let index = 0; index < MAX_PENDING_DOCUMENTS; index++) {
      await insertDocument(t.database.db, {
        playerId: client.id,
        type: 'passport',
        fileName: `p${String(index)}.jpg`,
        mimeType: 'image/jpeg',
        sizeBytes: 1,
        storageKey: `${client.id}/${randomUUID()}`,
      })
    }
    const response = await upload(client.headers, [
      { name: 'type', value: 'passport' },
      file('a.jpg', JPEG),
    ])
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ errors: { code: 'documents.too_many_pending' } })
    expect(response.json<{ message: string }>().message).toContain(String(MAX_PENDING_DOCUMENTS))
    expect(await rowsOf(client.id)).toHaveLength(MAX_PENDING_DOCUMENTS)
    expect(filesOf(client.id)).toEqual([])
  })

  it('refuses a visitor (401), a call without CSRF token (403) or marker (400)', async () => {
    const client = await player()
    const parts: Part[] = [{ name: 'type', value: 'passport' }, file('a.jpg', JPEG)]
    await expectRefused(await upload(await visitor(), parts), 401, 'auth.sign_in_required')
    const { 'x-csrf-token': _token, ...withoutToken } = client.headers
    await expectRefused(await upload(withoutToken, parts), 403, 'csrf.invalid', client.id)
    const { 'x-requested-with': _marker, ...withoutMarker } = client.headers
    await expectRefused(
      await upload(withoutMarker, parts),
      400,
      'request.marker_missing',
      client.id,
    )
  })

  it('leaves other routes without a multipart parser', async () => {
    const support = await operator(['support'])
    const body = multipart([{ name: 'text', value: 'hi' }])
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin/api/notifications',
      headers: { ...support.headers, 'content-type': body.contentType },
      payload: body.payload,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ errors: { code: 'request.invalid' } })
  })
})

describe('GET /player/get-documents', () => {
  it('lists only the caller’s documents, newest first, never cached', async () => {
    const alice = await player()
    const bob = await player()
    expect(await listDocuments(alice.headers)).toEqual([])
    const first = await uploaded(alice, 'passport', file('a.jpg', JPEG))
    const second = await uploaded(alice, 'selfie', file('b.png', PNG))
    await uploaded(bob, 'id_card', file('c.pdf', PDF))
    const response = await t.app.inject({
      method: 'GET',
      url: '/player/get-documents',
      headers: alice.headers,
    })
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({
      success: true,
      data: { documents: [second, first] },
      message: null,
      errors: null,
    })
  })

  it('refuses a visitor and a call without the marker', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/player/get-documents',
      headers: await visitor(),
    })
    await expectRefused(response, 401, 'auth.sign_in_required')
    const client = await player()
    const { 'x-requested-with': _marker, ...withoutMarker } = client.headers
    const unmarked = await t.app.inject({
      method: 'GET',
      url: '/player/get-documents',
      headers: withoutMarker,
    })
    await expectRefused(unmarked, 400, 'request.marker_missing')
  })
})

describe('POST /player/delete-document', () => {
  it('deletes the owner’s pending document with its file', async () => {
    const client = await player()
    const kept = await uploaded(client, 'passport', file('a.jpg', JPEG))
    const gone = await uploaded(client, 'selfie', file('b.png', PNG))
    const response = await deleteDocument(client.headers, { id: gone.id })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ success: true, data: null, message: null, errors: null })
    expect(await listDocuments(client.headers)).toEqual([kept])
    expect(filesOf(client.id)).toHaveLength(1)
    expect(await auditOf(client.id, 'document.deleted')).toHaveLength(1)
  })

  it('answers 404 for another player’s document, which stays', async () => {
    const alice = await player()
    const bob = await player()
    const document = await uploaded(alice, 'passport', file('a.jpg', JPEG))
    await expectRefused(
      await deleteDocument(bob.headers, { id: document.id }),
      404,
      'documents.not_found',
    )
    await expectRefused(
      await deleteDocument(bob.headers, { id: randomUUID() }),
      404,
      'documents.not_found',
    )
    expect(await listDocuments(alice.headers)).toEqual([document])
    expect(filesOf(alice.id)).toHaveLength(1)
  })

  it('answers 409 for a reviewed document, which stays', async () => {
    const client = await player()
    const kyc = await operator(['kyc'])
    const document = await uploaded(client, 'passport', file('a.jpg', JPEG))
    await review(kyc.headers, document.id, 'approve')
    await expectRefused(
      await deleteDocument(client.headers, { id: document.id }),
      409,
      'documents.not_pending',
    )
    expect(await listDocuments(client.headers)).toHaveLength(1)
    expect(filesOf(client.id)).toHaveLength(1)
  })

  it('refuses bad ids, a visitor and a call without CSRF token', async () => {
    const client = await player()
    const document = await uploaded(client, 'passport', file('a.jpg', JPEG))
    for (const payload of [{}, { id: 'nope' }, { id: 42 }, { id: `${document.id}x` }]) {
      await expectRefused(await deleteDocument(client.headers, payload), 400, 'request.invalid')
    }
    await expectRefused(
      await deleteDocument(await visitor(), { id: document.id }),
      401,
      'auth.sign_in_required',
    )
    const { 'x-csrf-token': _token, ...withoutToken } = client.headers
    await expectRefused(
      await deleteDocument(withoutToken, { id: document.id }),
      403,
      'csrf.invalid',
    )
    expect(await listDocuments(client.headers)).toEqual([document])
  })
})

describe('GET /player/documents/:id/file', () => {
  const download = (headers: Record<string, string>, id: string) =>
    t.app.inject({ method: 'GET', url: `/player/documents/${id}/file`, headers })

  it('gives the owner the file as a private attachment of its real type', async () => {
    const client = await player()
    const document = await uploaded(client, 'passport', file('mon passeport.PDF', PDF, 'image/png'))
    const response = await download(client.headers, document.id)
    expect(response.statusCode).toBe(200)
    expect(response.rawPayload.equals(PDF)).toBe(true)
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(PDF.length),
      'content-disposition': `attachment; filename="mon passeport.PDF"; filename*=UTF-8''mon%20passeport.PDF`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    })
  })

  it('answers 404 to another player and for an unknown id, 401 to a visitor', async () => {
    const alice = await player()
    const bob = await player()
    const document = await uploaded(alice, 'passport', file('a.jpg', JPEG))
    await expectRefused(await download(bob.headers, document.id), 404, 'documents.not_found')
    await expectRefused(await download(alice.headers, randomUUID()), 404, 'documents.not_found')
    await expectRefused(await download(await visitor(), document.id), 401, 'auth.sign_in_required')
    await expectRefused(await download(alice.headers, 'not-an-id'), 400, 'request.invalid')
  })
})

const review = (
  headers: Record<string, string>,
  id: string,
  action: 'approve' | 'reject',
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method: 'POST',
    url: `/admin/api/documents/${id}/${action}`,
    headers,
    ...(payload && { payload }),
  })

const operatorList = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/admin/api/documents${query}`, headers })

describe('operator API', () => {
  let kyc: Client
  let admin: Client
  let finance: Client
  beforeAll(async () => {
    kyc = await operator(['kyc'])
    admin = await operator(['admin'])
    finance = await operator(['finance', 'support'])
  })

  it('lists documents by status with their players, for kyc and admin only', async () => {
    const account = await createPlayer(t.database.db, { firstName: 'Kaija' })
    const client = { id: account.id, headers: (await signIn(t.app, account)).headers }
    const document = await uploaded(client, 'passport', file('a.jpg', JPEG))
    for (const staff of [kyc, admin]) {
      const response = await operatorList(staff.headers, '?status=pending&pageSize=100')
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      const { data } = response.json<{
        data: { documents: OperatorDocument[]; total: number; page: number; pageSize: number }
      }>()
      expect(data).toMatchObject({ page: 1, pageSize: 100 })
      expect(data.total).toBeGreaterThanOrEqual(1)
      expect(data.documents.find((item) => item.id === document.id)).toEqual({
        ...document,
        player: { id: client.id, email: account.email, name: 'Kaija Tester' },
        reviewed_by: null,
      })
      expect(data.documents.every((item) => item.status === 'pending')).toBe(true)
    }
    await expectRefused(await operatorList(finance.headers), 403, 'auth.forbidden')
    await expectRefused(await operatorList(client.headers), 401, 'auth.sign_in_required')
    await expectRefused(await operatorList(await visitor()), 401, 'auth.sign_in_required')
  })

  it('pages the queue oldest first and filters by status', async () => {
    const client = await player()
    const uploads = [
      await uploaded(client, 'passport', file('1.jpg', JPEG)),
      await uploaded(client, 'passport', file('2.jpg', JPEG)),
      await uploaded(client, 'passport', file('3.jpg', JPEG)),
    ]
    const all = (await operatorList(kyc.headers, '?pageSize=100&page=1')).json<{
      data: { documents: OperatorDocument[]; total: number }
    }>().data
    const ids = all.documents
      .map((item) => item.id)
      .filter((id) => uploads.some((u) => u.id === id))
    expect(ids).toEqual(uploads.map((item) => item.id))
    const pageTwo = (await operatorList(kyc.headers, '?pageSize=1&page=2')).json<{
      data: { documents: OperatorDocument[]; total: number }
    }>().data
    expect(pageTwo.documents).toHaveLength(1)
    expect(pageTwo.documents[0]?.id).toBe(all.documents[1]?.id)
    expect(pageTwo.total).toBe(all.total)

    const [approved] = uploads
    if (!approved) throw new Error('no upload')
    await review(kyc.headers, approved.id, 'approve')
    const reviewed = (await operatorList(kyc.headers, '?status=approved&pageSize=100')).json<{
      data: { documents: OperatorDocument[] }
    }>().data.documents
    expect(reviewed.find((item) => item.id === approved.id)).toMatchObject({
      status: 'approved',
      reviewed_by: kyc.id,
    })
    for (const query of ['?status=lost', '?page=0', '?pageSize=101', '?page=x']) {
      await expectRefused(await operatorList(kyc.headers, query), 400, 'request.invalid')
    }
  })

  it('approves a pending document once, and the player is told in their language', async () => {
    const client = await player()
    const document = await uploaded(client, 'passport', file('a.jpg', JPEG))
    const response = await review(kyc.headers, document.id, 'approve')
    expect(response.statusCode).toBe(200)
    const approved = response.json<{ data: OperatorDocument }>().data
    expect(approved).toMatchObject({
      id: document.id,
      status: 'approved',
      reason: null,
      reviewed_by: kyc.id,
      reviewed_at: expect.stringMatching(/^\d{4}-/) as unknown,
    })
    const [listed] = await listDocuments(client.headers)
    expect(listed).toMatchObject({ status: 'approved', reviewed_at: approved.reviewed_at })
    expect(await auditOf(client.id, 'document.approved')).toMatchObject([
      { actorType: 'operator', actorId: kyc.id },
    ])

    const notifications = await t.app.inject({
      method: 'GET',
      url: '/player/all-notifications',
      headers: client.headers,
    })
    expect(notifications.json()).toMatchObject({
      count: 1,
      notifications: [
        {
          type: 'document_reviewed',
          text: 'Your passport has been approved.',
          url: '/en/account/profile/verification/',
          is_read: 0,
        },
      ],
    })

    await expectRefused(
      await review(kyc.headers, document.id, 'approve'),
      409,
      'documents.not_pending',
    )
    await expectRefused(
      await review(admin.headers, document.id, 'reject', { reason: 'Blurry' }),
      409,
      'documents.not_pending',
    )
    await expectRefused(
      await review(kyc.headers, randomUUID(), 'approve'),
      404,
      'documents.not_found',
    )
  })

  it('rejects with a reason the player sees, in the player’s language and locale', async () => {
    const client = await player()
    await t.database.db.update(players).set({ locale: 'de' }).where(eq(players.id, client.id))
    const document = await uploaded(client, 'proof_of_address', file('bill.pdf', PDF))
    const response = await review(admin.headers, document.id, 'reject', {
      reason: '  The address is not readable.  ',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ data: OperatorDocument }>().data).toMatchObject({
      status: 'rejected',
      reason: 'The address is not readable.',
      reviewed_by: admin.id,
    })
    expect(await listDocuments(client.headers)).toMatchObject([
      { status: 'rejected', reason: 'The address is not readable.' },
    ])
    const notifications = await t.app.inject({
      method: 'GET',
      url: '/player/all-notifications',
      headers: client.headers,
    })
    const [notification] = notifications.json<{
      notifications: { type: string; text: string; url: string }[]
    }>().notifications
    expect(notification).toMatchObject({
      type: 'document_reviewed',
      url: '/de/account/profile/verification/',
    })
    expect(notification?.text).toContain('The address is not readable.')
    expect(await auditOf(client.id, 'document.rejected')).toMatchObject([
      { actorType: 'operator', actorId: admin.id },
    ])
  })

  it('refuses a rejection without a reason, or with an overlong one', async () => {
    const client = await player()
    const document = await uploaded(client, 'selfie', file('me.png', PNG))
    for (const payload of [
      undefined,
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 42 },
      { reason: 'x'.repeat(501) },
    ]) {
      await expectRefused(
        await review(kyc.headers, document.id, 'reject', payload),
        400,
        'request.invalid',
      )
    }
    expect(await listDocuments(client.headers)).toMatchObject([{ status: 'pending' }])
    const longest = await review(kyc.headers, document.id, 'reject', { reason: 'y'.repeat(500) })
    expect(longest.statusCode).toBe(200)
  })

  it('keeps reviews to kyc and admin operators with a CSRF token', async () => {
    const client = await player()
    const document = await uploaded(client, 'passport', file('a.jpg', JPEG))
    await expectRefused(
      await review(finance.headers, document.id, 'approve'),
      403,
      'auth.forbidden',
    )
    await expectRefused(
      await review(finance.headers, document.id, 'reject', { reason: 'No' }),
      403,
      'auth.forbidden',
    )
    await expectRefused(
      await review(client.headers, document.id, 'approve'),
      401,
      'auth.sign_in_required',
    )
    const { 'x-csrf-token': _token, ...withoutToken } = kyc.headers
    await expectRefused(await review(withoutToken, document.id, 'approve'), 403, 'csrf.invalid')
    await expectRefused(await review(kyc.headers, 'nope', 'approve'), 400, 'request.invalid')
    expect(await listDocuments(client.headers)).toMatchObject([{ status: 'pending' }])
  })

  it('lets kyc and admin download any document, recorded in the audit log', async () => {
    const client = await player()
    const document = await uploaded(client, 'passport', file('a.png', PNG))
    const download = (headers: Record<string, string>, id = document.id) =>
      t.app.inject({ method: 'GET', url: `/admin/api/documents/${id}/file`, headers })
    for (const staff of [kyc, admin]) {
      const response = await download(staff.headers)
      expect(response.statusCode).toBe(200)
      expect(response.rawPayload.equals(PNG)).toBe(true)
      expect(response.headers).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      })
      expect(response.headers['content-disposition']).toMatch(/^attachment; /)
    }
    expect(await auditOf(client.id, 'document.viewed')).toHaveLength(2)
    await expectRefused(await download(finance.headers), 403, 'auth.forbidden')
    await expectRefused(await download(client.headers), 401, 'auth.sign_in_required')
    await expectRefused(await download(kyc.headers, randomUUID()), 404, 'documents.not_found')
  })
})

describe('OpenAPI', () => {
  it('documents every documents route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/openapi.json' })
    const spec = response.json<{
      paths: Record<string, Record<string, { tags?: string[]; requestBody?: unknown }>>
    }>()
    expect(spec.paths['/player/upload-document']?.post?.requestBody).toMatchObject({
      content: {
        'multipart/form-data': { schema: { properties: { file: { format: 'binary' } } } },
      },
    })
    for (const [path, method, tag] of [
      ['/player/get-documents', 'get', 'documents'],
      ['/player/upload-document', 'post', 'documents'],
      ['/player/delete-document', 'post', 'documents'],
      ['/player/documents/{id}/file', 'get', 'documents'],
      ['/admin/api/documents', 'get', 'operator'],
      ['/admin/api/documents/{id}/file', 'get', 'operator'],
      ['/admin/api/documents/{id}/approve', 'post', 'operator'],
      ['/admin/api/documents/{id}/reject', 'post', 'operator'],
    ] as const) {
      expect(spec.paths[path]?.[method]?.tags, `${method} ${path}`).toContain(tag)
    }
  })
})
