import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { outboxMessages } from './messaging.tables.ts'
import { insertOutboxMessage } from './messaging.repo.ts'
import { sendMessage, type MessagingDeps } from './send-message.ts'
import type { Mailer } from './mailer.ts'
import type { SmsSender } from './sms.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const address = () => `outbox-${randomUUID()}@aurum.test`
const silentLog = () => ({ warn: vi.fn() })

const deps = (transports: MessagingDeps['transports'], log = silentLog()): MessagingDeps => ({
  db: t.database.db,
  transports,
  log,
})

const stored = async (id: string) => {
  const [row] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id))
  return row
}

describe('sendMessage', () => {
  it('stores the message in the outbox and stops there without a transport', async () => {
    const recipient = address()
    const sent = await sendMessage(deps({}), {
      channel: 'email',
      recipient,
      template: 'welcome',
      locale: 'en',
      params: { name: 'Robin', link: 'https://aurum.example/en' },
    })
    expect(sent).toMatchObject({ recipient, template: 'welcome', locale: 'en', delivered: false })
    const row = await stored(sent.id)
    expect(row).toMatchObject({
      channel: 'email',
      recipient,
      template: 'welcome',
      locale: 'en',
      subject: 'Welcome to Aurum',
      deliveredAt: null,
    })
    expect(row?.body).toContain('Hi Robin,')
  })

  it('hands an e-mail to the mailer after storing it and records the delivery', async () => {
    const recipient = address()
    const send = vi.fn<Mailer['send']>(async () => {
      // Stored first: the outbox has the row while the mailer works.
      expect(
        await t.database.db.$count(outboxMessages, eq(outboxMessages.recipient, recipient)),
      ).toBe(1)
    })
    const sent = await sendMessage(deps({ mailer: { send } }), {
      channel: 'email',
      recipient,
      template: 'password_reset',
      locale: 'en',
      params: { link: 'https://aurum.example/en/a/password-reset?token=t' },
    })
    expect(sent.delivered).toBe(true)
    expect(send).toHaveBeenCalledWith({ to: recipient, subject: sent.subject, text: sent.body })
    expect((await stored(sent.id))?.deliveredAt).toBeInstanceOf(Date)
  })

  it('hands a text to the SMS provider, never to the mailer', async () => {
    const mailer = { send: vi.fn<Mailer['send']>() }
    const sms = { send: vi.fn<SmsSender['send']>().mockResolvedValue(undefined) }
    const sent = await sendMessage(deps({ mailer, sms }), {
      channel: 'sms',
      recipient: '+358401234567',
      template: 'phone_verification',
      locale: 'en',
      params: { code: '123456', minutes: 10 },
    })
    expect(mailer.send).not.toHaveBeenCalled()
    expect(sms.send).toHaveBeenCalledWith({ to: '+358401234567', text: sent.body })
    expect(sent.body).toContain('123456')
    expect((await stored(sent.id))?.deliveredAt).toBeInstanceOf(Date)
  })

  it('does not hand a text to the mailer when no SMS provider is set', async () => {
    const mailer = { send: vi.fn<Mailer['send']>() }
    const sent = await sendMessage(deps({ mailer }), {
      channel: 'sms',
      recipient: '+358401234568',
      template: 'phone_verification',
      locale: 'en',
      params: { code: '123456', minutes: 10 },
    })
    expect(mailer.send).not.toHaveBeenCalled()
    expect(sent.delivered).toBe(false)
  })

  it('logs a failed hand-over instead of throwing, and keeps the message undelivered', async () => {
    const log = silentLog()
    const mailer = { send: vi.fn<Mailer['send']>().mockRejectedValue(new Error('SMTP down')) }
    const sent = await sendMessage(deps({ mailer }, log), {
      channel: 'email',
      recipient: address(),
      template: 'welcome',
      locale: 'en',
      params: { link: 'https://aurum.example/en' },
    })
    expect(sent.delivered).toBe(false)
    expect((await stored(sent.id))?.deliveredAt).toBeNull()
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ messageId: sent.id, template: 'welcome' }),
      'message stored but not handed over',
    )
  })
})

interface OutboxJson {
  messages: {
    id: string
    channel: string
    recipient: string
    template: string
    locale: string
    subject: string
    body: string
    links: string[]
    delivered_at: string | null
    created_at: string
  }[]
}

describe('GET /dev/outbox and /dev/outbox.json (outside production)', () => {
  it('lists one recipient’s messages newest first, with the links of each body', async () => {
    const recipient = address()
    for (const n of [1, 2, 3]) {
      // A second apart: three inserts in a row can share the embedded database's clock tick.
      await t.database.db.insert(outboxMessages).values({
        channel: 'email',
        recipient,
        template: 'welcome',
        locale: 'en',
        subject: `Message ${String(n)}`,
        body: `Open https://aurum.example/en/a/x?token=${String(n)} now.`,
        createdAt: new Date(Date.now() - (3 - n) * 1000),
      })
    }
    const response = await t.app.inject({
      method: 'GET',
      url: `/dev/outbox.json?recipient=${encodeURIComponent(recipient)}`,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const { messages } = response.json<OutboxJson>()
    expect(messages.map((message) => message.subject)).toEqual([
      'Message 3',
      'Message 2',
      'Message 1',
    ])
    expect(messages[0]).toMatchObject({
      channel: 'email',
      recipient,
      links: ['https://aurum.example/en/a/x?token=3'],
      delivered_at: null,
    })
  })

  it('matches the recipient without regard to case and refuses an overlong one', async () => {
    const recipient = address()
    await insertOutboxMessage(t.database.db, {
      channel: 'email',
      recipient,
      template: 'welcome',
      locale: 'en',
      subject: 'Hi',
      body: 'Hello',
    })
    const upper = await t.app.inject({
      method: 'GET',
      url: `/dev/outbox.json?recipient=${encodeURIComponent(recipient.toUpperCase())}`,
    })
    expect(upper.json<OutboxJson>().messages).toHaveLength(1)
    const overlong = await t.app.inject({
      method: 'GET',
      url: `/dev/outbox.json?recipient=${'a'.repeat(321)}`,
    })
    expect(overlong.statusCode).toBe(400)
    expect(overlong.json()).toMatchObject({ errors: { code: 'request.invalid' } })
  })

  it('shows a plain page, newest first, every text escaped and links clickable, no scripts', async () => {
    const recipient = `<b>${address()}</b>`
    await insertOutboxMessage(t.database.db, {
      channel: 'email',
      recipient,
      template: 'password_reset',
      locale: 'en',
      subject: '<script>alert(1)</script>',
      body: 'Hi "you" & co,\nopen https://aurum.example/en/a/password-reset?token=a&b=1 <now>',
    })
    const response = await t.app.inject({ method: 'GET', url: '/dev/outbox' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toMatch(/default-src 'none'/)
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'/)
    expect(csp).not.toMatch(/script-src|unsafe-inline/)
    const html = response.body
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain(`&lt;b&gt;${recipient.slice(3, -4)}&lt;/b&gt;`)
    expect(html).toContain('Hi &quot;you&quot; &amp; co,')
    expect(html).toContain(
      '<a href="https://aurum.example/en/a/password-reset?token=a&amp;b=1">https://aurum.example/en/a/password-reset?token=a&amp;b=1</a> &lt;now&gt;',
    )
    // The newest message comes first.
    const rowAt = html.indexOf('&lt;script&gt;alert(1)')
    expect(rowAt).toBeGreaterThan(-1)
    expect(html.lastIndexOf('<tr><td>', rowAt)).toBe(
      html.indexOf('<tr><td>', html.indexOf('<tbody>')),
    )
  })

  it('admits its one inline style by the hash in its CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/outbox' })
    const style = /<style>(.*?)<\/style>/s.exec(response.body)?.[1] ?? ''
    const { createHash } = await import('node:crypto')
    const hash = createHash('sha256').update(style).digest('base64')
    expect(String(response.headers['content-security-policy'])).toContain(`'sha256-${hash}'`)
  })

  it('shows at most 100 messages', async () => {
    const rows = Array.from({ length: 101 }, (_, n) => ({
      channel: 'sms' as const,
      recipient: '+10000000000',
      template: 'phone_verification',
      locale: 'en',
      body: `code ${String(n)}`,
    }))
    await t.database.db.insert(outboxMessages).values(rows)
    const json = await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })
    expect(json.json<OutboxJson>().messages).toHaveLength(100)
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' })
    expect(page.body.match(/<tr><td>/g)).toHaveLength(100)
  })

  it('is not an API call: no marker header needed, and the API marker does not change it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/dev/outbox', headers: API_HEADERS })
    expect(response.statusCode).toBe(200)
  })
})

describe('GET /dev/outbox in production', () => {
  let production: TestApp
  beforeAll(async () => {
    production = await buildTestApp({ env: { NODE_ENV: 'production' } })
  })

  it('answers 404 for the page and the JSON, and shows nothing', async () => {
    await insertOutboxMessage(production.database.db, {
      channel: 'email',
      recipient: 'secret@aurum.test',
      template: 'welcome',
      locale: 'en',
      subject: 'Secret',
      body: 'secret',
    })
    for (const url of [
      '/dev/outbox',
      '/dev/outbox.json',
      '/dev/outbox.json?recipient=secret%40aurum.test',
    ]) {
      const response = await production.app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.body).not.toContain('secret')
    }
  })
})
