import { z } from 'zod'
import {
  LOTTERY_PHASES,
  MAX_PRIZE_COUNT,
  PLAYER_LOOTBOX_STATUSES,
  SHOP_ITEM_KINDS,
  SHOP_LIMIT_PERIODS,
} from '#common/rewards-rules.ts'

// The wire shapes of the rewards' calls (issue 24), in the spec's field names where it has them
// (`bonuses`, `bonus_id`, `progress`, `player_can_spin`, `success`, `bonus.id`, `lootbox_id`,
// `status`, `expired_at`, `api_lootbox_id`). Coins are numbers of coins with at most two decimals
// (the ledger keeps hundredths); a prize keeps its amounts as decimal strings of minor units.
// Every call answers in the envelope (`ok(data)`), so the browser reads `data`.

const MinorString = z.string().regex(/^\d{1,15}$/)

/** A prize as stored and as sent (`Prize` in common/rewards-rules.ts). */
export const PrizeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('coins'), coinsMinor: MinorString }),
  z.object({ kind: z.literal('cash'), eurMinor: MinorString }),
  z.object({ kind: z.literal('bonus'), eurMinor: MinorString }),
  z.object({
    kind: z.literal('free_spins'),
    gameId: z.uuid(),
    spins: z.number().int().min(1).max(MAX_PRIZE_COUNT),
    stakeEurMinor: MinorString,
  }),
  z.object({ kind: z.literal('lootbox'), lootboxId: z.number().int().positive() }),
  z.object({ kind: z.literal('wheel_spin'), spins: z.number().int().min(1).max(MAX_PRIZE_COUNT) }),
  z.object({
    kind: z.literal('lottery_ticket'),
    tickets: z.number().int().min(1).max(MAX_PRIZE_COUNT),
  }),
])

/** A prize with the operator's label in the player's language. */
export const LabelledPrizeSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  prize: PrizeSchema,
  /** The published chance, in percent (wheel segments and lootbox prizes). */
  probability: z.number(),
})

/** The seed pair a draw will use: the hash is committed before, the seed shown after rotating. */
export const DrawSeedSchema = z.object({
  server_seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
})

// ---- Wheel -------------------------------------------------------------------------------------

export const WheelSegmentSchema = LabelledPrizeSchema.extend({
  /** The spec's `bonus_id`: the winning index is this segment's position in `bonuses`. */
  bonus_id: z.number().int(),
  color: z.string(),
})

/** `GET /{locale}/fortune-wheel`: the spec's wheel entity, for visitors too (progress 0). */
export const WheelSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  bonuses: z.array(WheelSegmentSchema),
  /** Euros wagered toward the next spin, of `expected` (`spinEveryEurMinor`). */
  progress: z.object({ progress: z.number(), expected: z.number() }),
  player_can_spin: z.boolean(),
  spins_available: z.number().int(),
  /** The next draw's seeds (signed in), null for a visitor. */
  seed: DrawSeedSchema.nullable(),
})
export type Wheel = z.infer<typeof WheelSchema>

/** `GET /{locale}/fortune-wheel/spin`. */
export const WheelSpinSchema = z.object({
  success: z.boolean(),
  bonus: WheelSegmentSchema,
  draw_id: z.uuid(),
  wheel: WheelSchema,
})

// ---- Lootboxes ---------------------------------------------------------------------------------

/** `GET /{locale}/lootbox/api`: a kind of lootbox and its odds table (`api_lootbox_id`). */
export const LootboxDetailsSchema = z.object({
  api_lootbox_id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  text: z.string(),
  image_url: z.string(),
  image_alt: z.string(),
  valid_days: z.number().int(),
  prizes: z.array(LabelledPrizeSchema),
})
export type LootboxDetails = z.infer<typeof LootboxDetailsSchema>

/** `GET /{locale}/lootbox/player`: one of the player's lootboxes. */
export const PlayerLootboxSchema = z.object({
  id: z.uuid(),
  lootbox_id: z.number().int(),
  status: z.enum(PLAYER_LOOTBOX_STATUSES),
  expired_at: z.string(),
  created_at: z.string(),
  opened_at: z.string().nullable(),
  /** What it gave, once opened. */
  prize: LabelledPrizeSchema.nullable(),
  draw_id: z.uuid().nullable(),
})
export type PlayerLootbox = z.infer<typeof PlayerLootboxSchema>

/** `POST /{locale}/lootbox/player/claim/{id}`. */
export const LootboxClaimSchema = z.object({
  lootbox: PlayerLootboxSchema,
  prize: LabelledPrizeSchema,
  /** The prize's position in the lootbox's odds table. */
  index: z.number().int(),
  draw_id: z.uuid(),
})

// ---- Draws (the verify page) -------------------------------------------------------------------

/** `GET /{locale}/rewards/draws/{id}`: a draw of the signed-in player's, to recompute. */
export const RewardDrawSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['wheel', 'lootbox']),
  source_id: z.number().int(),
  server_seed_hash: z.string(),
  /** Null until the player rotates the seed pair. */
  server_seed: z.string().nullable(),
  client_seed: z.string(),
  nonce: z.number().int(),
  weights: z.array(z.number().int()),
  entry_ids: z.array(z.number().int()),
  index: z.number().int(),
  prize: LabelledPrizeSchema,
  created_at: z.string(),
})

// ---- Shop --------------------------------------------------------------------------------------

export const ShopItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  kind: z.enum(SHOP_ITEM_KINDS),
  title: z.string(),
  text: z.string(),
  image_url: z.string(),
  image_alt: z.string(),
  price_coins: z.number(),
  /** Left in stock; null: unlimited. */
  stock: z.number().int().nullable(),
  per_player_limit: z.number().int().nullable(),
  limit_period: z.enum(SHOP_LIMIT_PERIODS),
  /** Signed in: bought in the current limit period; 0 for a visitor. */
  bought: z.number().int(),
  prize: PrizeSchema,
})
export type ShopItem = z.infer<typeof ShopItemSchema>

/** `GET /{locale}/shop/items`. */
export const ShopItemsSchema = z.object({
  items: z.array(ShopItemSchema),
  /** The player's coins; null for a visitor. */
  player_coins: z.number().nullable(),
})

/** `POST /{locale}/shop/purchase` body: the same key answers the same purchase. */
export const ShopPurchaseBodySchema = z.object({
  item_id: z.number().int().positive(),
  idempotency_key: z.string().min(8).max(80),
})

export const ShopPurchaseSchema = z.object({
  purchase: z.object({
    id: z.uuid(),
    item_id: z.number().int(),
    price_coins: z.number(),
    prize: PrizeSchema,
    created_at: z.string(),
  }),
  player_coins: z.number(),
})

// ---- Lottery -----------------------------------------------------------------------------------

export const LotteryPrizeSchema = z.object({
  rank: z.number().int(),
  label: z.string(),
  prize: PrizeSchema,
})

export const LotteryWinnerSchema = z.object({
  rank: z.number().int(),
  ticket_number: z.number().int(),
  /** The winner's name as shown publicly (first name and an initial), never an id or e-mail. */
  player: z.string(),
  label: z.string(),
})

export const LotterySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  text: z.string(),
  image_url: z.string(),
  image_alt: z.string(),
  phase: z.enum(LOTTERY_PHASES),
  sales_open_at: z.string(),
  sales_close_at: z.string(),
  draw_at: z.string(),
  drawn_at: z.string().nullable(),
  /** Euros of real-money stakes per earned ticket; null: tickets are only bought or won. */
  ticket_every_eur: z.number().nullable(),
  max_tickets_per_player: z.number().int(),
  /** The shop item that sells this lottery's tickets, if any. */
  shop_item_id: z.number().int().nullable(),
  ticket_count: z.number().int(),
  prizes: z.array(LotteryPrizeSchema),
  server_seed_hash: z.string(),
  /** After the draw. */
  server_seed: z.string().nullable(),
  client_seed: z.string().nullable(),
  winners: z.array(LotteryWinnerSchema),
})
export type Lottery = z.infer<typeof LotterySchema>

/** `GET /{locale}/lottery/get-existing-lotteries` and `get-recent-lotteries`. */
export const LotteriesSchema = z.object({ lotteries: z.array(LotterySchema) })

export const LotteryTicketSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  source: z.enum(['bought', 'earned', 'won']),
  created_at: z.string(),
  /** The rank it won, once drawn; null otherwise. */
  won_rank: z.number().int().nullable(),
})

/** `GET /{locale}/lottery/get-player-lotteries-statuses`: the player's standing per lottery. */
export const PlayerLotteryStatusSchema = z.object({
  lottery_id: z.number().int(),
  phase: z.enum(LOTTERY_PHASES),
  tickets: z.array(LotteryTicketSchema),
  /** Euros toward the next earned ticket; null when the lottery gives none. */
  progress: z.object({ progress: z.number(), expected: z.number() }).nullable(),
})
export const PlayerLotteryStatusesSchema = z.object({
  lotteries: z.array(PlayerLotteryStatusSchema),
})
