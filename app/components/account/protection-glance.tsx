import { useCallback, useEffect, useState } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { buttonClassName } from '#app/components/ui/button.tsx'
import { LoadError, Skeleton } from '#app/components/ui/skeleton.tsx'
import { apiFetch } from '#app/lib/api.ts'
import { useProtection, type ProtectionState } from '#app/lib/use-protection.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { formatDuration } from '#common/duration.ts'
import { formatMoney } from '#common/format-money.ts'
import { getLocale } from '#common/locales.ts'
import { isCurrencyCode } from '#common/money.ts'
import { AccountPanel } from './account-panel.tsx'
import { breakStatusOf, formatMoment } from './protection-rules.ts'

/** The money limits as `GET /player/deposit-limits` answers them (amounts in minor units). */
export interface MoneyLimits {
  currency: string
  limits: { period: 'day' | 'week' | 'month'; amount: string | null }[]
  loss: { period: 'day' | 'week' | 'month'; amount: string | null }[]
  wager: { period: 'day' | 'week' | 'month'; amount: string | null }[]
}

/** One line of the card: what is limited and the limit in force. */
export interface GlanceRow {
  key: string
  label: string
  value: string
}

/**
 * The lines of the dashboard's card: each money limit in force (per period), the play-time limit,
 * the reality check and a break. Empty when the player has none of them.
 */
export function glanceRows(
  money: MoneyLimits,
  protection: ProtectionState,
  t: TFunction,
  localeTag: string,
): GlanceRow[] {
  const rows: GlanceRow[] = []
  const current = protection.break
  if (current) {
    const status = breakStatusOf(current)
    rows.push({
      key: 'break',
      label: t(`protection.break.kinds.${current.kind}`),
      value:
        status.kind === 'self_exclusion_lapsing'
          ? t('protection.glance.opens', { date: formatMoment(status.opensAt, localeTag) })
          : status.kind === 'self_exclusion_run'
            ? t('protection.glance.run', { date: formatMoment(status.until, localeTag) })
            : t('protection.glance.until', { date: formatMoment(status.until, localeTag) }),
    })
  }
  const currency = money.currency
  for (const kind of ['deposit', 'wager', 'loss'] as const) {
    const limits = kind === 'deposit' ? money.limits : money[kind]
    const parts = limits.flatMap((limit) =>
      limit.amount === null || !isCurrencyCode(currency)
        ? []
        : [
            t(`protection.glance.per.${limit.period}`, {
              amount: formatMoney(limit.amount, currency, localeTag),
            }),
          ],
    )
    if (parts.length > 0) {
      rows.push({
        key: kind,
        label: t(`protection.glance.kinds.${kind}`),
        value: parts.join(' · '),
      })
    }
  }
  const playTime = protection.play_time.limit_minutes
  if (playTime !== null) {
    rows.push({
      key: 'play_time',
      label: t('protection.play_time.title'),
      value: t('protection.glance.play_time', {
        duration: formatDuration(playTime * 60, localeTag),
      }),
    })
  }
  const interval = protection.reality_check.minutes
  if (interval !== null) {
    rows.push({
      key: 'reality_check',
      label: t('protection.reality_check.title'),
      value: t('protection.reality_check.status_on', {
        interval: formatDuration(interval * 60, localeTag),
      }),
    })
  }
  return rows
}

/**
 * The dashboard's "limits at a glance": every limit in force and any break, with a link to the
 * Safer play tab where they are set.
 */
export function ProtectionGlance() {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const localeTag = getLocale(locale).tag
  const protection = useProtection()
  const [money, setMoney] = useState<MoneyLimits | null>(null)
  const [moneyStatus, setMoneyStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const loadMoney = useCallback(async () => {
    setMoneyStatus('loading')
    try {
      const { data } = await apiFetch<{ data: MoneyLimits }>('/player/deposit-limits')
      setMoney(data)
      setMoneyStatus('ready')
    } catch (error) {
      console.warn('player limits', error)
      setMoneyStatus('error')
    }
  }, [])
  useEffect(() => {
    void loadMoney()
  }, [loadMoney])
  const tab = `/${locale}/account/limits/`
  const isError =
    moneyStatus === 'error' || (protection.status === 'error' && !protection.protection)
  const rows =
    money && protection.protection ? glanceRows(money, protection.protection, t, localeTag) : null
  return (
    <AccountPanel
      title={t('protection.glance.title')}
      aside={
        <AppLink to={tab} className={buttonClassName('secondary')} data-testid="glance-manage">
          {t('protection.glance.manage')}
        </AppLink>
      }
    >
      <div data-testid="protection-glance">
        {isError ? (
          <LoadError
            text={t('cashier.limits.load_failed_all')}
            retryLabel={t('common.retry')}
            onRetry={() => {
              if (moneyStatus === 'error') void loadMoney()
              if (protection.status === 'error') void protection.reload()
            }}
          />
        ) : rows === null ? (
          <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : rows.length === 0 ? (
          <p className="text-sm text-ink-muted" data-testid="glance-none">
            {t('protection.glance.none')}{' '}
            <AppLink to={tab} className="font-semibold text-gold underline">
              {t('protection.glance.set_one')}
            </AppLink>
          </p>
        ) : (
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {rows.map((row) => (
              <div
                key={row.key}
                className="flex flex-col gap-0.5"
                data-testid={`glance-${row.key}`}
              >
                <dt className="text-xs font-semibold tracking-wider text-ink-muted uppercase">
                  {row.label}
                </dt>
                <dd className="text-sm font-semibold text-ink tabular-nums">{row.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </AccountPanel>
  )
}
