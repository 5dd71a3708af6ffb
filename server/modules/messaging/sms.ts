/** One text message: `to` in E.164 (`+358401234567`). */
export interface OutgoingSms {
  to: string
  text: string
}

/**
 * A text-message provider. None is built in: without one, texts stay in the outbox, which
 * `/dev/outbox` shows outside production. To plug one in (Twilio, Vonage, MessageBird…), write an
 * object whose `send` resolves once the provider has accepted the message and rejects otherwise,
 * and pass it to `buildApp` as `transports.sms` (`server/app.ts`); every message is still stored
 * in the outbox first, and a rejected hand-over is logged, never retried blindly.
 */
export interface SmsSender {
  send(message: OutgoingSms): Promise<void>
}
