import { z } from 'zod'
import { ENGAGEMENT_EVENT_KINDS, QUEST_REPEATS } from '#common/engagement-rules.ts'
import { envelopeOf } from '#server/lib/envelope.ts'
import { listQuerySchema, PageFieldsSchema } from '#server/lib/list-page.ts'
import { TriggerRuleSchema } from './engagement.contract.ts'
import { QUEST_KINDS } from './engagement.tables.ts'

// The operators' quest, achievement and category calls (`/admin/api`). Texts are one object per
// locale prefix; the call refuses a change that leaves one of the 16 out or empty
// (`quests.texts_incomplete`). Goals and stakes are decimal strings of whole units, as stored:
// euro cents for a trigger adding up stakes or deposits, else a count.

const Slug = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
const Digits = z.string().regex(/^\d{1,15}$/)
/** Any locale keys; the handler checks that all 16 are there and non-empty. */
const textsOf = <F extends string>(fields: readonly [F, ...F[]]) =>
  z.record(
    z.string().max(16),
    z.object(
      Object.fromEntries(fields.map((f) => [f, z.string().max(4000)])) as Record<F, z.ZodString>,
    ),
  )

export const CATEGORY_TEXT_FIELDS = ['title'] as const
export const QUEST_TEXT_FIELDS = ['title', 'text', 'imageAlt'] as const
export const TEMPLATE_TEXT_FIELDS = ['title'] as const

export const IdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

export const CategoryBodySchema = z.object({
  slug: Slug,
  sort: z.number().int().min(0).max(1_000_000),
  is_enabled: z.boolean(),
  texts: textsOf(CATEGORY_TEXT_FIELDS),
})
export const CategoryCreateSchema = CategoryBodySchema.extend({ kind: z.enum(QUEST_KINDS) })

export const OperatorCategorySchema = CategoryCreateSchema.extend({ id: z.number().int() })
export type OperatorCategory = z.infer<typeof OperatorCategorySchema>

export const TriggerBodySchema = z.object({
  /** An existing trigger of the template, kept (with the players' progress); absent for a new one. */
  id: z.number().int().min(1).optional(),
  event: z.enum(ENGAGEMENT_EVENT_KINDS),
  rules: z.array(TriggerRuleSchema).min(1).max(10),
  expected: Digits.refine((value) => BigInt(value) > 0n, 'expected must be above 0'),
  min_stake_eur: Digits,
})

export const TemplateBodySchema = z.object({
  id: z.number().int().min(1).optional(),
  texts: textsOf(TEMPLATE_TEXT_FIELDS),
  /** Coins before the VIP multiplier, at most two decimals. */
  reward_coins: z
    .number()
    .min(0)
    .max(1_000_000)
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      'at most two decimals',
    ),
  triggers: z.array(TriggerBodySchema).min(1).max(10),
})

export const QuestBodySchema = z.object({
  category_id: z.number().int().min(1),
  slug: Slug,
  image_url: z
    .string()
    .min(1)
    .max(500)
    .regex(/^(\/[\w\-./]+|https:\/\/\S+)$/),
  texts: textsOf(QUEST_TEXT_FIELDS),
  repeat: z.enum(QUEST_REPEATS),
  starts_at: z.iso.datetime({ offset: true }).nullable(),
  ends_at: z.iso.datetime({ offset: true }).nullable(),
  sort: z.number().int().min(0).max(1_000_000),
  is_enabled: z.boolean(),
  templates: z.array(TemplateBodySchema).min(1).max(20),
})
export type QuestBody = z.infer<typeof QuestBodySchema>

export const OperatorQuestSchema = QuestBodySchema.extend({
  id: z.number().int(),
  kind: z.enum(QUEST_KINDS),
  updated_at: z.string(),
  templates: z.array(
    TemplateBodySchema.extend({
      id: z.number().int(),
      triggers: z.array(TriggerBodySchema.extend({ id: z.number().int() })),
    }),
  ),
})
export type OperatorQuest = z.infer<typeof OperatorQuestSchema>

export const OperatorCategoriesResponseSchema = envelopeOf(
  z.object({ categories: z.array(OperatorCategorySchema) }),
)
export const OperatorCategoryResponseSchema = envelopeOf(
  z.object({ category: OperatorCategorySchema }),
)
export const OperatorQuestListQuerySchema = listQuerySchema([
  'id',
  'slug',
  'sort',
  'category_id',
  'starts_at',
  'ends_at',
  'updated_at',
  'is_enabled',
])
export const OperatorQuestsResponseSchema = envelopeOf(
  z.object({ quests: z.array(OperatorQuestSchema), ...PageFieldsSchema }),
)
export const OperatorQuestResponseSchema = envelopeOf(z.object({ quest: OperatorQuestSchema }))
