import type { FastifyRequest } from 'fastify'
import type { MessageTransports, MessagingDeps } from './send-message.ts'

export interface MessagingService {
  transports: MessageTransports
  /** The origin links in messages start with (`linkOriginOf` in `messaging.plugin.ts`), without a trailing slash. */
  origin: string
  /**
   * Runs a task after the answer has gone, so the answer's timing does not depend on it (a reset
   * request must not reveal whether an account exists); a failure is logged.
   */
  defer(task: () => Promise<unknown>, log: Pick<FastifyRequest['log'], 'error'>): void
  /** Resolves once every deferred task has finished (the app waits for it when closing). */
  idle(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    messaging: MessagingService
  }
}

/** What `sendMessage` and the messaging use cases need, from a request's app. */
export function messagingDeps(request: FastifyRequest): MessagingDeps {
  return {
    db: request.server.database.db,
    transports: request.server.messaging.transports,
    log: request.log,
  }
}

/** The origin links in messages start with (`PUBLIC_URL`, else the address the server listens on). */
export function linkOrigin(request: FastifyRequest): string {
  return request.server.messaging.origin
}
