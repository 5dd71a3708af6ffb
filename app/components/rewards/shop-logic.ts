import {
  shopFilterSegments,
  shopView,
  type Prize,
  type ShopFilters,
  type ShopItemKind,
  type ShopPriceBand,
  type ShopSort,
} from '#common/rewards-rules.ts'
import type { ShopItem } from '#server/modules/rewards/rewards.contract.ts'

/**
 * Coins on the wire are numbers with at most two decimals; compared and filtered as whole
 * hundredths, so 0.1 + 0.2 never decides whether a player can pay.
 */
export const coinsMinor = (coins: number): bigint => BigInt(Math.round(coins * 100))

/** Why an item cannot be bought now, most fundamental first; null when it can. */
export type BuyBlock = 'sign_in' | 'sold_out' | 'limit_reached' | 'not_enough_coins'

export function buyBlock(item: ShopItem, playerCoins: number | null): BuyBlock | null {
  if (playerCoins === null) return 'sign_in'
  if (item.stock !== null && item.stock <= 0) return 'sold_out'
  if (item.per_player_limit !== null && item.bought >= item.per_player_limit) return 'limit_reached'
  if (coinsMinor(playerCoins) < coinsMinor(item.price_coins)) return 'not_enough_coins'
  return null
}

/** The items the filters keep, in the order they ask for (the operator's by default). */
export const visibleItems = (items: readonly ShopItem[], filters: ShopFilters): ShopItem[] =>
  shopView(
    filters,
    items.map((item) => ({
      item,
      id: item.id,
      kind: item.kind,
      priceCoinsMinor: coinsMinor(item.price_coins),
    })),
  ).map((entry) => entry.item)

/** Every item, in whatever order was chosen. */
export const allKinds = (filters: ShopFilters): ShopFilters => ({
  ...filters,
  kinds: [],
  price: null,
})

/** The shop's address for `filters` (`/en/shop/lootboxes/up-to-500/`). */
export const shopHref = (locale: string, filters: ShopFilters): string =>
  `/${locale}/shop/${shopFilterSegments(filters).join('/')}/`

/** A kind chip's target: the same filters with that kind added or taken out. */
export const toggleKind = (filters: ShopFilters, kind: ShopItemKind): ShopFilters => ({
  ...filters,
  kinds: filters.kinds.includes(kind)
    ? filters.kinds.filter((held) => held !== kind)
    : [...filters.kinds, kind],
})

/** An order chip's target: one order at a time, the chosen one again is the operator's. */
export const chooseSort = (filters: ShopFilters, sort: ShopSort): ShopFilters => ({
  ...filters,
  sort: filters.sort === sort ? null : sort,
})

/** A price chip's target: one band at a time, the chosen one again clears it. */
export const choosePrice = (filters: ShopFilters, band: ShopPriceBand): ShopFilters => ({
  ...filters,
  price: filters.price === band ? null : band,
})

/**
 * Where a bought prize waits and the words of the link: lootboxes on their page, spins on the
 * wheel, tickets in the lottery, bonus money in the cabinet's Bonuses tab, free spins in their
 * game (the Bonuses tab when the game is not known to the page), coins and cash in the cabinet.
 */
export function prizeDestination(
  prize: Prize,
  locale: string,
  gameSlugs: Readonly<Record<string, string>>,
): { href: string; key: string } {
  switch (prize.kind) {
    case 'lootbox':
      return { href: `/${locale}/lootboxes/`, key: 'shop.go_lootboxes' }
    case 'wheel_spin':
      return { href: `/${locale}/wheel/`, key: 'shop.go_wheel' }
    case 'lottery_ticket':
      return { href: `/${locale}/lottery/`, key: 'shop.go_lottery' }
    case 'free_spins': {
      const slug = gameSlugs[prize.gameId]
      return slug
        ? { href: `/${locale}/game/${slug}/`, key: 'shop.go_game' }
        : { href: `/${locale}/account/bonuses/`, key: 'shop.go_bonuses' }
    }
    case 'bonus':
      return { href: `/${locale}/account/bonuses/`, key: 'shop.go_bonuses' }
    case 'coins':
    case 'cash':
      return { href: `/${locale}/account/`, key: 'shop.go_account' }
  }
}
