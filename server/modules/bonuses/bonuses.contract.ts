import { z } from 'zod'
import { BONUS_CODES, BONUS_RULE_CODES, BONUS_STATUSES } from '#common/bonus-rules.ts'
import { MinorAmountSchema } from '#server/modules/wallet/index.ts'

// The wire shapes of `/bonus/*`, the deposit dialog's bonus and the promotions pages. Money is
// minor units as decimal strings, as everywhere on the wire.

export const BonusCodeSchema = z.enum(BONUS_CODES)
/** The seven codes and the rewards' internal `reward` (never typed by a player). */
export const BonusRuleCodeSchema = z.enum(BONUS_RULE_CODES)

/** A player's bonus as the lists, the cabinet and the socket show it. */
export const PlayerBonusSchema = z.object({
  id: z.uuid(),
  code: BonusRuleCodeSchema,
  status: z.enum(BONUS_STATUSES),
  currency: z.string(),
  promotion_id: z.string().nullable(),
  /** Bonus money granted; '0' while an offer waits for its deposit. */
  amount: MinorAmountSchema,
  /** Bonus money still in the bonus account (active bonus only; '0' otherwise). */
  balance: MinorAmountSchema,
  wagering_required: MinorAmountSchema,
  wagered: MinorAmountSchema,
  /** `wagering_required - wagered`, never below zero. */
  wagering_left: MinorAmountSchema,
  /** Whole percent of wagering done, 0-100, rounded down. */
  wagering_percent: z.number().int().min(0).max(100),
  max_bet: MinorAmountSchema,
  /** The qualifying deposit range of an offer in `currency`, so the page can say what to deposit. */
  deposit_min: MinorAmountSchema.nullable(),
  deposit_max: MinorAmountSchema.nullable(),
  match_percent: z.number().int(),
  created_at: z.string(),
  activated_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  /** Bonus money released to cash (completed) or forfeited (expired, cancelled). */
  settled: MinorAmountSchema.nullable(),
})
export type PlayerBonus = z.infer<typeof PlayerBonusSchema>

/** Spec: bonus lists are paged (`perPage`, `page`, the client asks 100 and 0). */
export const BonusListQuerySchema = z.object({
  perPage: z.coerce.number().int().min(1).max(100).default(100),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
})

export const BonusListResponseSchema = z.object({
  data: z.object({
    bonuses: z.array(PlayerBonusSchema),
    total: z.number().int(),
  }),
})

export const BonusIdBodySchema = z.object({ id: z.uuid() })
export const BonusCodeBodySchema = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .transform((code) => code.toLowerCase()),
})

export const BonusResponseSchema = z.object({ bonus: PlayerBonusSchema })

/** How much of a stake counts toward wagering, per game category (the terms and the cabinet show it). */
export const ContributionSchema = z.object({ category: z.string(), percent: z.number().int() })

/** One code's live rules in one currency, for the bonus terms page (`GET /bonus/terms`). */
export const BonusTermsRuleSchema = z.object({
  code: BonusCodeSchema,
  deposit_number: z.number().int().nullable(),
  window: z.enum(['wednesday', 'weekend', 'valentines']).nullable(),
  match_percent: z.number().int(),
  deposit_min: MinorAmountSchema,
  deposit_max: MinorAmountSchema,
  wagering_times: z.number().int(),
  valid_days: z.number().int(),
  max_bet: MinorAmountSchema,
})
export const BonusTermsResponseSchema = z.object({
  currency: z.string(),
  rules: z.array(BonusTermsRuleSchema),
  /** Bonus money won or bought in the rewards (code `reward`, no deposit); null when disabled. */
  reward: z
    .object({
      wagering_times: z.number().int(),
      valid_days: z.number().int(),
      max_bet: MinorAmountSchema,
    })
    .nullable(),
  contributions: z.array(ContributionSchema),
})

/** A promotion as the list and details pages show it, in the path's language. */
export const PromotionSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.array(z.string()),
  image_url: z.string(),
  image_alt: z.string(),
  bonus_code: BonusCodeSchema.nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
})
export type Promotion = z.infer<typeof PromotionSchema>

/**
 * The bonus a deposit would earn, for the deposit dialog (beside the spec's `bonusCode`): amounts
 * in the wallet's currency, so the dialog can say before the player pays whether the amount
 * qualifies and what it earns.
 */
export const BonusOfferSchema = z.object({
  code: BonusCodeSchema,
  match_percent: z.number().int(),
  deposit_min: MinorAmountSchema,
  deposit_max: MinorAmountSchema,
  /** The most bonus money this deposit can earn (the match on `deposit_max`). */
  max_bonus: MinorAmountSchema,
  currency: z.string(),
  wagering_times: z.number().int(),
  valid_days: z.number().int(),
  max_bet: MinorAmountSchema,
})
export type BonusOffer = z.infer<typeof BonusOfferSchema>
