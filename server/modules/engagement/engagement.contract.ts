import { z } from 'zod'
import {
  ENGAGEMENT_EVENT_KINDS,
  QUEST_REPEATS,
  TRIGGER_RULE_TYPES,
} from '#common/engagement-rules.ts'

// The wire shapes of the quests, achievements, loyalty and VIP calls and of the socket's
// `triggerProgressUpdate`, in the spec's field names (snake case where the spec has it). Coins are
// numbers of coins with at most two decimals (the ledger keeps hundredths); money in the loyalty
// answers is minor units as decimal strings, as everywhere on the wire.

export const ConditionValueSchema = z.union([
  z.string().min(1).max(64),
  z.object({ spinsCount: z.number().int().min(1).max(1_000_000) }),
  z.object({ games: z.array(z.string().min(1).max(64)).min(1).max(100) }),
])

export const TriggerRuleSchema = z.object({
  type: z.enum(TRIGGER_RULE_TYPES),
  condition_type: z.literal('game').nullable(),
  condition_value: ConditionValueSchema.nullable(),
  is_progress_marker: z.union([z.literal(0), z.literal(1)]),
})

/** The spec's `trigger.progress`. `progress` and `expected` in `unit`: a count, or euros. */
export const TriggerProgressSchema = z.object({
  progress: z.number(),
  expected: z.number(),
  is_finished: z.union([z.literal(0), z.literal(1)]),
})
export type TriggerProgress = z.infer<typeof TriggerProgressSchema>

export const TriggerSchema = z.object({
  id: z.number().int(),
  event: z.enum(ENGAGEMENT_EVENT_KINDS),
  /** `eur` for an accumulating trigger on stakes or deposits (progress in euros), else `count`. */
  unit: z.enum(['count', 'eur']),
  /** Bets below this stake do not count, in euros; 0 when every stake counts. */
  min_stake_eur: z.number(),
  progress: TriggerProgressSchema,
  triggerRules: z.array(TriggerRuleSchema),
})
export type Trigger = z.infer<typeof TriggerSchema>

export const QuestContentSchema = z.object({
  image_cdn_url: z.string(),
  image_alt_text: z.string(),
  text: z.string(),
})

const QuestStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)])

export const QuestTemplateSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** After the player's VIP coin multiplier (the base reward for a visitor). */
  reward_amount_coins: z.number(),
  is_finished: z.union([z.literal(0), z.literal(1)]),
  questTriggers: z.array(TriggerSchema),
})

export const QuestSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** The coins the whole quest pays (its tasks' rewards added up). */
  coins: z.number(),
  content: QuestContentSchema,
  /** The spec's status: 0 in progress, 1 not started, 2 finished. */
  status: QuestStatusSchema,
  repeat: z.enum(QUEST_REPEATS),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** When the current period's progress resets (daily and weekly quests); null otherwise. */
  period_ends_at: z.string().nullable(),
  questTemplates: z.array(QuestTemplateSchema),
})
export type Quest = z.infer<typeof QuestSchema>

export const QuestCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  quests: z.array(QuestSchema),
})

/** `GET /{locale}/quest/get-quests-categories`: running quests by category, with the player's progress. */
export const QuestCategoriesResponseSchema = z.object({
  data: z.object({
    categories: z.array(QuestCategorySchema),
    /** The signed-in player's coins; null for a visitor. */
    player_coins: z.number().nullable(),
  }),
})

export const AchievementTemplateSchema = z.object({
  id: z.number().int(),
  /** The tier's name ("Bronze: 100 bets on Dice"). */
  title: z.string(),
  reward_amount_coins: z.number(),
  is_finished: z.union([z.literal(0), z.literal(1)]),
  achievementTriggers: z.array(z.object({ trigger_id: z.number().int(), trigger: TriggerSchema })),
})

export const AchievementSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  coins: z.number(),
  content: QuestContentSchema,
  status: QuestStatusSchema,
  /** When the player finished its last tier; null while a tier is still open. */
  earned_at: z.string().nullable(),
  achievementTemplates: z.array(AchievementTemplateSchema),
})
export type Achievement = z.infer<typeof AchievementSchema>

/** `GET /{locale}/quest/get-achievements-categories`. */
export const AchievementCategoriesResponseSchema = z.object({
  data: z.object({
    categories: z.array(
      z.object({
        id: z.number().int(),
        slug: z.string(),
        title: z.string(),
        achievements: z.array(AchievementSchema),
      }),
    ),
    player_coins: z.number().nullable(),
  }),
})

/** A loyalty level as the loyalty page shows it. */
export const LoyaltyLevelSchema = z.object({
  level: z.number().int(),
  name: z.string(),
  from_points: z.number().int(),
  image_url: z.string(),
  reward_coins: z.number(),
})

/** A VIP tier and its perks; money in euro cents as decimal strings. */
export const VipTierSchema = z.object({
  tier: z.number().int(),
  name: z.string(),
  from_level: z.number().int(),
  image_url: z.string(),
  /** Percent of the week's net loss paid back each Monday, e.g. 8 for 8 %. */
  cashback_percent: z.number(),
  cashback_cap_eur: z.string(),
  /** e.g. 1.25 for 1.25× coins. */
  coin_multiplier: z.number(),
  withdrawal_limit_eur: z.string(),
})

/**
 * `GET /{locale}/loyalty/programme`: the levels, the VIP tiers and, signed in, where the player
 * stands (null for a visitor), for the loyalty and VIP pages.
 */
export const LoyaltyProgrammeResponseSchema = z.object({
  data: z.object({
    levels: z.array(LoyaltyLevelSchema),
    tiers: z.array(VipTierSchema),
    /** The daily withdrawal limit of a player below the first tier, in euro cents. */
    base_withdrawal_limit_eur: z.string(),
    player: z
      .object({
        points: z.number().int(),
        level: z.number().int(),
        level_percent: z.number().int(),
        next_level_points: z.number().int(),
        current_level_points: z.number().int(),
        /** Null below the first tier. */
        tier: z.number().int().nullable(),
        coins: z.number(),
        /** Last week's cashback paid, in the player's currency's minor units; null when none. */
        last_cashback: z
          .object({ amount: z.string(), currency: z.string(), paid_at: z.string() })
          .nullable(),
      })
      .nullable(),
  }),
})

/** The socket's `triggerProgressUpdate` payload (the spec's trigger shape). */
export const TriggerProgressUpdateSchema = z.object({
  id: z.number().int(),
  progress: TriggerProgressSchema,
})
export type TriggerProgressUpdate = z.infer<typeof TriggerProgressUpdateSchema>
