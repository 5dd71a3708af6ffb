import { z } from 'zod'
import { envelopeOf } from '#server/lib/envelope.ts'

// Shared with the pages (no zod in the browser bundle).
import { CATALOGUE_SORTS } from '#common/game-categories.ts'
export { CATALOGUE_SORTS, CATEGORY_NAMES, categorySlug } from '#common/game-categories.ts'
export type { CatalogueSort } from '#common/game-categories.ts'

export const CatalogueQuerySchema = z.object({
  category: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z -]*$/, { error: 'category_invalid' })
    .optional()
    .describe(
      'A category name or slug ("Table Games", "table-games"); absent or "All": every game',
    ),
  provider: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z0-9-]*$/, { error: 'provider_invalid' })
    .optional()
    .describe('A provider id (`northern-lights`)'),
  q: z
    .string()
    .trim()
    .max(60)
    .optional()
    .describe("Part of the title or the studio's name, any case"),
  sort: z.enum(CATALOGUE_SORTS).default('popular'),
  live: z
    .enum(['true', 'false'])
    .optional()
    .describe('`true`: only live games (the `/live` section)'),
  page: z.coerce.number().int().min(0).max(10_000).default(0).describe('Zero-based'),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
})
export type CatalogueQuery = z.infer<typeof CatalogueQuerySchema>

export const CatalogueGameSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  provider_id: z.string(),
  provider_name: z.string(),
  kind: z.enum(['original', 'live', 'provider']),
  engine: z.string(),
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  rtp_bp: z.number().int().describe('Return to player in basis points (9 900 is 99 %)'),
  volatility: z.enum(['low', 'medium', 'high']),
  is_live: z.boolean(),
  has_demo: z.boolean(),
  release_date: z.string(),
  popularity: z.number().int(),
  thumbnail_url: z.string(),
})
export type CatalogueGame = z.infer<typeof CatalogueGameSchema>

export const ProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  games: z.number().int().describe('How many games the visitor may see'),
})
export type CatalogueProvider = z.infer<typeof ProviderSchema>

export const CataloguePageSchema = z.object({
  games: z.array(CatalogueGameSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type CataloguePage = z.infer<typeof CataloguePageSchema>

export const StakeLimitSchema = z.object({
  currency: z.string(),
  min: z.string().describe('Minor units'),
  max: z.string().describe('Minor units'),
})

export const GameDetailSchema = CatalogueGameSchema.extend({
  stake_limits: z.array(StakeLimitSchema),
})
export type GameDetail = z.infer<typeof GameDetailSchema>

export const CatalogueResponseSchema = envelopeOf(CataloguePageSchema)
export const ProvidersResponseSchema = envelopeOf(z.object({ providers: z.array(ProviderSchema) }))
export const GameDetailResponseSchema = envelopeOf(GameDetailSchema)

export const SlugParamsSchema = z.object({
  slug: z
    .string()
    .max(80)
    .regex(/^[a-z0-9-]+$/, { error: 'slug_invalid' }),
})

/** Recording a recently played game: the game by id or by slug. */
export const RecentlyPlayedBodySchema = z
  .object({
    game_id: z.uuid().optional(),
    slug: SlugParamsSchema.shape.slug.optional(),
  })
  .refine((body) => (body.game_id === undefined) !== (body.slug === undefined), {
    error: 'game_id_or_slug',
  })

export const RecentlyPlayedResponseSchema = envelopeOf(
  z.object({ games: z.array(CatalogueGameSchema) }),
)
