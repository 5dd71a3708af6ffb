import type { FastifyBaseLogger } from 'fastify'
import type { Tx } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import type { Notification } from './notifications.contract.ts'
import {
  insertNotification,
  publishNotification,
  type DeliveryFlags,
  type NotificationInput,
} from './send-notification.ts'

/** Stores a notification in the transaction it is given; it goes out once that commits. */
/** Null when the notice was not stored: marketing to a player under a protection bar. */
export type Notify = (
  tx: Tx,
  input: NotificationInput & DeliveryFlags,
) => Promise<Notification | null>

/**
 * Runs `transaction` (one database transaction, retried or not), handing it `notify` to store
 * the player's notifications with the rest of its writes, and pushes them to the players' open
 * pages once it has committed: a socket message about a row that then rolled back would show
 * something that never happened. Only the notifications of the last attempt go out (an attempt
 * that lost a conflict rolled its rows back). A failed push is logged, not thrown: the
 * notification is stored and shows on the next list load, while a retry would send it twice.
 */
export async function notifyAfterCommit<T>(
  deps: { bus: EventBus; log: Pick<FastifyBaseLogger, 'warn'> },
  transaction: (notify: Notify) => Promise<T>,
): Promise<T> {
  let attempt: Tx | undefined
  let stored: { notification: Notification; input: NotificationInput & DeliveryFlags }[] = []
  const result = await transaction(async (tx, input) => {
    if (tx !== attempt) {
      attempt = tx
      stored = []
    }
    const notification = await insertNotification(tx, input)
    if (notification) stored.push({ notification, input })
    return notification
  })
  for (const { notification, input } of stored) {
    try {
      await publishNotification(deps.bus, input.playerId, notification, input)
    } catch (error) {
      deps.log.warn({ err: error, notificationId: notification.id }, 'notification not pushed')
    }
  }
  return result
}
