import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useDialog } from '#app/components/dialogs/use-dialog.ts'
import { buttonClassName } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { LoadError, SkeletonList } from '#app/components/ui/skeleton.tsx'
import type { TransactionsPage } from '#app/components/wallet/wallet-actions.ts'
import { apiFetch } from '#app/lib/api.ts'
import { DIALOGS } from '#app/lib/dialog-url.ts'
import { CURRENCY_EXPONENTS } from '#common/money.ts'
import { getLocale } from '#common/locales.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { useUserStore } from '#app/state/user-store.ts'
import { TransactionsList } from './transactions-list.tsx'

export const PAGE_SIZE = 10
const STATUSES = ['pending', 'completed', 'failed', 'cancelled', 'rejected'] as const

interface Filters {
  status: string
  currency: string
  dateFrom: string
  dateTo: string
}
const NO_FILTERS: Filters = { status: '', currency: '', dateFrom: '', dateTo: '' }

/** The query of `GET /player/transactions` for a page of one type with the chosen filters. */
export function transactionsQuery(
  type: 'deposit' | 'withdrawal',
  page: number,
  filters: Filters,
): string {
  const query = new URLSearchParams({
    pageSize: String(PAGE_SIZE),
    page: String(page),
    transactionType: type,
  })
  if (filters.status) query.set('status', filters.status)
  if (filters.currency) query.set('currency', filters.currency)
  if (filters.dateFrom) query.set('dateFrom', filters.dateFrom)
  if (filters.dateTo) query.set('dateTo', filters.dateTo)
  return query.toString()
}

/** Transaction tabs Deposit and Withdrawals: the player's history with filters and pages. */
export function TransactionsTab({ type }: { type: 'deposit' | 'withdrawal' }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const localeTag = getLocale(locale).tag
  const { linkTo } = useDialog()
  const [filters, setFilters] = useState<Filters>(NO_FILTERS)
  const [page, setPage] = useState(0)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [list, setList] = useState<TransactionsPage>({ transactions: [], total: 0 })
  // The balance moves when a payment settles or a withdrawal is cancelled: reload then.
  const wallet = useUserStore((state) => state.wallet.all)
  // Logging out empties the wallet while this page is still on screen, on its way home: the list
  // is the signed-in player's, so it is not asked for again then (it would answer 401).
  const isAuthenticated = useUserStore((state) => state.isAuthenticated)

  const load = useCallback(async () => {
    setStatus('loading')
    try {
      const { data } = await apiFetch<{ data: TransactionsPage }>(
        `/player/transactions?${transactionsQuery(type, page, filters)}`,
      )
      setList(data)
      setStatus('ready')
    } catch (error) {
      console.warn('transactions', error)
      setStatus('error')
    }
  }, [type, page, filters])

  useEffect(() => {
    if (isAuthenticated) void load()
  }, [load, wallet, isAuthenticated])

  const setFilter = (name: keyof Filters, value: string) => {
    setPage(0)
    setFilters((current) => ({ ...current, [name]: value }))
  }
  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE))
  const isFiltered = Object.values(filters).some(Boolean)
  const select =
    'min-h-11 rounded-xl border border-line bg-surface px-3 text-sm text-ink focus:border-gold focus:outline-none'

  return (
    <section aria-labelledby="transactions-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="transactions-heading" className="text-lg font-bold text-ink">
          {t(`cashier.history.${type}_title`)}
          {status === 'ready' ? (
            <span className="ms-2 text-sm font-normal text-ink-muted">({list.total})</span>
          ) : null}
        </h2>
        <Link
          {...linkTo(type === 'deposit' ? DIALOGS.deposit : DIALOGS.withdraw)}
          className={buttonClassName(type === 'deposit' ? 'primary' : 'secondary')}
        >
          {t(type === 'deposit' ? 'wallet.deposit' : 'wallet.withdraw')}
        </Link>
      </div>
      <fieldset
        className="grid grid-cols-2 gap-3 rounded-2xl border border-line bg-surface-raised p-3 md:grid-cols-4"
        data-testid="transaction-filters"
      >
        <legend className="sr-only">{t('cashier.history.filters')}</legend>
        <label className="flex flex-col gap-1 text-xs font-medium text-ink-muted">
          {t('cashier.history.status')}
          <select
            className={select}
            value={filters.status}
            onChange={(event) => setFilter('status', event.target.value)}
          >
            <option value="">{t('cashier.history.any_status')}</option>
            {STATUSES.map((name) => (
              <option key={name} value={name}>
                {t(`cashier.status.${name}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-ink-muted">
          {t('cashier.history.currency')}
          <select
            className={select}
            value={filters.currency}
            onChange={(event) => setFilter('currency', event.target.value)}
          >
            <option value="">{t('cashier.history.any_currency')}</option>
            {Object.keys(CURRENCY_EXPONENTS).map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-ink-muted">
          {t('cashier.history.from')}
          <input
            type="date"
            className={select}
            value={filters.dateFrom}
            max={filters.dateTo || undefined}
            onChange={(event) => setFilter('dateFrom', event.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-ink-muted">
          {t('cashier.history.to')}
          <input
            type="date"
            className={select}
            value={filters.dateTo}
            min={filters.dateFrom || undefined}
            onChange={(event) => setFilter('dateTo', event.target.value)}
          />
        </label>
      </fieldset>
      {status === 'loading' && list.transactions.length === 0 ? (
        <SkeletonList rows={5} label={t('common.loading')} />
      ) : status === 'error' ? (
        <LoadError
          text={t('cashier.history.load_failed')}
          retryLabel={t('common.retry')}
          onRetry={() => void load()}
        />
      ) : list.transactions.length === 0 ? (
        isFiltered ? (
          <EmptyState
            title={t('cashier.history.no_match_title')}
            text={t('cashier.history.no_match_text')}
            action={
              <button
                type="button"
                onClick={() => {
                  setPage(0)
                  setFilters(NO_FILTERS)
                }}
                className={buttonClassName('secondary')}
              >
                {t('cashier.history.clear_filters')}
              </button>
            }
          />
        ) : (
          <EmptyState
            title={t(`account.empty.transaction.${type}.title`)}
            text={t(`account.empty.transaction.${type}.text`)}
          />
        )
      ) : (
        <>
          <TransactionsList
            transactions={list.transactions}
            localeTag={localeTag}
            onChanged={() => void load()}
          />
          {pages > 1 ? (
            <nav
              aria-label={t('cashier.history.pages')}
              className="flex items-center justify-between gap-3"
            >
              <button
                type="button"
                disabled={page === 0}
                onClick={() => setPage((current) => current - 1)}
                className={buttonClassName('secondary')}
              >
                {t('cashier.history.previous')}
              </button>
              <span className="text-sm text-ink-muted" aria-live="polite">
                {t('cashier.history.page_of', { page: page + 1, pages })}
              </span>
              <button
                type="button"
                disabled={page + 1 >= pages}
                onClick={() => setPage((current) => current + 1)}
                className={buttonClassName('secondary')}
              >
                {t('cashier.history.next')}
              </button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  )
}
