import { describe, expect, it } from 'vitest'
import type { ShopItem } from '#server/modules/rewards/rewards.contract.ts'
import {
  allKinds,
  buyBlock,
  choosePrice,
  chooseSort,
  coinsMinor,
  prizeDestination,
  shopHref,
  toggleKind,
  visibleItems,
} from './shop-logic.ts'

const item = (overrides: Partial<ShopItem> = {}): ShopItem => ({
  id: 1,
  slug: 'bronze-lootbox',
  kind: 'lootbox',
  title: 'Bronze lootbox',
  text: '',
  image_url: '/x.svg',
  image_alt: '',
  price_coins: 250,
  stock: null,
  per_player_limit: null,
  limit_period: 'ever',
  bought: 0,
  prize: { kind: 'lootbox', lootboxId: 1 },
  ...overrides,
})

describe('buyBlock', () => {
  it('asks a visitor to sign in before anything else', () => {
    expect(buyBlock(item({ stock: 0 }), null)).toBe('sign_in')
  })

  it('names sold out, then the limit, then the coins', () => {
    expect(buyBlock(item({ stock: 0, per_player_limit: 1, bought: 1 }), 0)).toBe('sold_out')
    expect(buyBlock(item({ per_player_limit: 2, bought: 2 }), 0)).toBe('limit_reached')
    expect(buyBlock(item(), 249.99)).toBe('not_enough_coins')
  })

  it('lets a player with exactly the price buy, comparing hundredths (no float drift)', () => {
    expect(buyBlock(item({ price_coins: 0.3 }), 0.1 + 0.2)).toBeNull()
    expect(buyBlock(item({ stock: 3, per_player_limit: 2, bought: 1 }), 250)).toBeNull()
  })
})

describe('filters', () => {
  const items = [
    item({ id: 1, kind: 'lootbox', price_coins: 250 }),
    item({ id: 2, kind: 'bonus', price_coins: 1500 }),
    item({ id: 3, kind: 'free_spins', price_coins: 100 }),
  ]

  it('keeps the items of the chosen kinds within the price band', () => {
    expect(
      visibleItems(items, { kinds: [], price: null, sort: null }).map((entry) => entry.id),
    ).toEqual([1, 2, 3])
    expect(
      visibleItems(items, { kinds: ['lootbox', 'free_spins'], price: 'up-to-100', sort: null }).map(
        (entry) => entry.id,
      ),
    ).toEqual([3])
    expect(
      visibleItems(items, { kinds: [], price: 'over-1000', sort: null }).map((e) => e.id),
    ).toEqual([2])
  })

  it('builds chip addresses: kinds toggle, one price band, nothing is all', () => {
    const none = { kinds: [], price: null, sort: null }
    expect(shopHref('en', none)).toBe('/en/shop/all/')
    const lootboxes = toggleKind(none, 'lootbox')
    expect(shopHref('de', lootboxes)).toBe('/de/shop/lootboxes/')
    const both = toggleKind(lootboxes, 'bonus')
    expect(shopHref('en', choosePrice(both, 'up-to-500'))).toBe(
      '/en/shop/bonuses/lootboxes/up-to-500/',
    )
    expect(shopHref('en', toggleKind(both, 'lootbox'))).toBe('/en/shop/bonuses/')
    expect(choosePrice(choosePrice(none, 'up-to-100'), 'up-to-100').price).toBeNull()
    expect(choosePrice(choosePrice(none, 'up-to-100'), 'over-1000').price).toBe('over-1000')
  })

  it('orders by the chosen sort, and the chosen one again is the operator’s order', () => {
    const cheapest = choosePrice({ kinds: [], price: null, sort: null }, 'up-to-1000')
    expect(visibleItems(items, chooseSort(cheapest, 'price-low')).map((e) => e.id)).toEqual([3, 1])
    expect(
      visibleItems(items, chooseSort(allKinds(cheapest), 'price-high')).map((e) => e.id),
    ).toEqual([2, 1, 3])
    expect(chooseSort(chooseSort(cheapest, 'new'), 'new').sort).toBeNull()
    expect(shopHref('en', allKinds(chooseSort(cheapest, 'new')))).toBe('/en/shop/all/new/')
  })

  it('reads coins as whole hundredths', () => {
    expect(coinsMinor(12.34)).toBe(1234n)
    expect(coinsMinor(0.1 + 0.2)).toBe(30n)
  })
})

describe('prizeDestination', () => {
  it('points each bought prize to where it waits', () => {
    expect(prizeDestination({ kind: 'lootbox', lootboxId: 2 }, 'en', {}).href).toBe(
      '/en/lootboxes/',
    )
    expect(prizeDestination({ kind: 'wheel_spin', spins: 1 }, 'fr', {}).href).toBe('/fr/wheel/')
    expect(prizeDestination({ kind: 'lottery_ticket', tickets: 1 }, 'en', {}).href).toBe(
      '/en/lottery/',
    )
    expect(prizeDestination({ kind: 'bonus', eurMinor: '500' }, 'en', {}).href).toBe(
      '/en/account/bonuses/',
    )
  })

  it('sends free spins to their game, or to the bonuses when the game is unknown', () => {
    const prize = {
      kind: 'free_spins' as const,
      gameId: '0b7e2d9c-4a53-4c5b-8d55-5a8f1a0e6a11',
      spins: 10,
      stakeEurMinor: '20',
    }
    expect(prizeDestination(prize, 'en', { [prize.gameId]: 'gold-rush' })).toEqual({
      href: '/en/game/gold-rush/',
      key: 'shop.go_game',
    })
    expect(prizeDestination(prize, 'en', {}).key).toBe('shop.go_bonuses')
  })
})
