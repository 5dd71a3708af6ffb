import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useInteractive } from '#app/lib/use-interactive.ts'
import { useLocaleTag, type GameMessage } from '#app/lib/fairness-play.ts'
import { formatPercentBp } from '#app/lib/format/game-numbers.ts'
import { useOptionalRootData } from '#app/lib/use-root-data.ts'
import { useRealityCheckPause } from './reality-check/reality-check-context.tsx'

/**
 * The frame Slots, Roulette, Mines and the live games share: title, play-money badge, balance and
 * RTP on top, the game's stage beside (or, on phones, above) its controls, one live message line,
 * and the fairness footer. Its controls wait (disabled) while the reality check waits for an
 * answer.
 */
export function GameShell({
  testId,
  title,
  mode,
  rtpBp,
  balance,
  controls,
  action,
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
  /** The bet button (spin, start, cash out): on a phone it stays in sight with the result. */
  action?: ReactNode
  message: GameMessage | undefined
  footer: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  const isInteractive = useInteractive()
  const isPaused = useRealityCheckPause()
  const localeTag = useLocaleTag()
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
      data-interactive={isInteractive || undefined}
      // `clip`, not `hidden`: a hidden overflow would be the scroll box the phone's sticky bet bar
      // sticks in, and it never scrolls.
      className="overflow-clip rounded-2xl border border-line bg-surface-raised shadow-xl"
    >
      <header className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-line px-3 py-2 sm:gap-y-2 sm:px-4 sm:py-3">
        {/* The page's heading already names the game; a phone keeps the height for the game. */}
        <h2 className="text-base font-extrabold text-ink max-sm:sr-only">{title}</h2>
        {mode === 'demo' ? (
          <span className="rounded-full bg-accent/25 px-2.5 py-0.5 text-xs font-bold text-ink">
            {t('game_ui.demo_badge')}
          </span>
        ) : null}
        <span className="text-xs text-ink-muted">
          {t('game_ui.rtp', { rtp: formatPercentBp(rtpBp, localeTag) })}
        </span>
        <span className="ms-auto text-sm text-ink-muted">
          {t('game_ui.balance')}{' '}
          <strong className="text-ink tabular-nums" data-testid="game-balance">
            {balance ?? '…'}
          </strong>
        </span>
      </header>
      <div className="flex flex-col gap-3 p-3 sm:gap-4 sm:p-4 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-6 lg:p-6">
        <div className="min-w-0">{children}</div>
        {/* On a phone the column dissolves into the grid, so the result and the bet button can
            stick to the bottom of the screen while the stage and controls scroll: a phone shows
            the outcome and the button in its first screen, whatever the game's height. */}
        <div className="flex min-w-0 flex-col gap-3 max-lg:contents sm:gap-4">
          {/* Until the game hydrates a tap would do nothing: its controls show as not ready yet. */}
          <fieldset disabled={!isInteractive || isPaused} className="contents">
            {controls}
          </fieldset>
          <div
            className={`flex flex-col gap-3 ${
              action
                ? 'max-lg:sticky max-lg:bottom-0 max-lg:z-10 max-lg:rounded-xl max-lg:border max-lg:border-line max-lg:bg-surface-raised max-lg:p-2 max-lg:shadow-xl'
                : ''
            }`}
            data-testid="game-action-bar"
          >
            <p
              role="status"
              aria-live="polite"
              data-testid="game-message"
              className={`min-h-6 text-sm font-semibold ${message ? tones[message.tone] : ''}`}
            >
              {message ? <GameMessageText message={message} /> : null}
            </p>
            {action ? (
              <fieldset disabled={!isInteractive || isPaused} className="contents">
                {action}
              </fieldset>
            ) : null}
          </div>
        </div>
      </div>
      <footer className="border-t border-line px-4 py-3 text-xs text-ink-muted">{footer}</footer>
    </section>
  )
}

/** A message's words, and for a refusal the Safer play tab answers, the link there. */
export function GameMessageText({ message }: { message: GameMessage }) {
  const { t } = useTranslation()
  const locale = useOptionalRootData()?.locale ?? 'en'
  return (
    <>
      {message.text}
      {message.linksToSaferPlay ? (
        <>
          {' '}
          <Link
            to={`/${locale}/account/limits/`}
            className="text-gold underline underline-offset-2"
            data-testid="safer-play-link"
          >
            {t('games.safer_play')}
          </Link>
        </>
      ) : null}
    </>
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
