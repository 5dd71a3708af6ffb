import { useTranslation } from 'react-i18next'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { LoadError, Skeleton } from '#app/components/ui/skeleton.tsx'
import { formatMoney } from '#common/format-money.ts'
import { isCurrencyCode } from '#common/money.ts'
import type { MethodsStatus, PaymentInfo } from './use-payment-methods.ts'

interface Props {
  status: MethodsStatus
  methods: readonly PaymentInfo[]
  selectedId: string | null
  onPick: (method: PaymentInfo) => void
  onRetry: () => void
  localeTag: string
}

/** Step 1: the methods as tiles with their artwork, name and the range they take. */
export function MethodGrid({ status, methods, selectedId, onPick, onRetry, localeTag }: Props) {
  const { t } = useTranslation()
  if (status === 'loading') {
    return (
      <div
        role="status"
        aria-label={t('common.loading')}
        className="grid grid-cols-2 gap-3 xsm:grid-cols-3"
      >
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-28 rounded-2xl" />
        ))}
      </div>
    )
  }
  if (status === 'error') {
    return (
      <LoadError
        text={t('cashier.methods_failed')}
        retryLabel={t('common.retry')}
        onRetry={onRetry}
      />
    )
  }
  if (methods.length === 0) {
    return <EmptyState title={t('cashier.no_methods_title')} text={t('cashier.no_methods_text')} />
  }
  return (
    <ul className="grid grid-cols-2 gap-3 xsm:grid-cols-3" data-testid="payment-methods">
      {methods.map((method) => {
        const money = (minor: string) =>
          isCurrencyCode(method.currency)
            ? formatMoney(minor, method.currency, localeTag)
            : `${minor} ${method.currency}`
        const isSelected = method.id === selectedId
        return (
          <li key={method.id}>
            <button
              type="button"
              aria-pressed={isSelected}
              onClick={() => onPick(method)}
              className="group relative flex h-full w-full flex-col items-center gap-2 rounded-2xl border border-line bg-surface p-3 text-center transition hover:border-gold/60 aria-pressed:border-gold aria-pressed:bg-gold/10"
            >
              {method.lastUsedMethod ? (
                <span className="absolute -top-2 start-2 rounded-full bg-gradient-to-b from-gold-soft to-gold-strong px-2 py-0.5 text-[0.625rem] font-bold text-on-gold">
                  {t('cashier.last_used')}
                </span>
              ) : null}
              <img
                src={method.imageUrl}
                alt=""
                width="64"
                height="40"
                className="mt-1 h-10 w-16 object-contain"
              />
              <span className="text-sm font-semibold text-ink">{method.name}</span>
              <span className="text-[0.6875rem] leading-tight text-ink-muted" dir="auto">
                {t('cashier.range', { min: money(method.min), max: money(method.max) })}
              </span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
