import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { buttonClassName } from '#app/components/ui/button.tsx'
import { useModalStore } from '#app/state/modal-store.ts'
import type { Prize } from '#common/rewards-rules.ts'
import { prizeWhere, usePrizeText, type PrizeWording } from './prize-text.ts'

/**
 * What a draw gave (a wheel spin, a lootbox opened): the prize in words, where it waits and the
 * link to verify the draw.
 */
export function PrizeDialog({
  id,
  title,
  label,
  prize,
  locale,
  drawId,
  lootboxTitle,
  imageUrl,
  onClosed,
}: {
  id: string
  title: string
  label: string
  prize: Prize
  locale: string
  drawId: string
  lootboxTitle?: PrizeWording['lootboxTitle']
  /** The art of what was opened (a lootbox); a gift otherwise. */
  imageUrl?: string
  onClosed: () => void
}) {
  const { t } = useTranslation()
  const prizeText = usePrizeText(lootboxTitle)
  const where = prizeWhere(prize, locale)
  const words = prizeText(prize)
  const close = () => useModalStore.getState().close(id)
  return (
    <Dialog id={id} title={title} onClosed={onClosed} size="sm">
      <div className="flex flex-col items-center gap-4 text-center" data-testid="prize-dialog">
        {imageUrl ? (
          <img src={imageUrl} alt="" width={96} height={96} className="size-24 object-contain" />
        ) : (
          <div
            aria-hidden="true"
            className="flex size-20 items-center justify-center rounded-full bg-gradient-to-b from-gold-soft to-gold-strong shadow-lg shadow-gold/30"
          >
            <svg viewBox="0 0 24 24" className="size-10 fill-none stroke-on-gold stroke-2">
              <path d="M4 11h16v9H4zM2 7h20v4H2zM12 7v13M12 7c-2-3-6-3-6 0M12 7c2-3 6-3 6 0" />
            </svg>
          </div>
        )}
        <div className="flex flex-col gap-1">
          <p className="text-xl font-extrabold text-gold" data-testid="prize-label">
            {label}
          </p>
          {words !== label ? (
            <p className="text-sm font-semibold text-ink" data-testid="prize-text">
              {words}
            </p>
          ) : null}
        </div>
        <p className="text-sm text-ink-muted">{t(where.key)}</p>
        <div className="flex w-full flex-col gap-2 sm:flex-row">
          <Link to={where.href} className={`${buttonClassName('primary')} flex-1`} onClick={close}>
            {t('rewards.go_to_prize')}
          </Link>
          <button
            type="button"
            className={`${buttonClassName('secondary')} flex-1`}
            onClick={close}
            autoFocus
          >
            {t('rewards.close')}
          </button>
        </div>
        <Link
          to={`/${locale}/verify/?draw=${drawId}`}
          className="text-sm font-semibold text-gold underline-offset-4 hover:underline"
          data-testid="prize-verify"
          onClick={close}
        >
          {t('rewards.fair.verify_this')}
        </Link>
      </div>
    </Dialog>
  )
}
