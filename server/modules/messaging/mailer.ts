import nodemailer from 'nodemailer'

/** One e-mail as the site sends it: plain text, links written out in full. */
export interface OutgoingEmail {
  to: string
  subject: string
  text: string
}

/** Hands e-mail to a delivery service. `send` resolves once the service has accepted it. */
export interface Mailer {
  send(email: OutgoingEmail): Promise<void>
  /** Releases pooled connections when the app closes. */
  close?(): void
}

/** The part of a nodemailer transport the mailer uses; tests pass a fake. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>
  close?(): void
}

/**
 * E-mail through SMTP (`smtp://user:pass@host:587`, or `smtps://` for TLS from the start), sent
 * from `from`. `createTransport` is nodemailer's unless a test gives another.
 */
export function createSmtpMailer(
  options: { url: string; from: string },
  createTransport: (url: string) => MailTransport = (url) => nodemailer.createTransport(url),
): Mailer {
  const transport = createTransport(options.url)
  return {
    async send(email) {
      await transport.sendMail({ from: options.from, ...email })
    },
    close() {
      transport.close?.()
    },
  }
}
