import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { PaymentInfo } from '#server/modules/payments/payments.contract.ts'

interface Props {
  profiles: PaymentInfo['savedProfiles']
  /** The picked account, or null for "use a new card". */
  selectedId: string | null
  onSelect: (id: string | null) => void
}

/** Step 4: the saved accounts (spec §3 `savedProfiles`) and "use a new card". */
export function SavedAccounts({ profiles, selectedId, onSelect }: Props) {
  const { t } = useTranslation()
  const name = useId()
  const options = [
    ...profiles.map((profile) => ({
      id: profile.id,
      label: profile.label,
      detail: profile.fields.expiry
        ? t('cashier.saved.expires', { expiry: profile.fields.expiry })
        : undefined,
    })),
    { id: null, label: t('cashier.saved.new_card'), detail: undefined },
  ]
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-ink">{t('cashier.saved.legend')}</legend>
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
    </fieldset>
  )
}
