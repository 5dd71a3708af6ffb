import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, minorToDecimal } from '#common/format-money.ts'
import { type CurrencyCode } from '#common/money.ts'
import { quickAmounts } from './card-rules.ts'

interface Props {
  label: string
  currency: CurrencyCode
  value: string
  onChange: (value: string) => void
  min: bigint
  max: bigint
  localeTag: string
  error?: string | undefined
  /** Extra lines under the field (available balance, conversion). */
  hint?: string | undefined
}

/** An amount in a currency: the input with its code, quick-amount chips and the range. */
export function AmountField({
  label,
  currency,
  value,
  onChange,
  min,
  max,
  localeTag,
  error,
  hint,
}: Props) {
  const { t } = useTranslation()
  const id = useId()
  const describedBy = [`${id}-range`, hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')
  const chips = quickAmounts(min, max)
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="flex min-h-14 items-center rounded-xl border border-line bg-surface focus-within:border-gold has-aria-invalid:border-danger">
        <input
          id={id}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          dir="ltr"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="min-w-0 flex-1 bg-transparent px-4 text-2xl font-bold text-ink tabular-nums focus:outline-none"
        />
        <span className="pe-4 text-sm font-semibold text-ink-muted">{currency}</span>
      </div>
      {chips.length > 0 ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('cashier.quick_amounts')}>
          {chips.map((amount) => {
            const decimal = minorToDecimal(amount, currency)
            return (
              <button
                key={decimal}
                type="button"
                aria-pressed={value === decimal}
                onClick={() => onChange(decimal)}
                className="rounded-full border border-line px-3 py-1.5 text-sm font-semibold text-ink tabular-nums hover:border-gold/60 aria-pressed:border-gold aria-pressed:bg-gold/10 aria-pressed:text-gold"
              >
                {formatMoney(amount, currency, localeTag)}
              </button>
            )
          })}
        </div>
      ) : null}
      <p id={`${id}-range`} className="text-xs text-ink-muted">
        {t('cashier.min_max', {
          min: formatMoney(min, currency, localeTag),
          max: formatMoney(max, currency, localeTag),
        })}
      </p>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}
