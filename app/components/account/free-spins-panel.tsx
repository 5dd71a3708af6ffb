import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buttonClassName } from '#app/components/ui/button.tsx'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { LoadError, SkeletonList } from '#app/components/ui/skeleton.tsx'
import { apiFetch } from '#app/lib/api.ts'
import type { PlayerFreeSpins } from '#server/modules/studios/index.ts'
import { AccountPanel } from './account-panel.tsx'
import type { BonusFormat } from './bonuses-format.ts'

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; items: PlayerFreeSpins[] }

/**
 * The player's free spins (`GET /{locale}/free-spins`) in the Bonuses tab: each game with the
 * spins left, the stake and the expiry, and a link that opens the game, which plays them first.
 */
export function FreeSpinsPanel({ locale, format }: { locale: string; format: BonusFormat }) {
  const { t } = useTranslation()
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const fetchList = useCallback(async () => {
    setLoad({ state: 'loading' })
    try {
      const answer = await apiFetch<{ data: { free_spins: PlayerFreeSpins[] } }>(
        `/${locale}/free-spins`,
      )
      setLoad({ state: 'ready', items: answer.data.free_spins })
    } catch {
      setLoad({ state: 'error' })
    }
  }, [locale])
  useEffect(() => {
    void fetchList()
  }, [fetchList])

  return (
    <AccountPanel title={t('free_spins.title')} description={t('free_spins.text')}>
      {load.state === 'loading' ? (
        <SkeletonList rows={2} label={t('common.loading')} />
      ) : load.state === 'error' ? (
        <LoadError
          text={t('free_spins.load_failed')}
          retryLabel={t('common.retry')}
          onRetry={() => void fetchList()}
        />
      ) : load.items.length === 0 ? (
        <p className="text-sm text-ink-muted" data-testid="free-spins-empty">
          {t('free_spins.empty')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" data-testid="free-spins-list">
          {load.items.map((item) => (
            <li
              key={item.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
            >
              <div className="flex min-w-0 flex-col gap-0.5">
                <span className="font-semibold text-ink">{item.game_title}</span>
                <span className="text-sm text-ink-muted">
                  {t('free_spins.spins_left', { count: item.spins_left, total: item.spins_total })}
                  {' · '}
                  {t('free_spins.stake', { stake: format.money(item.stake, item.currency) })}
                </span>
                {item.won !== '0' ? (
                  <span className="text-sm text-ink-muted">
                    {t('free_spins.won', { amount: format.money(item.won, item.currency) })}
                  </span>
                ) : null}
                <span className="text-xs text-ink-muted">
                  {t('free_spins.expires', { date: format.date(item.expires_at) })}
                </span>
              </div>
              <AppLink
                to={`/${locale}/game/${encodeURIComponent(item.game_slug)}/`}
                className={buttonClassName('secondary')}
                aria-label={`${t('free_spins.play')}: ${item.game_title}`}
              >
                {t('free_spins.play')}
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </AccountPanel>
  )
}
