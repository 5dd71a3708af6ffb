import { DEFAULT_LOCALE, isLocalePrefix } from '#common/locales.ts'
import type { Messages } from '#common/messages.ts'
import { loadShippedMessages, textsFrom } from '#server/modules/site/index.ts'
import type { MessageChannel } from './messaging.tables.ts'

/** Each message the site sends and the channel it goes by. */
export const MESSAGE_TEMPLATES = {
  email_verification: 'email',
  password_reset: 'email',
  phone_verification: 'sms',
  welcome: 'email',
} as const satisfies Record<string, MessageChannel>
export type MessageTemplate = keyof typeof MESSAGE_TEMPLATES

export type MessageParams = Record<string, string | number>

export interface RenderedMessage {
  locale: string
  subject: string
  body: string
}

let shipped: Map<string, Messages> | undefined

/**
 * The text of a message in the player's language, English where that language lacks a key. The
 * texts live in the content catalogue (`messages.<template>.subject|body` for e-mail,
 * `messages.<template>.sms` for texts); an e-mail gets a greeting (by `params.name` when given) and
 * the team's signature around its body.
 */
export function renderMessage(
  channel: MessageChannel,
  template: MessageTemplate,
  locale: string,
  params: MessageParams = {},
): RenderedMessage {
  shipped ??= loadShippedMessages('content')
  const resolved = isLocalePrefix(locale) ? locale : DEFAULT_LOCALE
  const texts = textsFrom(shipped.get(resolved) ?? {}, shipped.get(DEFAULT_LOCALE) ?? {})
  const text = (key: string) => {
    const value = texts(key, params)
    // A missing English text is a bug in the code that names the template, not the player's.
    if (value === key) throw new Error(`no text for ${key}`)
    return value
  }
  if (channel === 'sms') {
    return { locale: resolved, subject: '', body: text(`messages.${template}.sms`) }
  }
  const name = typeof params.name === 'string' ? params.name.trim() : ''
  const greeting = name ? text('messages.greeting') : text('messages.greeting_anonymous')
  return {
    locale: resolved,
    subject: text(`messages.${template}.subject`),
    body: [greeting, text(`messages.${template}.body`), text('messages.signature')].join('\n\n'),
  }
}
