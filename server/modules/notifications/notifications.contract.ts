import { z } from 'zod'
import { envelopeOf } from '#server/lib/envelope.ts'
import { LangParamsSchema } from '#server/modules/site/index.ts'

/**
 * Every notification type the site sends. The spec names the first two; a feature that sends a
 * notification of its own (deposits, withdrawals, documents, quests, wheel) adds its type here, so
 * the list call and the operator call document and accept it.
 */
export const NOTIFICATION_TYPES = [
  'quest_task_complete',
  'fortune_wheel_spin_available',
  'deposit_credited',
  'withdrawal_approved',
  'withdrawal_rejected',
  'document_reviewed',
  /** Bonuses (issue 22): money granted, wagering done (money released), wagering time over. */
  'bonus_credited',
  'bonus_completed',
  'bonus_expired',
  /** Engagement (issue 23): a loyalty level reached. */
  'level_up',
  'welcome',
  /** Loyalty (issue 23): a VIP tier's weekly cashback paid into cash. */
  'cashback_paid',
  /** Rewards (issue 24): a lootbox given, free spins given, a lottery drawn (won or not). */
  'lootbox_received',
  'free_spins_received',
  'lottery_result',
  /** Tournaments (issue 25): joined, pushed out of the prize places, a place that won a prize. */
  'tournament_joined',
  'tournament_overtaken',
  'tournament_won',
  'other',
] as const
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES)
export type NotificationType = z.infer<typeof NotificationTypeSchema>

/** Longest toast the client shows, in seconds (the table's check says the same). */
export const MAX_NOTIFICATION_DURATION_S = 600
export const DEFAULT_NOTIFICATION_DURATION_S = 5
/** Lists answer at most this many, newest first; `count` still tells the full number. */
export const NOTIFICATION_LIST_LIMIT = 100

/** The spec's wire shape; `is_read` is 0 or 1 as in the socket event. */
export const NotificationSchema = z.object({
  id: z.string(),
  type: NotificationTypeSchema,
  text: z.string(),
  image: z.string().nullable(),
  url: z.string().nullable(),
  btn_text: z.string().nullable(),
  duration: z.number().int().describe('How long the toast stays, in seconds'),
  is_read: z.union([z.literal(0), z.literal(1)]),
  /** When it was sent (ISO 8601), for "5 minutes ago"; beyond the spec's fields. */
  created_at: z.string(),
})
export type Notification = z.infer<typeof NotificationSchema>

export const NotificationListQuerySchema = z.object({ type: NotificationTypeSchema.optional() })

export const NotificationListResponseSchema = envelopeOf(z.null()).extend({
  count: z.number().int(),
  notifications: z.array(NotificationSchema),
})

/** The same locale codes the settings calls accept; whether it is enabled is checked after. */
export const MarkReadParamsSchema = z.object({ locale: LangParamsSchema.shape.lang })
export const MarkReadQuerySchema = z.object({ id: z.uuid() })

/**
 * A path on this site (`/promotions`), or an https address. Note: `//host` and `/\host` are other
 * sites to a browser, and browsers drop tabs and newlines inside URLs, so whitespace and
 * backslashes are refused outright; `javascript:` and plain http are refused by the scheme check.
 */
function isSafeLink(value: string): boolean {
  if (/[\s\\]/.test(value)) return false
  if (value.startsWith('/')) return !value.startsWith('//')
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname !== ''
  } catch {
    return false
  }
}

const LinkSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine(isSafeLink, 'a path starting with / or an https:// address')
  .describe('A path on this site starting with a single / or an https:// address')

export const OperatorNotificationBodySchema = z.object({
  playerId: z.uuid(),
  type: NotificationTypeSchema.default('other'),
  text: z.string().trim().min(1).max(500),
  url: LinkSchema.optional(),
  image: LinkSchema.optional(),
  btnText: z.string().trim().min(1).max(40).optional(),
  duration: z
    .number()
    .int()
    .min(1)
    .max(MAX_NOTIFICATION_DURATION_S)
    .default(DEFAULT_NOTIFICATION_DURATION_S),
  toast: z.boolean().default(true).describe('Show it to the player as a toast at once'),
  header: z.boolean().default(true).describe("Light the header's new-notifications indicator"),
  isMarketing: z
    .boolean()
    .default(true)
    .describe(
      'A promotional notice (an offer, an invitation to play): never sent to a player who is taking a break, closed the account or is on a self-exclusion register (409 `notifications.player_barred`). false for a notice about the player’s account or money',
    ),
})
export type OperatorNotificationBody = z.infer<typeof OperatorNotificationBodySchema>

export const NotificationResponseSchema = envelopeOf(NotificationSchema)
