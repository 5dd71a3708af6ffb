import { z } from 'zod'
import { LOCALE_PREFIXES } from '#common/locales.ts'
import { envelopeOf } from '#server/lib/envelope.ts'
import { listQuerySchema, PageFieldsSchema } from '#server/lib/list-page.ts'
import { CurrencySchema } from '#server/modules/wallet/index.ts'
import { BonusCodeSchema, BonusTermsResponseSchema, PromotionSchema } from './bonuses.contract.ts'

// The wire shapes of the promotions calls (public and operator) and of the bonus terms call.

export const LocalePrefixSchema = z.enum(LOCALE_PREFIXES as [string, ...string[]])

/** The language in the path, as the site's content calls take it (`/:lang/rest-content/…`). */
export const PromotionListParamsSchema = z.object({ lang: z.string().max(10) })
const PromotionIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,59}$/, { error: 'promotion_id_invalid' })
export const PromotionParamsSchema = z.object({ id: PromotionIdSchema })
export const PromotionInLangParamsSchema = PromotionListParamsSchema.extend({
  id: PromotionIdSchema,
})

export const PromotionListResponseSchema = envelopeOf(
  z.object({ promotions: z.array(PromotionSchema) }),
)
export const PromotionResponseSchema = envelopeOf(z.object({ promotion: PromotionSchema }))

export const BonusTermsQuerySchema = z.object({ currency: CurrencySchema.optional() })
/** The live rules in one currency (terms page, a promotion's terms box). */
export type BonusTerms = z.infer<typeof BonusTermsResponseSchema>
export const BonusTermsEnvelopeSchema = envelopeOf(BonusTermsResponseSchema)

/** A promotion's words in one locale, as the operator writes them. */
export const PromotionTextSchema = z.object({
  title: z.string().trim().min(1).max(120),
  summary: z.string().trim().min(1).max(300),
  body: z.array(z.string().trim().min(1).max(2000)).max(20),
  image_alt: z.string().trim().min(1).max(200),
})

const CountrySchema = z.string().regex(/^[A-Z]{2}$/, { error: 'country_invalid' })

/** Everything an operator sets on a promotion; `texts` maps locale prefixes to its words. */
export const OperatorPromotionBodySchema = z
  .object({
    bonus_code: BonusCodeSchema.nullable(),
    // Art is served by the site itself or over https; never a script or data address.
    image_url: z
      .string()
      .max(500)
      .regex(/^(\/[\w./-]+|https:\/\/[\w.-]+\/[\w./%-]*)$/, { error: 'image_url_invalid' }),
    starts_at: z.iso.datetime({ offset: true }).nullable(),
    ends_at: z.iso.datetime({ offset: true }).nullable(),
    countries: z.array(CountrySchema).max(250).default([]),
    sort_order: z.number().int().min(-10_000).max(10_000).default(0),
    is_enabled: z.boolean().default(true),
    texts: z.partialRecord(LocalePrefixSchema, PromotionTextSchema),
  })
  .refine(
    (body) =>
      !body.starts_at || !body.ends_at || Date.parse(body.starts_at) < Date.parse(body.ends_at),
    { error: 'dates_order', path: ['ends_at'] },
  )
  .refine((body) => Object.keys(body.texts).length > 0, { error: 'texts_missing', path: ['texts'] })

export const OperatorPromotionCreateSchema = z.intersection(
  z.object({ id: PromotionParamsSchema.shape.id }),
  OperatorPromotionBodySchema,
)

export const OperatorPromotionSchema = z.object({
  id: z.string(),
  bonus_code: BonusCodeSchema.nullable(),
  image_url: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  countries: z.array(z.string()),
  sort_order: z.number().int(),
  is_enabled: z.boolean(),
  updated_at: z.string(),
  texts: z.record(z.string(), PromotionTextSchema),
})
export type OperatorPromotion = z.infer<typeof OperatorPromotionSchema>

export const OperatorPromotionListQuerySchema = listQuerySchema([
  'id',
  'sort_order',
  'starts_at',
  'ends_at',
  'updated_at',
  'is_enabled',
])
export const OperatorPromotionListResponseSchema = envelopeOf(
  z.object({ promotions: z.array(OperatorPromotionSchema), ...PageFieldsSchema }),
)
export const OperatorPromotionResponseSchema = envelopeOf(
  z.object({ promotion: OperatorPromotionSchema }),
)
