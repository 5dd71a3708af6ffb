import { useTranslation } from 'react-i18next'
import spriteUrl from '#app/assets/payments.svg?url'

/** The payment methods the cashier offers, as the footer shows them (artwork drawn in-house). */
const METHODS = [
  { id: 'card', name: 'Visa' },
  { id: 'mastercard', name: 'Mastercard' },
  { id: 'bank', nameKey: 'footer.bank_transfer' },
  { id: 'btc', name: 'Bitcoin' },
  { id: 'eth', name: 'Ethereum' },
  { id: 'usdt', name: 'Tether' },
] as const

export function PaymentLogos() {
  const { t } = useTranslation()
  return (
    <ul aria-label={t('footer.payments')} className="flex flex-wrap gap-2">
      {METHODS.map((method) => (
        <li
          key={method.id}
          className="flex items-center gap-2 rounded-lg border border-line bg-surface px-2.5 py-1.5 text-xs font-semibold text-ink-muted"
        >
          <svg aria-hidden="true" viewBox="0 0 32 24" className="h-4 w-6">
            <use href={`${spriteUrl}#${method.id}`} />
          </svg>
          {'nameKey' in method ? t(method.nameKey) : method.name}
        </li>
      ))}
    </ul>
  )
}
