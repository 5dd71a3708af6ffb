// The messaging module's public surface: what other modules and the app call.
export { createSmtpMailer, type Mailer, type MailTransport, type OutgoingEmail } from './mailer.ts'
export type { OutgoingSms, SmsSender } from './sms.ts'
export {
  MESSAGE_TEMPLATES,
  renderMessage,
  type MessageParams,
  type MessageTemplate,
} from './render-message.ts'
export {
  sendMessage,
  type MessageTransports,
  type MessagingDeps,
  type SendMessageInput,
  type SentMessage,
} from './send-message.ts'
export {
  default as messagingPlugin,
  linkOrigin,
  linkOriginOf,
  messagingDeps,
  transportsFromConfig,
  type MessagingService,
} from './messaging.plugin.ts'
