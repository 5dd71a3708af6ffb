// The notifications' public face: how another module or a flow tells a player something.
export {
  insertNotification,
  publishNotification,
  sendNotification,
  type DeliveryFlags,
  type NotificationInput,
} from './send-notification.ts'
export { notifyAfterCommit, type Notify } from './notify-after-commit.ts'
export type { Notification, NotificationType } from './notifications.contract.ts'
