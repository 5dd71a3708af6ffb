import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, Tx } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { standingBar } from '#common/protection.ts'
import { protectionStateOf, readProtection } from '#server/modules/limits/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import {
  DEFAULT_NOTIFICATION_DURATION_S,
  type Notification,
  type NotificationType,
} from './notifications.contract.ts'
import { insertNotificationRows, toWireNotification } from './notifications.repo.ts'

/**
 * The notices that invite a player to play (marketing): a player under a standing protection bar
 * (a break, a closed account, a register match) gets none of them, neither stored nor pushed.
 * What tells a player about their own money or account (deposits, withdrawals, documents, a bonus
 * or cashback paid or ended, a lottery's result, a prize won) is not marketing and still goes out.
 */
export const MARKETING_NOTIFICATION_TYPES: ReadonlySet<NotificationType> = new Set([
  'welcome',
  'fortune_wheel_spin_available',
  'tournament_overtaken',
  'quest_task_complete',
  'level_up',
])

/**
 * Whether the player is under a standing protection bar now (`standingBar`, as every bet), or an
 * operator locked the account: neither is invited to play.
 */
async function isUnderStandingBar(db: Db | Tx, playerId: string): Promise<boolean> {
  // The players' index would close an import circle (players -> engagement -> notifications).
  const [account] = await db
    .select({ lockedAt: players.lockedAt })
    .from(players)
    .where(eq(players.id, playerId))
  if (account?.lockedAt) return true
  return (
    standingBar(protectionStateOf(await readProtection(db, playerId)), new Date()) !== undefined
  )
}

export interface NotificationInput {
  playerId: string
  type: NotificationType
  /**
   * Whether the notice is promotional; by default its type says (`MARKETING_NOTIFICATION_TYPES`).
   * An operator's notice says it itself.
   */
  isMarketing?: boolean | undefined
  text: string
  image?: string | null | undefined
  url?: string | null | undefined
  btnText?: string | null | undefined
  /** How long the toast stays, 1 to 600 seconds; 5 when not given. */
  durationS?: number | undefined
}

/** How the player's open pages show a new notification. */
export interface DeliveryFlags {
  /** Show it as a toast at once; it is marked read when the player opens it. Default true. */
  toast?: boolean | undefined
  /** Light the header's indicator and add it to the list as unread. Default true. */
  header?: boolean | undefined
}

/**
 * Stores a notification for a player and answers it in the wire shape, without telling anyone.
 * A feature that sends one inside its own transaction calls this with the transaction, then
 * `publishNotification` once the transaction has committed: a socket message about a row that
 * then rolled back would show the player something that never happened. Answers null, storing
 * nothing, for a marketing notice to a player under a standing protection bar.
 */
export async function insertNotification(
  db: Db | Tx,
  input: NotificationInput,
): Promise<Notification | null> {
  const isMarketing = input.isMarketing ?? MARKETING_NOTIFICATION_TYPES.has(input.type)
  if (isMarketing && (await isUnderStandingBar(db, input.playerId))) return null
  const [row] = await insertNotificationRows(db, [
    {
      playerId: input.playerId,
      type: input.type,
      text: input.text,
      image: input.image ?? null,
      url: input.url ?? null,
      btnText: input.btnText ?? null,
      duration: input.durationS ?? DEFAULT_NOTIFICATION_DURATION_S,
    },
  ])
  if (!row) throw new Error('insert returned no notification')
  return toWireNotification(row)
}

/**
 * Pushes a stored notification to the player's open pages (`notificationUpdate` on the socket,
 * through every instance when Redis is configured). Call it only after the row is committed.
 */
export async function publishNotification(
  bus: EventBus,
  playerId: string,
  notification: Notification,
  flags: DeliveryFlags = {},
): Promise<void> {
  await bus.publish('notification.created', {
    playerId,
    notification: { ...notification, toast: flags.toast ?? true, header: flags.header ?? true },
  })
}

/**
 * The one way a feature notifies a player outside a transaction: stores the notification, then
 * pushes it to the player's open pages. Inside a transaction use `insertNotification` and, after
 * commit, `publishNotification`. Note: a failed push is logged, not thrown: the notification is
 * stored and the player sees it on the next list load, while a retry would send it twice. Null
 * when it was not sent: marketing to a player under a standing protection bar.
 */
export async function sendNotification(
  db: Db,
  bus: EventBus,
  input: NotificationInput & DeliveryFlags,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Notification | null> {
  const notification = await insertNotification(db, input)
  if (!notification) return null
  try {
    await publishNotification(bus, input.playerId, notification, input)
  } catch (error) {
    log.warn({ err: error, notificationId: notification.id }, 'notification stored but not pushed')
  }
  return notification
}
