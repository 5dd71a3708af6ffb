import { z } from 'zod'
import { envelopeOf } from '#server/lib/envelope.ts'
import { listQuerySchema, PageFieldsSchema } from '#server/lib/list-page.ts'
import { PrizeSchema } from './rewards.contract.ts'

// The operators' wheel and lootbox calls (`/admin/api`). Texts are one object per locale prefix;
// the call refuses a change that leaves one of the 16 out or empty (`rewards.texts_incomplete`).
// Weights are the published odds (parts per million by convention); the call checks the table
// (`rewards.odds_invalid`) and every prize (`rewards.invalid_prize`).

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
const Weight = z.number().int().min(-2_147_483_648).max(2_147_483_647)

export const WHEEL_TEXT_FIELDS = ['title', 'text'] as const
export const SEGMENT_TEXT_FIELDS = ['label'] as const
export const LOOTBOX_TEXT_FIELDS = ['title', 'text', 'imageAlt'] as const

export const IdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })

export const WheelBodySchema = z.object({
  slug: Slug,
  sort: z.number().int().min(-1_000_000).max(1_000_000),
  is_enabled: z.boolean(),
  /** Euro cents of real-money stakes per spin earned. */
  spin_every_eur_minor: Digits.refine((value) => BigInt(value) > 0n, 'must be above 0'),
  texts: textsOf(WHEEL_TEXT_FIELDS),
  segments: z
    .array(
      z.object({
        /** An existing segment of this wheel, kept (its draws keep their label); absent: new. */
        id: z.number().int().min(1).optional(),
        prize: PrizeSchema,
        weight: Weight,
        color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
        texts: textsOf(SEGMENT_TEXT_FIELDS),
      }),
    )
    .max(32),
})
export type WheelBody = z.infer<typeof WheelBodySchema>

export const OperatorWheelSchema = WheelBodySchema.extend({
  id: z.number().int(),
  segments: z.array(WheelBodySchema.shape.segments.element.extend({ id: z.number().int() })),
})
export type OperatorWheel = z.infer<typeof OperatorWheelSchema>

export const LOOTBOX_SOURCE_KINDS = ['level', 'quest_template'] as const

export const LootboxBodySchema = z.object({
  slug: Slug,
  sort: z.number().int().min(-1_000_000).max(1_000_000),
  is_enabled: z.boolean(),
  valid_days: z.number().int().min(1).max(365),
  image_url: z
    .string()
    .min(1)
    .max(500)
    .regex(/^(\/[\w\-./]+|https:\/\/\S+)$/),
  texts: textsOf(LOOTBOX_TEXT_FIELDS),
  prizes: z
    .array(
      z.object({
        id: z.number().int().min(1).optional(),
        prize: PrizeSchema,
        weight: Weight,
        texts: textsOf(SEGMENT_TEXT_FIELDS),
      }),
    )
    .max(32),
  /** What else gives this lootbox: reaching a loyalty level, finishing a quest template's task. */
  sources: z
    .array(
      z.object({
        source_kind: z.enum(LOOTBOX_SOURCE_KINDS),
        source_id: z.number().int().min(1).max(2_147_483_647),
      }),
    )
    .max(100),
})
export type LootboxBody = z.infer<typeof LootboxBodySchema>

export const OperatorLootboxSchema = LootboxBodySchema.extend({
  id: z.number().int(),
  prizes: z.array(LootboxBodySchema.shape.prizes.element.extend({ id: z.number().int() })),
})
export type OperatorLootbox = z.infer<typeof OperatorLootboxSchema>

export const RewardListQuerySchema = listQuerySchema(['id', 'slug', 'sort', 'is_enabled'])
export const WheelsResponseSchema = envelopeOf(
  z.object({ wheels: z.array(OperatorWheelSchema), ...PageFieldsSchema }),
)
export const WheelResponseSchema = envelopeOf(z.object({ wheel: OperatorWheelSchema }))
export const LootboxesResponseSchema = envelopeOf(
  z.object({ lootboxes: z.array(OperatorLootboxSchema), ...PageFieldsSchema }),
)
export const LootboxResponseSchema = envelopeOf(z.object({ lootbox: OperatorLootboxSchema }))
