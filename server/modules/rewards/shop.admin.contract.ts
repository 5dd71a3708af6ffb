import { z } from 'zod'
import { SHOP_ITEM_KINDS, SHOP_LIMIT_PERIODS } from '#common/rewards-rules.ts'
import { envelopeOf } from '#server/lib/envelope.ts'
import { listQuerySchema, PageFieldsSchema } from '#server/lib/list-page.ts'
import { PrizeSchema } from './rewards.contract.ts'

// The operators' shop calls (`/admin/api/shop-items`). Prices are decimal strings of coin
// hundredths, as stored (no float touches money); texts are one object per locale prefix, and the
// call refuses a change that leaves one of the 16 out or empty (`rewards.texts_incomplete`).

export const SHOP_TEXT_FIELDS = ['title', 'text', 'imageAlt'] as const

const Slug = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)

export const ShopItemIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
})

export const ShopItemBodySchema = z.object({
  slug: Slug,
  kind: z.enum(SHOP_ITEM_KINDS),
  prize: PrizeSchema,
  /** Coin hundredths, above 0. */
  price_coins_minor: z
    .string()
    .regex(/^\d{1,15}$/)
    .refine((value) => BigInt(value) > 0n, 'the price must be above 0'),
  /** Left in stock; null: unlimited. */
  stock: z.number().int().min(0).max(1_000_000_000).nullable(),
  /** Purchases per player per `limit_period`; null: no limit. */
  per_player_limit: z.number().int().min(1).max(1_000_000).nullable(),
  limit_period: z.enum(SHOP_LIMIT_PERIODS),
  image_url: z
    .string()
    .min(1)
    .max(500)
    .regex(/^(\/|https:\/\/)\S*$/),
  sort: z.number().int().min(0).max(1_000_000),
  is_enabled: z.boolean(),
  /** Any locale keys; the handler checks that all 16 are there and non-empty. */
  texts: z.record(
    z.string().max(16),
    z.object({
      title: z.string().max(200),
      text: z.string().max(2000),
      imageAlt: z.string().max(300),
    }),
  ),
})
export type ShopItemBody = z.infer<typeof ShopItemBodySchema>

const Texts = z.record(
  z.string(),
  z.object({ title: z.string(), text: z.string(), imageAlt: z.string() }),
)

export const OperatorShopItemSchema = ShopItemBodySchema.extend({
  id: z.number().int(),
  texts: Texts,
  updated_at: z.string(),
})
export type OperatorShopItem = z.infer<typeof OperatorShopItemSchema>

export const ShopItemListQuerySchema = listQuerySchema([
  'id',
  'slug',
  'sort',
  'price_coins_minor',
  'stock',
  'updated_at',
  'is_enabled',
])
export const OperatorShopItemsResponseSchema = envelopeOf(
  z.object({ items: z.array(OperatorShopItemSchema), ...PageFieldsSchema }),
)
export const OperatorShopItemResponseSchema = envelopeOf(z.object({ item: OperatorShopItemSchema }))
