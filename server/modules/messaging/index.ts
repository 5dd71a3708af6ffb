// The messaging module's public face: what other modules call.
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
export { linkOrigin, messagingDeps, type MessagingService } from './messaging-service.ts'
