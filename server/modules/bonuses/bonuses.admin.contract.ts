import { z } from 'zod'
import { BONUS_WINDOWS } from '#common/bonus-rules.ts'
import { envelopeOf } from '#server/lib/envelope.ts'
import { MinorAmountSchema } from '#server/modules/wallet/index.ts'
import { BonusRuleCodeSchema, ContributionSchema, PlayerBonusSchema } from './bonuses.contract.ts'

// The operators' bonus API (`/admin/api/bonus-*`): the rules, the games' contributions, a
// player's bonuses. Euro amounts in cents, as decimal strings.

/** The most an operator may set: the UK's cap on wagering from January 2026 (docs/decisions/013). */
export const MAX_WAGERING_TIMES = 10

export const OperatorBonusRuleSchema = z.object({
  code: BonusRuleCodeSchema,
  deposit_number: z.number().int().nullable(),
  window: z.enum(BONUS_WINDOWS).nullable(),
  match_percent: z.number().int(),
  min_eur: MinorAmountSchema,
  max_eur: MinorAmountSchema.nullable(),
  wagering_times: z.number().int(),
  valid_days: z.number().int(),
  max_bet_eur: MinorAmountSchema,
  is_enabled: z.boolean(),
  updated_at: z.string(),
})
export type OperatorBonusRule = z.infer<typeof OperatorBonusRuleSchema>

const EurCentsSchema = z
  .string()
  .regex(/^[1-9]\d{0,11}$/, 'a whole number of euro cents')
  .transform((value) => BigInt(value))

export const BonusRuleBodySchema = z
  .object({
    match_percent: z.number().int().min(1).max(200),
    min_eur: EurCentsSchema,
    max_eur: EurCentsSchema.nullable(),
    wagering_times: z.number().int().min(0).max(MAX_WAGERING_TIMES),
    valid_days: z.number().int().min(1).max(90),
    max_bet_eur: EurCentsSchema,
    is_enabled: z.boolean(),
  })
  .refine((body) => body.max_eur === null || body.min_eur <= body.max_eur, {
    message: 'max_eur must not be below min_eur',
    path: ['max_eur'],
  })

export const BonusRuleParamsSchema = z.object({ code: BonusRuleCodeSchema })

export const OperatorBonusRulesResponseSchema = envelopeOf(
  z.object({ rules: z.array(OperatorBonusRuleSchema) }),
)
export const OperatorBonusRuleResponseSchema = envelopeOf(
  z.object({ rule: OperatorBonusRuleSchema }),
)

export const ContributionsBodySchema = z.object({
  contributions: z
    .array(
      z.object({
        category: z.string().trim().min(1).max(60),
        percent: z.number().int().min(0).max(100),
      }),
    )
    .max(100),
})
export const ContributionsResponseSchema = envelopeOf(
  z.object({ contributions: z.array(ContributionSchema) }),
)

export const PlayerIdParamsSchema = z.object({ id: z.uuid() })
export const OperatorPlayerBonusesResponseSchema = envelopeOf(
  z.object({ bonuses: z.array(PlayerBonusSchema) }),
)
