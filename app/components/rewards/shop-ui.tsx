import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { messageOf } from '#app/components/account/form-errors.ts'
import { useDialog } from '#app/components/dialogs/use-dialog.ts'
import { CoinAmount } from '#app/components/engagement/engagement-ui.tsx'
import { Button, buttonClassName } from '#app/components/ui/button.tsx'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { DIALOGS } from '#app/lib/dialog-url.ts'
import { useModalStore } from '#app/state/modal-store.ts'
import {
  SHOP_ITEM_KINDS,
  SHOP_PRICE_BANDS,
  SHOP_SORTS,
  type ShopFilters,
  type ShopPriceBand,
} from '#common/rewards-rules.ts'
import type { ShopItem } from '#server/modules/rewards/rewards.contract.ts'
import { purchaseShopItem, type ShopPurchase } from './shop-data.ts'
import {
  allKinds,
  buyBlock,
  choosePrice,
  chooseSort,
  shopHref,
  toggleKind,
  type BuyBlock,
} from './shop-logic.ts'
import { usePrizeText } from './prize-text.ts'

const CHIP =
  'inline-flex min-h-10 items-center gap-1.5 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition motion-reduce:transition-none'
const CHIP_ON = 'border-gold/70 bg-gold/15 text-ink'
const CHIP_OFF = 'border-line bg-surface-raised text-ink-muted hover:border-gold/50 hover:text-ink'

/** One filter chip: a link to the shop's address with the filter toggled. */
function Chip({ to, isOn, label }: { to: string; isOn: boolean; label: string }) {
  return (
    <li className="shrink-0">
      <Link
        to={to}
        aria-current={isOn ? 'true' : undefined}
        preventScrollReset
        className={`${CHIP} ${isOn ? CHIP_ON : CHIP_OFF}`}
      >
        {isOn ? (
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 fill-none stroke-current">
            <path d="m3.5 8.5 3 3 6-7" strokeWidth="2" strokeLinecap="round" />
          </svg>
        ) : null}
        {label}
      </Link>
    </li>
  )
}

/**
 * The filters as links (each chip is an address, so a filtered shop can be shared and the back
 * button walks through them): kinds add up, one price band and one order at a time, "All"
 * clears the kinds and the band.
 */
export function ShopFilterBar({ locale, filters }: { locale: string; filters: ShopFilters }) {
  const { t } = useTranslation()
  const isAll = filters.kinds.length === 0 && filters.price === null
  return (
    <nav aria-label={t('shop.filters')} className="flex flex-col gap-2" data-testid="shop-filters">
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        <Chip to={shopHref(locale, allKinds(filters))} isOn={isAll} label={t('shop.all')} />
        {SHOP_ITEM_KINDS.map((kind) => (
          <Chip
            key={kind}
            to={shopHref(locale, toggleKind(filters, kind))}
            isOn={filters.kinds.includes(kind)}
            label={t(`shop.kind.${kind}`)}
          />
        ))}
      </ul>
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1" aria-label={t('shop.price')}>
        {(Object.keys(SHOP_PRICE_BANDS) as ShopPriceBand[]).map((band) => (
          <Chip
            key={band}
            to={shopHref(locale, choosePrice(filters, band))}
            isOn={filters.price === band}
            label={t(`shop.band.${band}`)}
          />
        ))}
      </ul>
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1" aria-label={t('shop.order')}>
        {SHOP_SORTS.map((sort) => (
          <Chip
            key={sort}
            to={shopHref(locale, chooseSort(filters, sort))}
            isOn={filters.sort === sort}
            label={t(`shop.sort.${sort}`)}
          />
        ))}
      </ul>
    </nav>
  )
}

/** Stock left, the per-player limit and how much of it this period used. */
function ItemFacts({ item, isSignedIn }: { item: ShopItem; isSignedIn: boolean }) {
  const { t } = useTranslation()
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-ink-muted">
      {item.stock === null ? null : item.stock <= 0 ? (
        <li className="font-semibold text-danger" data-testid="sold-out">
          {t('shop.sold_out')}
        </li>
      ) : (
        <li data-testid="stock-left">{t('shop.stock_left', { stock: item.stock })}</li>
      )}
      {item.per_player_limit === null ? null : (
        <li data-testid="limit">
          {isSignedIn
            ? t(`shop.limit_used_${item.limit_period}`, {
                bought: item.bought,
                limit: item.per_player_limit,
              })
            : t(`shop.limit_${item.limit_period}`, { limit: item.per_player_limit })}
        </li>
      )}
    </ul>
  )
}

/** An item for sale: art, words, price and what stands between the player and buying it. */
export function ShopItemCard({
  item,
  playerCoins,
  onBuy,
}: {
  item: ShopItem
  playerCoins: number | null
  onBuy: (item: ShopItem) => void
}) {
  const { t } = useTranslation()
  const { linkTo } = useDialog()
  const prizeText = usePrizeText()
  const block = buyBlock(item, playerCoins)
  const reasonId = `shop-item-${String(item.id)}-reason`
  return (
    <article
      className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface-raised"
      data-testid={`shop-item-${item.slug}`}
      data-kind={item.kind}
      aria-labelledby={`shop-item-${String(item.id)}-title`}
    >
      <div className="flex h-28 items-center justify-center bg-gradient-to-br from-hero-glow/70 to-surface p-3 sm:h-36 sm:p-4">
        <img
          src={item.image_url}
          alt={item.image_alt}
          width={160}
          height={160}
          loading="lazy"
          className={`h-full w-auto object-contain ${block === 'sold_out' ? 'opacity-50 grayscale' : ''}`}
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-col gap-1">
          <span className="text-xs font-semibold tracking-wide text-gold uppercase">
            {t(`shop.kind.${item.kind}`)}
          </span>
          <h3 id={`shop-item-${String(item.id)}-title`} className="text-base font-bold text-ink">
            {item.title}
          </h3>
          <p className="text-sm text-ink-muted">{item.text}</p>
          <p className="text-sm font-semibold text-ink">{prizeText(item.prize)}</p>
        </div>
        <ItemFacts item={item} isSignedIn={playerCoins !== null} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-line pt-3">
          <CoinAmount coins={item.price_coins} className="text-lg text-gold" />
          {block === 'sign_in' ? (
            <Link {...linkTo(DIALOGS.login)} className={buttonClassName('secondary')}>
              {t('shop.sign_in_to_buy')}
            </Link>
          ) : (
            <Button
              type="button"
              onClick={() => onBuy(item)}
              disabled={block !== null}
              aria-describedby={block ? reasonId : undefined}
              data-testid="shop-buy"
            >
              {t('shop.buy')}
            </Button>
          )}
        </div>
        {block && block !== 'sign_in' ? (
          <p id={reasonId} className="text-xs text-ink-muted" data-testid="buy-reason">
            {t(`shop.reason.${block satisfies Exclude<BuyBlock, 'sign_in'>}`)}
          </p>
        ) : null}
      </div>
    </article>
  )
}

export const BUY_DIALOG = 'shop-buy'

/**
 * "Buy X for 250 coins?": one confirmation is one idempotency key, made when the dialog opens, so
 * pressing again after a failed or lost answer cannot buy twice; a new dialog is a new purchase.
 */
export function ShopBuyDialog({
  locale,
  item,
  playerCoins,
  onBought,
  onClosed,
}: {
  locale: string
  item: ShopItem
  playerCoins: number
  onBought: (purchase: ShopPurchase, item: ShopItem) => void
  onClosed: () => void
}) {
  const { t } = useTranslation()
  const prizeText = usePrizeText()
  const [key] = useState(() => crypto.randomUUID())
  const [isBusy, setIsBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const close = () => useModalStore.getState().close(BUY_DIALOG)
  const confirm = async () => {
    setIsBusy(true)
    setError(null)
    try {
      const purchase = await purchaseShopItem(locale, item.id, key)
      onBought(purchase, item)
      close()
    } catch (caught) {
      setError(messageOf(caught, t('shop.buy_failed')))
    } finally {
      setIsBusy(false)
    }
  }
  const after = Math.max(0, Math.round(playerCoins * 100) - Math.round(item.price_coins * 100))
  return (
    <Dialog
      id={BUY_DIALOG}
      title={t('shop.confirm_title', { item: item.title })}
      onClosed={onClosed}
      size="sm"
    >
      <div className="flex flex-col gap-4" data-testid="shop-buy-dialog">
        <div className="flex items-center gap-3 rounded-2xl border border-line bg-surface p-3">
          <img
            src={item.image_url}
            alt=""
            width={56}
            height={56}
            className="size-14 shrink-0 object-contain"
          />
          <div className="flex min-w-0 flex-col">
            <span className="font-semibold text-ink">{item.title}</span>
            <span className="text-sm text-ink-muted">{prizeText(item.prize)}</span>
          </div>
        </div>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
          <dt className="text-ink-muted">{t('shop.price')}</dt>
          <dd>
            <CoinAmount coins={item.price_coins} className="text-gold" />
          </dd>
          <dt className="text-ink-muted">{t('shop.coins_after')}</dt>
          <dd>
            <CoinAmount coins={after / 100} className="text-ink" />
          </dd>
        </dl>
        {error ? (
          <p role="alert" className="text-sm text-danger" data-testid="shop-buy-error">
            {error}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="secondary" className="flex-1" onClick={close}>
            {t('shop.cancel')}
          </Button>
          <Button
            type="button"
            className="flex-1"
            isBusy={isBusy}
            onClick={() => void confirm()}
            data-testid="shop-confirm"
            autoFocus
          >
            {error ? t('shop.try_again') : t('shop.confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  )
}
