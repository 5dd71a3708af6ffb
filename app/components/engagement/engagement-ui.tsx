import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router'
import { ErrorScreen } from '#app/components/layout/error-screen.tsx'
import { buttonClassName } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { useDialog } from '#app/components/dialogs/use-dialog.ts'
import { DIALOGS } from '#app/lib/dialog-url.ts'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import { useInteractive } from '#app/lib/use-interactive.ts'
import { useTriggerProgress } from '#app/state/engagement-store.ts'
import type { QuestStatus } from '#common/engagement-rules.ts'
import type { Trigger } from '#server/modules/engagement/engagement.contract.ts'
import { coinText, progressPercent, timeLeft, triggerAmount } from './format.ts'
import type { PageComponent } from './engagement-data.ts'

/** A gold coin, the unit of every reward on these pages. */
export function CoinIcon({ className = 'size-4' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`shrink-0 ${className}`}>
      <circle cx="12" cy="12" r="10" className="fill-gold-strong" />
      <circle cx="12" cy="12" r="7.2" className="fill-gold-soft" />
      <path
        d="M12 7.5v9M9.6 9.4c.5-.9 1.4-1.3 2.5-1.3 1.5 0 2.4.7 2.4 1.7 0 2.4-5 1.4-5 4 0 1 1 1.8 2.6 1.8 1.1 0 2-.4 2.5-1.2"
        className="fill-none stroke-on-gold"
        strokeWidth="1.4"
        strokeLinecap="round"
      />
    </svg>
  )
}

/** "🪙 12.5": a coin amount, cut to two decimals, read out as "Coins: 12.5". */
export function CoinAmount({ coins, className = '' }: { coins: number; className?: string }) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  const amount = coinText(coins, tag)
  return (
    <span className={`inline-flex items-center gap-1.5 font-bold tabular-nums ${className}`}>
      <CoinIcon />
      <span aria-hidden="true">{amount}</span>
      <span className="sr-only">{t('engagement.coins_sr', { amount })}</span>
    </span>
  )
}

const STATUS_STYLE: Record<QuestStatus, string> = {
  0: 'border-gold/50 bg-gold/10 text-gold',
  1: 'border-line bg-surface text-ink-muted',
  2: 'border-success/50 bg-success/10 text-success',
}

/** The spec's quest status as a badge: 0 in progress, 1 not started, 2 completed. */
export function StatusBadge({ status }: { status: QuestStatus }) {
  const { t } = useTranslation()
  return (
    <span
      data-testid="quest-status"
      data-status={status}
      className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_STYLE[status]}`}
    >
      {status === 2 ? (
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="size-3 fill-none stroke-current stroke-2"
        >
          <path d="m3.5 8.5 3 3 6-7" />
        </svg>
      ) : null}
      {t(`engagement.status_${status}`)}
    </span>
  )
}

/** A filled bar with its ARIA progress semantics; gold while running, green when done. */
export function ProgressBar({
  percent,
  label,
  valueText,
  isDone = false,
  size = 'md',
  testId,
}: {
  percent: number
  label: string
  valueText: string
  isDone?: boolean
  size?: 'sm' | 'md'
  testId?: string
}) {
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      aria-label={label}
      data-testid={testId}
      data-percent={percent}
      className={`${size === 'sm' ? 'h-2' : 'h-3'} overflow-hidden rounded-full bg-line`}
    >
      <div
        className={`h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none ${
          isDone
            ? 'bg-success'
            : 'bg-gradient-to-r from-gold-soft to-gold-strong rtl:bg-gradient-to-l'
        }`}
        style={{ width: `${String(percent)}%` }}
      />
    </div>
  )
}

/**
 * One trigger's live bar: "2 / 3" (or "€40 / €100") and the fill, moved by the socket's updates
 * through the engagement store.
 */
export function TriggerBar({
  trigger,
  label,
  size = 'md',
}: {
  trigger: Trigger
  label: string
  size?: 'sm' | 'md'
}) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  const progress = useTriggerProgress(trigger)
  const shown = Math.min(progress.progress, progress.expected)
  const values = {
    progress: triggerAmount(shown, trigger.unit, tag),
    expected: triggerAmount(progress.expected, trigger.unit, tag),
  }
  const percent = progressPercent(progress)
  return (
    <div className="flex flex-col gap-1.5" data-testid={`trigger-${trigger.id}`}>
      <div className="flex items-baseline justify-between gap-3 text-xs">
        <span className="min-w-0 truncate text-ink-muted">{label}</span>
        <span
          className={`font-semibold whitespace-nowrap tabular-nums ${progress.is_finished ? 'text-success' : 'text-ink'}`}
          data-testid="trigger-progress-text"
          dir="ltr"
        >
          {values.progress} / {values.expected}
        </span>
      </div>
      <ProgressBar
        percent={percent}
        label={label}
        valueText={t('engagement.progress_sr', values)}
        isDone={progress.is_finished === 1}
        size={size}
        testId="trigger-bar"
      />
    </div>
  )
}

/**
 * "Ends in 3 h 12 min": rendered once the page is interactive (the server's clock and the
 * browser's differ), refreshed every minute.
 */
export function TimeLeft({ endsAt, kind }: { endsAt: string; kind: 'ends' | 'resets' }) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  const isInteractive = useInteractive()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000)
    return () => window.clearInterval(timer)
  }, [])
  const left = isInteractive ? timeLeft(endsAt, now, tag) : null
  return (
    <span
      className="inline-flex min-h-4 items-center gap-1 text-xs text-ink-muted"
      data-testid="time-left"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 16 16"
        className="size-3.5 fill-none stroke-current stroke-[1.5]"
      >
        <circle cx="8" cy="8" r="6.25" />
        <path d="M8 4.5V8l2.5 1.5" />
      </svg>
      {left ? (
        <time dateTime={endsAt}>{t(`engagement.${kind}_in`, { time: left })}</time>
      ) : (
        <span className="inline-block w-16" />
      )}
    </span>
  )
}

/** The visitor's invitation: progress and coins belong to an account. */
export function SignInCta({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation()
  const { linkTo } = useDialog()
  return (
    <section
      data-testid="engagement-sign-in"
      className="flex flex-col gap-4 rounded-2xl border border-gold/30 bg-gradient-to-br from-hero-glow/60 to-surface-raised p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-col gap-1">
        <h2 className="text-base font-bold text-ink">{title}</h2>
        <p className="text-sm text-ink-muted">{text}</p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Link {...linkTo(DIALOGS.register)} className={buttonClassName('primary')}>
          {t('engagement.register')}
        </Link>
        <Link {...linkTo(DIALOGS.login)} className={buttonClassName('secondary')}>
          {t('engagement.sign_in')}
        </Link>
      </div>
    </section>
  )
}

/** The player's coin balance, or the sign-in invitation for a visitor. */
export function CoinsPanel({ coins }: { coins: number | null }) {
  const { t } = useTranslation()
  if (coins === null) {
    return <SignInCta title={t('engagement.sign_in_title')} text={t('engagement.sign_in_text')} />
  }
  return (
    <section
      data-testid="player-coins"
      data-coins={coins}
      className="flex items-center justify-between gap-4 rounded-2xl border border-line bg-surface-raised p-4 sm:p-5"
    >
      <div className="flex flex-col gap-0.5">
        <h2 className="text-sm font-semibold text-ink-muted">{t('engagement.your_coins')}</h2>
        <p className="text-xs text-ink-muted">{t('engagement.coins_hint')}</p>
      </div>
      <CoinAmount coins={coins} className="text-2xl text-gold" />
    </section>
  )
}

/** The operator's hero component, or the page's own heading when there is none. */
export function PageHero({
  hero,
  title,
  intro,
  children,
}: {
  hero: PageComponent | undefined
  title: string
  intro: string
  children?: ReactNode
}) {
  return (
    <header className="relative overflow-hidden rounded-3xl border border-line bg-gradient-to-br from-hero-glow via-surface-raised to-surface-raised p-5 sm:p-8">
      <div className="relative z-10 flex max-w-xl flex-col gap-3">
        {/* The operator's hero names the page when it has a title; the page's own words otherwise. */}
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-4xl">
          {hero?.title || title}
        </h1>
        <p className="text-sm leading-relaxed text-ink-muted sm:text-base">{hero?.text || intro}</p>
        {children}
      </div>
      {hero?.image_cdn_url ? (
        <img
          src={hero.image_cdn_url}
          alt={hero.image_alt_text}
          width={320}
          height={320}
          className="pointer-events-none absolute -end-10 -bottom-10 hidden size-64 rounded-full object-contain opacity-90 sm:block"
        />
      ) : null}
    </header>
  )
}

/** Numbered steps in cards, three to a row from the small breakpoint ("how it works"). */
export function NumberedSteps({ steps }: { steps: readonly { title: string; text: string }[] }) {
  return (
    <ol className="grid gap-3 sm:grid-cols-3">
      {steps.map((step, index) => (
        <li key={index} className="flex gap-3 rounded-2xl border border-line bg-surface-raised p-4">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-gold/15 text-sm font-bold text-gold"
          >
            {index + 1}
          </span>
          <div className="flex min-w-0 flex-col gap-1">
            <h3 className="font-semibold text-ink">{step.title}</h3>
            <p className="text-sm text-ink-muted">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  )
}

/** "How it works" steps and the FAQ of the operator's page components (and any text blocks). */
export function PageComponentsBody({ components }: { components: PageComponent[] }) {
  const { t } = useTranslation()
  const rest = components.filter((component) => component.kind !== 'hero')
  if (rest.length === 0) return null
  return (
    <div className="mt-10 flex flex-col gap-8">
      {rest.map((component) =>
        component.kind === 'steps' ? (
          <section key={component.id} aria-labelledby={`pc-${component.id}`}>
            <h2 id={`pc-${component.id}`} className="mb-4 text-xl font-bold text-ink">
              {component.title || t('engagement.how_it_works')}
            </h2>
            {component.text ? (
              <p className="mb-4 text-sm text-ink-muted">{component.text}</p>
            ) : null}
            <NumberedSteps steps={component.items} />
          </section>
        ) : component.kind === 'faq' ? (
          <section key={component.id} aria-labelledby={`pc-${component.id}`}>
            <h2 id={`pc-${component.id}`} className="mb-4 text-xl font-bold text-ink">
              {component.title || t('engagement.faq')}
            </h2>
            <div className="flex flex-col gap-2">
              {component.items.map((item, index) => (
                <details
                  key={index}
                  className="group rounded-2xl border border-line bg-surface-raised px-4 py-3 open:border-gold/40"
                >
                  <summary className="flex min-h-8 cursor-pointer list-none items-center justify-between gap-3 font-semibold text-ink">
                    {item.title}
                    <span
                      aria-hidden="true"
                      className="text-gold transition group-open:rotate-45 motion-reduce:transition-none"
                    >
                      +
                    </span>
                  </summary>
                  <p className="pt-2 text-sm leading-relaxed text-ink-muted">{item.text}</p>
                </details>
              ))}
            </div>
          </section>
        ) : (
          <section key={component.id} className="flex flex-col gap-2">
            {component.title ? (
              <h2 className="text-xl font-bold text-ink">{component.title}</h2>
            ) : null}
            <p className="text-sm leading-relaxed text-ink-muted">{component.text}</p>
          </section>
        ),
      )}
    </div>
  )
}

/** Card placeholders while a page's data loads on a client navigation. */
export function CardGridSkeleton({ label, cards = 6 }: { label: string; cards?: number }) {
  return (
    <div role="status" aria-label={label} className={CARD_GRID} data-testid="engagement-skeleton">
      {Array.from({ length: cards }, (_, index) => (
        <div key={index} className="flex flex-col gap-3 rounded-2xl border border-line p-4">
          <div className="flex items-center gap-3">
            <Skeleton className="size-14 shrink-0 rounded-xl" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
          <Skeleton className="h-3 w-full rounded-full" />
          <Skeleton className="h-3 w-4/5 rounded-full" />
        </div>
      ))}
    </div>
  )
}

export const CARD_GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3'

/**
 * The engagement pages' error screen inside the site frame: a 404 (unknown locale, feature off,
 * unknown quest) is the site's not-found page; anything else says the page could not load and
 * offers another try.
 */
export function EngagementError() {
  const { t } = useTranslation()
  const error = useRouteError()
  const { pathname } = useLocation()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorScreen status={404} path={pathname} error={error} />
  }
  return (
    <div data-testid="engagement-error">
      <EmptyState
        title={t('engagement.error_title')}
        text={t('engagement.error_text')}
        action={
          <a href="" className={buttonClassName('secondary')}>
            {t('engagement.retry')}
          </a>
        }
      />
    </div>
  )
}
