import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '#db/client.ts'
import type { Mailer } from './mailer.ts'
import type { MessageChannel } from './messaging.tables.ts'
import { insertOutboxMessage, markOutboxMessageDelivered } from './messaging.repo.ts'
import { renderMessage, type MessageParams, type MessageTemplate } from './render-message.ts'
import type { SmsSender } from './sms.ts'

/** Where messages go beyond the outbox; a channel without a transport stops in the outbox. */
export interface MessageTransports {
  mailer?: Mailer | undefined
  sms?: SmsSender | undefined
}

export interface MessagingDeps {
  db: Db
  transports: MessageTransports
  log: Pick<FastifyBaseLogger, 'warn'>
}

export interface SendMessageInput {
  channel: MessageChannel
  /** An e-mail address or an E.164 phone number. */
  recipient: string
  template: MessageTemplate
  /** The player's locale prefix; English when it is not one the site knows. */
  locale: string
  /** Values for the text's `{{placeholders}}`; `name` also personalises an e-mail's greeting. */
  params?: MessageParams
}

export interface SentMessage {
  id: string
  channel: MessageChannel
  recipient: string
  template: MessageTemplate
  locale: string
  subject: string
  body: string
  /** Whether a transport accepted it (false: it waits in the outbox only). */
  delivered: boolean
}

/**
 * Writes a localised message to the outbox, then hands it to the channel's transport when one is
 * configured. Note: a failed hand-over is logged, not thrown: the message is on record, and the
 * player can ask for another, while the caller's own change (a token, a sign-up) stands.
 */
export async function sendMessage(
  deps: MessagingDeps,
  input: SendMessageInput,
): Promise<SentMessage> {
  const rendered = renderMessage(input.channel, input.template, input.locale, input.params)
  const row = await insertOutboxMessage(deps.db, {
    channel: input.channel,
    recipient: input.recipient,
    template: input.template,
    locale: rendered.locale,
    subject: rendered.subject,
    body: rendered.body,
  })
  const sent: SentMessage = {
    id: row.id,
    channel: input.channel,
    recipient: input.recipient,
    template: input.template,
    locale: rendered.locale,
    subject: rendered.subject,
    body: rendered.body,
    delivered: false,
  }
  const { mailer, sms } = deps.transports
  try {
    if (input.channel === 'email' && mailer) {
      await mailer.send({ to: input.recipient, subject: rendered.subject, text: rendered.body })
    } else if (input.channel === 'sms' && sms) {
      await sms.send({ to: input.recipient, text: rendered.body })
    } else {
      return sent
    }
  } catch (error) {
    deps.log.warn(
      { err: error, messageId: row.id, channel: input.channel, template: input.template },
      'message stored but not handed over',
    )
    return sent
  }
  await markOutboxMessageDelivered(deps.db, row.id)
  return { ...sent, delivered: true }
}
