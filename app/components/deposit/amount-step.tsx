import { useTranslation } from 'react-i18next'
import { formatMoney, minorToDecimal } from '#common/format-money.ts'
import { isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import { AmountField } from './amount-field.tsx'
import { convertMinor, parseAmount } from './card-rules.ts'
import type { DepositFlow, LimitNote } from './use-deposit-flow.ts'
import { DepositBonus } from './deposit-bonus.tsx'
import type { PaymentInfo } from './use-payment-methods.ts'

/** Step 2: the amount, what the player's deposit limit leaves, and what it comes to when converted. */
export function AmountStep({
  method,
  currency,
  value,
  onChange,
  error,
  limitNote,
  localeTag,
  bonus,
  termsHref,
}: {
  method: PaymentInfo
  currency: CurrencyCode
  value: string
  onChange: (value: string) => void
  error: string | undefined
  limitNote: LimitNote | null
  localeTag: string
  bonus: DepositFlow['bonus']
  termsHref: string
}) {
  const { t } = useTranslation()
  const converted = method.currencyConverted
  const typed = parseAmount(value, currency)
  let conversion: string | undefined
  if (converted && isCurrencyCode(converted)) {
    const minor =
      'minor' in typed && method.rate
        ? convertMinor(typed.minor, method.rate, currency, converted)
        : method.amountConverted !== null && value === minorToDecimal(method.amount, currency)
          ? BigInt(method.amountConverted)
          : null
    if (minor !== null) {
      conversion = t('cashier.converted', { amount: formatMoney(minor, converted, localeTag) })
    }
  }
  const rate =
    converted && method.rate
      ? t('cashier.rate', {
          rate: `1 ${currency} = ${new Intl.NumberFormat(localeTag, { maximumFractionDigits: 8 }).format(method.rate as `${number}`)} ${converted}`,
        })
      : undefined
  return (
    <div className="flex flex-col gap-4">
      <AmountField
        label={t('cashier.amount')}
        currency={currency}
        value={value}
        onChange={onChange}
        min={BigInt(method.min)}
        max={BigInt(method.max)}
        localeTag={localeTag}
        error={error}
      />
      {bonus ? (
        <DepositBonus
          offer={bonus.offer}
          preview={bonus.preview}
          isOptedIn={bonus.isOptedIn}
          isDefaultOff={bonus.isDefaultOff}
          onOptIn={bonus.setOptedIn}
          localeTag={localeTag}
          termsHref={termsHref}
        />
      ) : null}
      {limitNote ? (
        <p
          className={`rounded-xl border p-3 text-sm ${
            limitNote.isOver
              ? 'border-danger/40 bg-danger/10 text-danger'
              : 'border-line bg-surface text-ink-muted'
          }`}
          data-testid="deposit-limit-note"
        >
          {limitNote.text}
        </p>
      ) : null}
      {conversion ? (
        <div
          className="flex flex-col gap-0.5 rounded-xl border border-line bg-surface p-3 text-sm"
          data-testid="conversion"
        >
          <span className="font-semibold text-ink">{conversion}</span>
          {rate ? <span className="text-xs text-ink-muted">{rate}</span> : null}
        </div>
      ) : null}
    </div>
  )
}
