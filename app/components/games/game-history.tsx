import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { LoadError, SkeletonList } from '#app/components/ui/skeleton.tsx'
import { apiFetch } from '#app/lib/api.ts'
import { betOutcome, type BetResult } from '#app/lib/bet-outcome.ts'
import { formatMultiplierText } from '#app/lib/format/game-numbers.ts'
import { formatMoney } from '#common/format-money.ts'
import { isCurrencyCode } from '#common/money.ts'
import { getLocale } from '#common/locales.ts'
import { useRootData } from '#app/lib/use-root-data.ts'

export const HISTORY_PAGE_SIZE = 10

/** By the shared rule: only a payout above the stake is a win and green. */
const RESULT_TONES: Record<BetResult, string> = {
  win: 'text-success',
  push: 'text-ink-muted',
  loss: 'text-danger',
}

interface WireBet {
  id: string
  game: string
  currency: string
  stake: string
  win: string
  /** What the result was worth when the maximum win per bet paid less (`win`); else null. */
  uncapped_win: string | null
  multiplier: string
  /** Null for a studio's round: its fairness is the studio's, there is nothing to recompute. */
  server_seed_hash: string | null
  created_at: string
}

/** The number of pages for `total` bets (at least one, so "page 1 of 1" reads right). */
export const pageCount = (total: number, pageSize = HISTORY_PAGE_SIZE) =>
  Math.max(1, Math.ceil(total / pageSize))

/**
 * The game history (cabinet tab and Transaction sub-tab): the player's settled bets from
 * `GET /{locale}/player/bets`, newest first, with each bet's fairness proof on the verify page.
 */
export function GameHistory() {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const localeTag = getLocale(locale).tag
  const [page, setPage] = useState(0)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [list, setList] = useState<{ bets: WireBet[]; total: number }>({ bets: [], total: 0 })

  const load = useCallback(async () => {
    setStatus('loading')
    try {
      const query = new URLSearchParams({ pageSize: String(HISTORY_PAGE_SIZE), page: String(page) })
      const { data } = await apiFetch<{ data: { bets: WireBet[]; total: number } }>(
        `/${locale}/player/bets?${query.toString()}`,
      )
      setList(data)
      setStatus('ready')
    } catch (error) {
      console.warn('game history', error)
      setStatus('error')
    }
  }, [locale, page])

  useEffect(() => {
    void load()
  }, [load])

  const money = (minor: string, currency: string) =>
    isCurrencyCode(currency) ? formatMoney(minor, currency, localeTag) : `${minor} ${currency}`
  const time = (iso: string) =>
    new Intl.DateTimeFormat(localeTag, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    )
  const pages = pageCount(list.total)

  if (status === 'loading') return <SkeletonList label={t('games.history.loading')} />
  if (status === 'error') {
    return (
      <LoadError
        text={t('games.history.load_error')}
        retryLabel={t('games.history.retry')}
        onRetry={() => void load()}
      />
    )
  }
  if (list.bets.length === 0) {
    return (
      <EmptyState
        title={t('account.empty.game-history.title')}
        text={t('account.empty.game-history.text')}
      />
    )
  }
  return (
    <div className="flex flex-col gap-4" data-testid="game-history">
      <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface-raised">
        {list.bets.map((bet) => {
          const { result } = betOutcome(BigInt(bet.stake), BigInt(bet.win))
          return (
            <li
              key={bet.id}
              className="grid grid-cols-2 items-center gap-x-4 gap-y-1 px-4 py-3 text-sm sm:grid-cols-[1fr_auto_auto_auto_auto]"
            >
              <span className="min-w-0">
                <span className="block font-semibold text-ink">
                  {t(`games.kind.${bet.game}`, { defaultValue: bet.game })}
                </span>
                <span className="block text-xs text-ink-muted">{time(bet.created_at)}</span>
              </span>
              <span className="text-end sm:text-start">
                <span className="block text-xs text-ink-muted">{t('games.history.stake')}</span>
                <span className="text-ink tabular-nums">{money(bet.stake, bet.currency)}</span>
              </span>
              <span>
                <span className="block text-xs text-ink-muted">{t('games.history.payout')}</span>
                <span className="text-ink tabular-nums">{money(bet.win, bet.currency)}</span>
                <span
                  className={`block text-xs font-semibold ${RESULT_TONES[result]}`}
                  data-testid="bet-result"
                >
                  {t(`games.history.result.${result}`)}
                </span>
                {bet.uncapped_win !== null && (
                  <span className="block text-xs text-ink-muted" data-testid="bet-max-win">
                    {t('games.history.max_win', {
                      amount: money(bet.uncapped_win, bet.currency),
                    })}
                  </span>
                )}
              </span>
              <span className="text-end sm:text-start">
                <span className="block text-xs text-ink-muted">
                  {t('games.history.multiplier')}
                </span>
                <span className="text-ink tabular-nums" dir="ltr">
                  {formatMultiplierText(bet.multiplier, localeTag)}
                </span>
              </span>
              {bet.server_seed_hash !== null ? (
                <Link
                  to={`/${locale}/verify/?bet=${bet.id}`}
                  className="col-span-2 text-sm font-semibold text-gold underline sm:col-span-1"
                  data-testid="bet-proof"
                >
                  {t('games.history.proof')}
                </Link>
              ) : (
                <span className="hidden sm:block" />
              )}
            </li>
          )
        })}
      </ul>
      {pages > 1 ? (
        <nav
          className="flex items-center justify-between gap-3 text-sm"
          aria-label={t('games.history.title')}
        >
          <button
            type="button"
            disabled={page === 0}
            onClick={() => setPage((p) => p - 1)}
            className="rounded-lg border border-line px-3 py-2 text-ink disabled:opacity-40"
          >
            {t('games.history.previous')}
          </button>
          <span className="text-ink-muted">
            {t('games.history.page', { page: page + 1, pages })}
          </span>
          <button
            type="button"
            disabled={page + 1 >= pages}
            onClick={() => setPage((p) => p + 1)}
            className="rounded-lg border border-line px-3 py-2 text-ink disabled:opacity-40"
          >
            {t('games.history.next')}
          </button>
        </nav>
      ) : null}
    </div>
  )
}
