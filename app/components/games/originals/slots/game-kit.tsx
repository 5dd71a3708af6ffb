import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useOptionalRootData } from '#app/lib/use-root-data.ts'

/**
 * The frame Slots, Roulette and Mines share: title, play-money badge, balance and RTP on top,
 * the game's stage beside (or, on phones, above) its controls, one live message line, and the
 * fairness footer. Kept beside Slots because the three games' folders are one engineer's.
 */
export function GameShell({
  testId,
  title,
  mode,
  rtpBp,
  balance,
  controls,
  message,
  footer,
  children,
}: {
  testId: string
  title: string
  mode: 'real' | 'demo'
  rtpBp: number
  balance: string | null
  controls: ReactNode
  message: { tone: 'info' | 'win' | 'loss' | 'error'; text: string } | undefined
  footer: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  const tones = {
    info: 'text-ink-muted',
    win: 'text-success',
    loss: 'text-danger',
    error: 'text-danger',
  } as const
  return (
    <section
      data-testid={testId}
      data-mode={mode}
      className="overflow-hidden rounded-2xl border border-line bg-surface-raised shadow-xl"
    >
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-line px-4 py-3">
        <h2 className="text-base font-extrabold text-ink">{title}</h2>
        {mode === 'demo' ? (
          <span className="rounded-full bg-accent/25 px-2.5 py-0.5 text-xs font-bold text-ink">
            {t('game_ui.demo_badge')}
          </span>
        ) : null}
        <span className="text-xs text-ink-muted">
          {t('game_ui.rtp', { rtp: (rtpBp / 100).toFixed(2) })}
        </span>
        <span className="ms-auto text-sm text-ink-muted">
          {t('game_ui.balance')}{' '}
          <strong className="text-ink tabular-nums" data-testid="game-balance">
            {balance ?? '…'}
          </strong>
        </span>
      </header>
      <div className="grid gap-4 p-4 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-6 lg:p-6">
        <div className="min-w-0">{children}</div>
        <div className="flex min-w-0 flex-col gap-4">
          {controls}
          <p
            role="status"
            aria-live="polite"
            data-testid="game-message"
            className={`min-h-6 text-sm font-semibold ${message ? tones[message.tone] : ''}`}
          >
            {message?.text ?? ''}
          </p>
        </div>
      </div>
      <footer className="border-t border-line px-4 py-3 text-xs text-ink-muted">{footer}</footer>
    </section>
  )
}

/** The stake as text (never a float), with halve and double. */
export function StakeField({
  currency,
  decimals,
  value,
  onChange,
  disabled,
}: {
  currency: string
  decimals: number
  value: string
  onChange: (value: string) => void
  disabled?: boolean
}) {
  const { t } = useTranslation()
  const scale = (factor: 'half' | 'double') => {
    const match = /^(\d+)(?:[.,](\d*))?$/.exec(value.trim())
    if (!match) return
    const minor = BigInt(
      (match[1] ?? '0') + (match[2] ?? '').padEnd(decimals, '0').slice(0, decimals),
    )
    const next = factor === 'half' ? minor / 2n : minor * 2n
    if (next <= 0n) return
    const digits = next.toString().padStart(decimals + 1, '0')
    const whole = digits.slice(0, digits.length - decimals)
    const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
    onChange(fraction ? `${whole}.${fraction}` : whole)
  }
  return (
    <label className="block">
      <span className="mb-2 block text-xs font-semibold tracking-wide text-ink-muted uppercase">
        {t('game_ui.stake')} ({currency})
      </span>
      <span className="flex gap-1">
        <input
          inputMode="decimal"
          autoComplete="off"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          data-testid="stake-input"
          className="min-h-11 w-full min-w-0 rounded-xl border border-line bg-surface-sunken px-3 text-base font-bold text-ink tabular-nums focus:border-gold focus:outline-none disabled:opacity-60"
        />
        <button
          type="button"
          disabled={disabled}
          onClick={() => scale('half')}
          aria-label={t('game_ui.half')}
          className="min-h-11 min-w-11 rounded-xl border border-line bg-surface-sunken text-sm font-bold text-ink-muted hover:text-ink disabled:opacity-60"
        >
          ½
        </button>
        <button
          type="button"
          disabled={disabled}
          onClick={() => scale('double')}
          aria-label={t('game_ui.double')}
          className="min-h-11 min-w-11 rounded-xl border border-line bg-surface-sunken text-sm font-bold text-ink-muted hover:text-ink disabled:opacity-60"
        >
          2×
        </button>
      </span>
    </label>
  )
}

/**
 * Demo: the tab's own committed seed pair. Real: a link to verify the last bet (its server seed
 * is revealed once the player rotates the pair).
 */
export function FairnessFooter({
  mode,
  serverSeedHash,
  clientSeed,
  betId,
}: {
  mode: 'real' | 'demo'
  serverSeedHash: string | null
  clientSeed: string | null
  betId: string | null
}) {
  const { t } = useTranslation()
  const locale = useOptionalRootData()?.locale ?? 'en'
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
      <span className="font-semibold text-ink">{t('game_ui.fairness')}</span>
      {mode === 'demo' ? (
        <>
          <span className="min-w-0 truncate">
            {t('game_ui.server_seed_hash')}:{' '}
            <code className="font-mono">{serverSeedHash?.slice(0, 16) ?? '…'}…</code>
          </span>
          <span>
            {t('game_ui.client_seed')}: <code className="font-mono">{clientSeed ?? '…'}</code>
          </span>
        </>
      ) : (
        <a
          className="font-semibold text-gold underline-offset-2 hover:underline"
          href={`/${locale}/verify/${betId ? `?bet=${betId}` : ''}`}
          data-testid="verify-link"
        >
          {betId ? t('game_ui.verify_bet') : t('game_ui.verify_page')}
        </a>
      )}
    </div>
  )
}
