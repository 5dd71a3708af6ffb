import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, useNavigation, useRevalidator } from 'react-router'
import type { Route } from './+types/shop'
import {
  CARD_GRID,
  CardGridSkeleton,
  CoinsPanel,
  EngagementError,
  PageHero,
} from '#app/components/engagement/engagement-ui.tsx'
import { loadShopItems, type ShopPurchase } from '#app/components/rewards/shop-data.ts'
import { prizeDestination, shopHref, visibleItems } from '#app/components/rewards/shop-logic.ts'
import { usePrizeText } from '#app/components/rewards/prize-text.ts'
import { ShopBuyDialog, ShopFilterBar, ShopItemCard } from '#app/components/rewards/shop-ui.tsx'
import { buttonClassName } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { pageMeta } from '#app/lib/meta.ts'
import { useCoins, useEngagementStore } from '#app/state/engagement-store.ts'
import { showToast } from '#app/state/toast-store.ts'
import { isPathOn } from '#common/features.ts'
import { parseShopFilters } from '#common/rewards-rules.ts'
import type { ShopItem } from '#server/modules/rewards/rewards.contract.ts'

/**
 * The items for sale and the player's coins; the filters come from the address (`shop/all`,
 * `shop/lootboxes/up-to-500`), and a segment that is not a filter is a missing page.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isPathOn(new URL(request.url).pathname)) throw data(null, { status: 404 })
  const filters = parseShopFilters((params['*'] ?? '').split('/'))
  if (!filters) throw data(null, { status: 404 })
  const shop = await loadShopItems(context, params.locale)
  return { shop, filters, gameSlugs: await freeSpinGames(context, shop.items) }
}

/** The slugs of the games the shop's free spins are for, so a purchase can link to its game. */
async function freeSpinGames(
  context: Route.LoaderArgs['context'],
  items: readonly ShopItem[],
): Promise<Record<string, string>> {
  const ids = new Set(
    items.flatMap((item) => (item.prize.kind === 'free_spins' ? [item.prize.gameId] : [])),
  )
  if (ids.size === 0) return {}
  // The link is a convenience: without the catalogue the purchase points to the Bonuses tab.
  const page = await context.games
    .list({ sort: 'az', page: 0, pageSize: 500, country: context.country ?? undefined })
    .catch(() => null)
  return Object.fromEntries(
    (page?.games ?? []).filter((game) => ids.has(game.id)).map((game) => [game.id, game.slug]),
  )
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'pages.shop.title')

export default function Shop({ params, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  const prizeText = usePrizeText()
  const { shop, filters, gameSlugs } = loaderData
  const isLoading =
    navigation.state === 'loading' &&
    navigation.location.pathname.startsWith(`/${params.locale}/shop/`)
  // The store holds the coins the header and the other reward pages show; the page's own answer
  // seeds it, a purchase's answer moves it.
  useEffect(() => {
    useEngagementStore.getState().setCoins(shop.player_coins)
  }, [shop.player_coins])
  const coins = useCoins(shop.player_coins)
  const [buying, setBuying] = useState<ShopItem | null>(null)
  const items = visibleItems(shop.items, filters)

  const onBought = (purchase: ShopPurchase, item: ShopItem) => {
    useEngagementStore.getState().setCoins(purchase.player_coins)
    const where = prizeDestination(purchase.purchase.prize, params.locale, gameSlugs)
    showToast({
      tone: 'success',
      title: t('shop.bought', { item: item.title }),
      text: t('shop.arrived', { prize: prizeText(purchase.purchase.prize) }),
      action: { label: t(where.key), url: where.href },
    })
    void revalidator.revalidate()
  }

  return (
    <div data-testid="shop-page" className="flex flex-col gap-6">
      <PageHero hero={undefined} title={t('pages.shop.title')} intro={t('pages.shop.intro')} />
      <CoinsPanel coins={coins} />
      <ShopFilterBar locale={params.locale} filters={filters} />
      {isLoading ? (
        <CardGridSkeleton label={t('shop.loading')} />
      ) : items.length === 0 ? (
        <div data-testid="shop-empty">
          <EmptyState
            title={shop.items.length === 0 ? t('shop.empty_title') : t('shop.no_match_title')}
            text={shop.items.length === 0 ? t('shop.empty_text') : t('shop.no_match_text')}
            action={
              shop.items.length === 0 ? undefined : (
                <Link
                  to={shopHref(params.locale, { kinds: [], price: null, sort: null })}
                  className={buttonClassName('secondary')}
                >
                  {t('shop.show_all')}
                </Link>
              )
            }
          />
        </div>
      ) : (
        <section aria-label={t('shop.items')} className={CARD_GRID} data-testid="shop-items">
          {items.map((item) => (
            <ShopItemCard key={item.id} item={item} playerCoins={coins} onBuy={setBuying} />
          ))}
        </section>
      )}
      {buying && coins !== null ? (
        <ShopBuyDialog
          locale={params.locale}
          item={buying}
          playerCoins={coins}
          onBought={onBought}
          onClosed={() => setBuying(null)}
        />
      ) : null}
    </div>
  )
}

export { EngagementError as ErrorBoundary }
