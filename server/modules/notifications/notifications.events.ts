import type { Notification } from './notifications.contract.ts'

declare module '#server/lib/event-bus.ts' {
  interface DomainEvents {
    /** A notification was created for a player. */
    'notification.created': {
      playerId: string
      notification: Notification & {
        /** Show it as a toast now (marked read when the player opens it). */
        toast: boolean
        /** Light the header's new-notifications indicator and add it to the list as unread. */
        header: boolean
      }
    }
  }
}
