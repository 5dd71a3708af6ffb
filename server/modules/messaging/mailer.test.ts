import nodemailer from 'nodemailer'
import { describe, expect, it, vi } from 'vitest'
import { createSmtpMailer, type MailTransport } from './mailer.ts'

describe('createSmtpMailer', () => {
  it('sends each e-mail from MAIL_FROM through the transport made from SMTP_URL', async () => {
    const sendMail = vi.fn<MailTransport['sendMail']>().mockResolvedValue({})
    const close = vi.fn()
    const createTransport = vi.fn((_url: string): MailTransport => ({ sendMail, close }))
    const mailer = createSmtpMailer(
      { url: 'smtp://user:pass@mail.example:587', from: 'Aurum <no-reply@aurum.example>' },
      createTransport,
    )
    expect(createTransport).toHaveBeenCalledWith('smtp://user:pass@mail.example:587')
    await mailer.send({ to: 'player@aurum.test', subject: 'Hello', text: 'Body' })
    expect(sendMail).toHaveBeenCalledWith({
      from: 'Aurum <no-reply@aurum.example>',
      to: 'player@aurum.test',
      subject: 'Hello',
      text: 'Body',
    })
    mailer.close?.()
    expect(close).toHaveBeenCalled()
  })

  it('rejects when the transport refuses the message', async () => {
    const mailer = createSmtpMailer({ url: 'smtp://mail.example', from: 'a@b.example' }, () => ({
      sendMail: () => Promise.reject(new Error('554 rejected')),
    }))
    await expect(mailer.send({ to: 'x@y.example', subject: 's', text: 't' })).rejects.toThrow(
      '554 rejected',
    )
  })

  it('builds a real nodemailer message (JSON transport: no network)', async () => {
    const messages: string[] = []
    const mailer = createSmtpMailer(
      { url: 'smtp://unused.example', from: 'Aurum <a@aurum.example>' },
      () => {
        const transport = nodemailer.createTransport({ jsonTransport: true })
        return {
          sendMail: async (message) => {
            const info = await transport.sendMail(message)
            messages.push(info.message)
            return info
          },
        }
      },
    )
    await mailer.send({ to: 'p@aurum.test', subject: 'Grüße', text: 'Link: https://a.example/x' })
    const sent = JSON.parse(messages[0] ?? '{}') as Record<string, unknown>
    expect(sent).toMatchObject({
      subject: 'Grüße',
      text: 'Link: https://a.example/x',
      from: { address: 'a@aurum.example', name: 'Aurum' },
      to: [{ address: 'p@aurum.test', name: '' }],
    })
  })
})
