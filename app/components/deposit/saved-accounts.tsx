import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { PaymentInfo } from '#server/modules/payments/payments.contract.ts'

interface Props {
  profiles: PaymentInfo['savedProfiles']
  /** The picked account, or null for "use a new card". */
  selectedId: string | null
  onSelect: (id: string | null) => void
  /** Offer "use a new card" (a deposit); a card payout goes only to a saved card. */
  offersNewCard?: boolean
  legend?: string
  error?: string | undefined
}

/**
 * Deposit step 4: the saved accounts (`savedProfiles`) and "use a new card"; in the
 * withdrawal dialog, the saved cards a card payout may go to.
 */
export function SavedAccounts({
  profiles,
  selectedId,
  onSelect,
  offersNewCard = true,
  legend,
  error,
}: Props) {
  const { t } = useTranslation()
  const name = useId()
  const errorId = useId()
  const newCard = { id: null, label: t('cashier.saved.new_card'), detail: undefined }
  const options = [
    ...profiles.map((profile) => ({
      id: profile.id,
      label: profile.label,
      detail: profile.fields.expiry
        ? t('cashier.saved.expires', { expiry: profile.fields.expiry })
        : undefined,
    })),
    ...(offersNewCard ? [newCard] : []),
  ]
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 text-sm font-medium text-ink">
        {legend ?? t('cashier.saved.legend')}
      </legend>
      {options.map((option) => (
        <label
          key={option.id ?? 'new'}
          className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3 has-checked:border-gold has-checked:bg-gold/10"
        >
          <input
            type="radio"
            name={name}
            checked={selectedId === option.id}
            onChange={() => onSelect(option.id)}
            className="size-4 accent-gold"
          />
          <span className="flex flex-1 flex-col">
            <span className="text-sm font-semibold text-ink" dir="auto">
              {option.label}
            </span>
            {option.detail ? <span className="text-xs text-ink-muted">{option.detail}</span> : null}
          </span>
        </label>
      ))}
      {error ? (
        <p id={errorId} className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
