/**
 * The rewards' rules (issue 24), shared by the server and the browser: what a prize is, how a
 * provably fair draw picks a wheel segment, a lootbox prize or a lottery's winning tickets from
 * uint32 numbers, when a wheel may spin and a lootbox may open, and the shop's filters. The
 * numbers themselves come from HMAC-SHA256(serverSeed, `clientSeed:nonce:cursor`), read four bytes
 * at a time, on each side with its own crypto (`server/modules/originals/engines/fairness.ts`,
 * `app/lib/fairness.ts`), so the verify page recomputes every draw with these same functions.
 */
import { uniformInt } from './originals-rules.ts'

// ---- Prizes ------------------------------------------------------------------------------------

/**
 * What a wheel segment, a lootbox, a shop item or a lottery rank gives. Amounts are strings of
 * integer minor units (JSON has no bigint): euro cents for money, hundredths for coins.
 * - `coins`: coins into the player's coin balance.
 * - `cash`: money into the player's cash, in the wallet's currency by the rate table.
 * - `bonus`: bonus money, a player bonus of code `reward` with its wagering (the bonuses module).
 * - `free_spins`: rounds on a studio game at a fixed stake, the stake paid by the house; their
 *   winnings are cash (wager-free).
 * - `lootbox`: one lootbox of that kind, to open later.
 * - `wheel_spin`: spins of the prize wheel.
 * - `lottery_ticket`: tickets in the lottery whose sales are open at the time.
 */
export type Prize =
  | { kind: 'coins'; coinsMinor: string }
  | { kind: 'cash'; eurMinor: string }
  | { kind: 'bonus'; eurMinor: string }
  | { kind: 'free_spins'; gameId: string; spins: number; stakeEurMinor: string }
  | { kind: 'lootbox'; lootboxId: number }
  | { kind: 'wheel_spin'; spins: number }
  | { kind: 'lottery_ticket'; tickets: number }

export type PrizeKind = Prize['kind']
export const PRIZE_KINDS = [
  'coins',
  'cash',
  'bonus',
  'free_spins',
  'lootbox',
  'wheel_spin',
  'lottery_ticket',
] as const satisfies readonly PrizeKind[]

/**
 * The largest prize any draw or purchase may pay, in euro cents (money, bonus, a free-spin round's
 * stake times its spins): every payout has a cap, and an operator's typo in the odds table cannot
 * pay a fortune.
 */
export const MAX_PRIZE_EUR_MINOR = 1_000_000n
/** The largest coin prize, in hundredths (100,000 coins). */
export const MAX_PRIZE_COINS_MINOR = 10_000_000n
/** Spins, tickets and free spins one prize may give. */
export const MAX_PRIZE_COUNT = 100

// ---- Provably fair draws -----------------------------------------------------------------------

/**
 * A published odds table's weights must be positive integers whose sum is below 2^21 (so
 * `uniformInt` is exact); probabilities are weight / sum. Operators write them in parts per
 * million, so the sum is usually 1,000,000.
 */
export const MAX_WEIGHT_SUM = 2 ** 21 - 1

export function weightsAreValid(weights: readonly number[]): boolean {
  if (weights.length === 0) return false
  let sum = 0
  for (const weight of weights) {
    if (!Number.isInteger(weight) || weight < 1) return false
    sum += weight
  }
  return sum <= MAX_WEIGHT_SUM
}

/** Each entry's probability, in percent (for the published odds tables). */
export function probabilitiesPercent(weights: readonly number[]): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0)
  return weights.map((weight) => (weight * 100) / sum)
}

/**
 * The entry a draw picks: r = uniformInt(u32, sum of weights), then the first entry whose running
 * sum passes r. A wheel spin and a lootbox opening use the first uint32 of their stream.
 */
export function weightedIndex(u32: number, weights: readonly number[]): number {
  if (!weightsAreValid(weights)) throw new Error('invalid odds table')
  const sum = weights.reduce((total, weight) => total + weight, 0)
  const r = uniformInt(u32, sum)
  let running = 0
  for (let index = 0; index < weights.length; index++) {
    running += weights[index] ?? 0
    if (r < running) return index
  }
  return weights.length - 1
}

/**
 * A lottery's winning tickets, rank by rank: tickets are numbered 1..ticketCount in the order
 * sold; rank k takes uniformInt(u32_k, tickets left) from the tickets not yet drawn (a partial
 * Fisher-Yates shuffle), so a ticket wins at most once. Answers ticket numbers, rank 1 first;
 * fewer than `prizes` when fewer tickets were sold. The stream is the draw's (nonce 0).
 */
export function lotteryWinners(
  u32s: Iterator<number>,
  ticketCount: number,
  prizes: number,
): number[] {
  const pool = Array.from({ length: ticketCount }, (_, index) => index + 1)
  const winners: number[] = []
  for (let rank = 0; rank < Math.min(prizes, ticketCount); rank++) {
    const left = ticketCount - rank
    const pick = rank + uniformInt(u32s.next().value as number, left)
    const chosen = pool[pick] as number
    pool[pick] = pool[rank] as number
    pool[rank] = chosen
    winners.push(chosen)
  }
  return winners
}

// ---- Wheel and lootboxes ------------------------------------------------------------------------

/** A spin is possible when the server says so or the progress reaches what is expected. */
export const canSpin = (wheel: {
  player_can_spin: boolean
  progress: { progress: number; expected: number }
}): boolean => wheel.player_can_spin || wheel.progress.progress >= wheel.progress.expected

/** The winning index is the position of the won bonus in the wheel's bonus list. */
export const winningIndex = (bonuses: readonly { bonus_id: number }[], wonId: number): number =>
  bonuses.findIndex((bonus) => bonus.bonus_id === wonId)

/** A lootbox is available when its status is active and its expiry is in the future. */
export const isLootboxAvailable = (
  lootbox: { status: string; expired_at: string | null },
  now: Date = new Date(),
): boolean =>
  lootbox.status === 'active' &&
  (lootbox.expired_at === null || new Date(lootbox.expired_at).getTime() > now.getTime())

export const PLAYER_LOOTBOX_STATUSES = ['active', 'opened', 'expired'] as const
export type PlayerLootboxStatus = (typeof PLAYER_LOOTBOX_STATUSES)[number]

// ---- Shop --------------------------------------------------------------------------------------

/** What the shop sells, one filter segment each (`{loc}/shop/{filters...}`). */
export const SHOP_ITEM_KINDS = [
  'bonus',
  'free_spins',
  'lootbox',
  'wheel_spin',
  'lottery_ticket',
] as const satisfies readonly PrizeKind[]
export type ShopItemKind = (typeof SHOP_ITEM_KINDS)[number]

/** The address segment of each kind (`/shop/free-spins`). */
export const SHOP_KIND_SEGMENTS: Readonly<Record<ShopItemKind, string>> = {
  bonus: 'bonuses',
  free_spins: 'free-spins',
  lootbox: 'lootboxes',
  wheel_spin: 'wheel-spins',
  lottery_ticket: 'lottery-tickets',
}

/** Price bands, in whole coins (`/shop/lootboxes/up-to-500`). */
export const SHOP_PRICE_BANDS = {
  'up-to-100': { min: 0, max: 100 },
  'up-to-500': { min: 0, max: 500 },
  'up-to-1000': { min: 0, max: 1000 },
  'over-1000': { min: 1000, max: null },
} as const satisfies Record<string, { min: number; max: number | null }>
export type ShopPriceBand = keyof typeof SHOP_PRICE_BANDS

/** Orders besides the operator's (`/shop/all/new`): newest first, cheapest or dearest first. */
export const SHOP_SORTS = ['new', 'price-low', 'price-high'] as const
export type ShopSort = (typeof SHOP_SORTS)[number]

export const SHOP_DEFAULT_FILTER = 'all'

export interface ShopFilters {
  kinds: ShopItemKind[]
  price: ShopPriceBand | null
  sort: ShopSort | null
}

/**
 * The shop's filters from the address' segments, in any order and number: `all`, kind segments
 * (several add up), one price band, one order. Answers null when a segment is not a filter (the
 * page shows its not-found state); no segment at all is `all`.
 */
export function parseShopFilters(segments: readonly string[]): ShopFilters | null {
  const filters: ShopFilters = { kinds: [], price: null, sort: null }
  for (const segment of segments) {
    if (segment === '' || segment === SHOP_DEFAULT_FILTER) continue
    const kind = SHOP_ITEM_KINDS.find((candidate) => SHOP_KIND_SEGMENTS[candidate] === segment)
    if (kind) {
      if (!filters.kinds.includes(kind)) filters.kinds.push(kind)
      continue
    }
    if (segment in SHOP_PRICE_BANDS && filters.price === null) {
      filters.price = segment as ShopPriceBand
      continue
    }
    const sort = SHOP_SORTS.find((candidate) => candidate === segment)
    if (sort && filters.sort === null) {
      filters.sort = sort
      continue
    }
    return null
  }
  return filters
}

/** The segments that address `filters` (`['all']` when nothing is filtered). */
export function shopFilterSegments(filters: ShopFilters): string[] {
  const segments = [
    ...SHOP_ITEM_KINDS.filter((kind) => filters.kinds.includes(kind)).map(
      (kind) => SHOP_KIND_SEGMENTS[kind],
    ),
    ...(filters.price ? [filters.price] : []),
  ]
  return [
    ...(segments.length > 0 ? segments : [SHOP_DEFAULT_FILTER]),
    ...(filters.sort ? [filters.sort] : []),
  ]
}

/** The items the filters keep, in the filters' order (the operator's when none is chosen). */
export function shopView<T extends { id: number; kind: ShopItemKind; priceCoinsMinor: bigint }>(
  filters: ShopFilters,
  items: readonly T[],
): T[] {
  const kept = items.filter((item) => matchesShopFilters(filters, item))
  switch (filters.sort) {
    case 'new':
      return kept.sort((a, b) => b.id - a.id)
    case 'price-low':
      return kept.sort((a, b) => (a.priceCoinsMinor < b.priceCoinsMinor ? -1 : 1))
    case 'price-high':
      return kept.sort((a, b) => (a.priceCoinsMinor > b.priceCoinsMinor ? -1 : 1))
    case null:
      return kept
  }
}

/** Whether an item of `kind` priced `priceCoinsMinor` (hundredths) passes the filters. */
export function matchesShopFilters(
  filters: ShopFilters,
  item: { kind: ShopItemKind; priceCoinsMinor: bigint },
): boolean {
  if (filters.kinds.length > 0 && !filters.kinds.includes(item.kind)) return false
  if (filters.price === null) return true
  const band = SHOP_PRICE_BANDS[filters.price]
  const coins = Number(item.priceCoinsMinor) / 100
  return coins >= band.min && (band.max === null || coins <= band.max)
}

/** How often a per-player purchase limit resets. */
export const SHOP_LIMIT_PERIODS = ['day', 'week', 'ever'] as const
export type ShopLimitPeriod = (typeof SHOP_LIMIT_PERIODS)[number]

// ---- Lottery -----------------------------------------------------------------------------------

/**
 * A lottery's phase by the clock: `upcoming` before sales open, `open` while tickets sell (and are
 * earned), `closed` from the sales' end until the draw is done, `drawn` after.
 */
export const LOTTERY_PHASES = ['upcoming', 'open', 'closed', 'drawn'] as const
export type LotteryPhase = (typeof LOTTERY_PHASES)[number]

export function lotteryPhase(
  lottery: { salesOpenAt: Date; salesCloseAt: Date; drawnAt: Date | null },
  now: Date,
): LotteryPhase {
  if (lottery.drawnAt !== null) return 'drawn'
  if (now < lottery.salesOpenAt) return 'upcoming'
  if (now < lottery.salesCloseAt) return 'open'
  return 'closed'
}
