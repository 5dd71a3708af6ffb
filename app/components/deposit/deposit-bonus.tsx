import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { bonusFormat } from '#app/components/account/bonuses-format.ts'
import type { BonusOffer } from '#server/modules/bonuses/bonuses.contract.ts'
import type { BonusPreview } from './bonus-preview.ts'

/**
 * The amount step's bonus box: the offer ("100 % up to €200: deposit €15–200"), what the typed
 * amount earns (or, below the minimum, that it earns none and what the minimum is), updated as the
 * player types, and the opt-in box. Amounts are in the wallet currency the bonus is paid in.
 */
export function DepositBonus({
  offer,
  preview,
  isOptedIn,
  isDefaultOff,
  onOptIn,
  localeTag,
  termsHref,
}: {
  offer: BonusOffer
  preview: BonusPreview
  isOptedIn: boolean
  /** The box starts unticked here (the player's country asks for an active opt-in). */
  isDefaultOff: boolean
  onOptIn: (value: boolean) => void
  localeTag: string
  termsHref: string
}) {
  const { t } = useTranslation()
  const id = useId()
  const format = bonusFormat(localeTag)
  const money = (minor: string | bigint) => format.money(minor, offer.currency)
  const isBelow = preview.kind === 'below_minimum'
  const earned =
    preview.kind === 'below_minimum'
      ? t('bonuses.deposit_below_minimum', { min: money(preview.minMinor) })
      : preview.kind === 'earns'
        ? t(preview.isCapped ? 'bonuses.deposit_earns_max' : 'bonuses.deposit_earns', {
            amount: money(preview.bonusMinor),
          })
        : null
  return (
    <div
      className={`flex flex-col gap-3 rounded-xl border p-3 text-sm ${
        isBelow ? 'border-danger/40 bg-danger/5' : 'border-gold/40 bg-gold/5'
      }`}
      data-testid="deposit-bonus"
    >
      <div className="flex flex-col gap-0.5">
        <span className="font-semibold text-ink">{t(`bonuses.code.${offer.code}`)}</span>
        <span className="text-ink" data-testid="deposit-bonus-offer">
          {t('bonuses.deposit_offer', {
            percent: format.percent(offer.match_percent),
            max_bonus: money(offer.max_bonus),
            min: money(offer.deposit_min),
            max: money(offer.deposit_max),
          })}
        </span>
      </div>
      {earned ? (
        <p
          className={`font-semibold ${isBelow ? 'text-danger' : 'text-gold'}`}
          aria-live="polite"
          data-testid="deposit-bonus-preview"
          data-kind={preview.kind}
        >
          {earned}
        </p>
      ) : null}
      {isBelow ? null : (
        <label htmlFor={id} className="flex items-start gap-2 text-ink">
          <input
            id={id}
            type="checkbox"
            name="bonus_opt_in"
            checked={isOptedIn}
            onChange={(event) => onOptIn(event.target.checked)}
            className="mt-0.5 size-5 shrink-0 accent-gold"
            data-testid="deposit-bonus-opt-in"
          />
          <span>{t('bonuses.deposit_opt_in')}</span>
        </label>
      )}
      <p className="text-xs text-ink-muted">
        {t('bonuses.deposit_terms', {
          times: offer.wagering_times,
          days: format.days(offer.valid_days),
          max_bet: money(offer.max_bet),
        })}{' '}
        {isDefaultOff && !isBelow ? `${t('bonuses.deposit_opt_in_note')} ` : null}
        <a href={termsHref} target="_blank" rel="noreferrer" className="font-semibold text-gold">
          {t('bonuses.terms_link')}
        </a>
      </p>
    </div>
  )
}
