import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { betOutcome } from '#app/lib/bet-outcome.ts'
import { searchWithDialog } from '#app/lib/dialog-url.ts'
import { useLocaleTag, useMoney } from '#app/lib/fairness-play.ts'
import { formatSecondsOfMs } from '#app/lib/format/game-numbers.ts'
import { useOptionalRootData } from '#app/lib/use-root-data.ts'
import type { StakeRange } from '#app/lib/stake-steps.ts'
import type { LiveConnection, WireLiveBet } from './use-live-game.ts'

/** What the game screen hands every live game. */
export type LiveGameProps = {
  /** `real` for a signed-in player; `demo` for a visitor, who watches the shared round. */
  mode: 'real' | 'demo'
  currency: string
  /** The stakes the server takes in that currency (the Originals' range). */
  stakeRange: StakeRange
  game: { slug: string; title: string; rtpBp: number }
}

/** Re-renders every animation frame while `isActive` (the curve, the countdown). */
export function useFrameClock(isActive: boolean, now: () => number): number {
  const [value, setValue] = useState(now)
  useEffect(() => {
    if (!isActive) {
      setValue(now())
      return
    }
    let frame = requestAnimationFrame(function tick() {
      setValue(now())
      frame = requestAnimationFrame(tick)
    })
    return () => cancelAnimationFrame(frame)
  }, [isActive, now])
  return value
}

/** A thin bar draining over the betting window, with the seconds left. */
export function Countdown({ leftMs, totalMs }: { leftMs: number; totalMs: number }) {
  const { t } = useTranslation()
  const localeTag = useLocaleTag()
  const share = totalMs > 0 ? Math.min(1, leftMs / totalMs) : 0
  return (
    <div data-testid="live-countdown" className="w-full max-w-sm">
      <p className="mb-1 text-center text-sm font-semibold text-ink" aria-live="off">
        {t('live.next_round_in', { seconds: formatSecondsOfMs(leftMs, localeTag) })}
      </p>
      <div
        className="h-2 overflow-hidden rounded-full bg-surface-sunken"
        role="progressbar"
        aria-label={t('live.betting_open')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-gold-soft to-gold-strong"
          style={{ width: `${String(share * 100)}%` }}
        />
      </div>
    </div>
  )
}

/** The round's bets, everyone's: who (masked), how much, and how it went. */
export function LiveBetsList({
  bets,
  mine,
  describe,
}: {
  bets: WireLiveBet[]
  mine: ReadonlySet<string>
  /** What the game shows for a bet in its last column (cash-out, chips…). */
  describe: (bet: WireLiveBet) => string
}) {
  const { t } = useTranslation()
  const total = bets.length
  return (
    <section aria-labelledby="live-bets-title" className="min-w-0">
      <h3 id="live-bets-title" className="mb-2 flex items-center gap-2 text-sm font-bold text-ink">
        {t('live.players_title')}
        <span className="rounded-full bg-surface-sunken px-2 text-xs text-ink-muted tabular-nums">
          {total}
        </span>
      </h3>
      {total === 0 ? (
        <p className="rounded-xl border border-dashed border-line px-3 py-4 text-center text-sm text-ink-muted">
          {t('live.no_bets')}
        </p>
      ) : (
        <ul
          className="max-h-72 divide-y divide-line overflow-y-auto rounded-xl border border-line"
          data-testid="live-bets"
        >
          {bets.map((bet) => (
            <LiveBetRow key={bet.id} bet={bet} isMine={mine.has(bet.id)} detail={describe(bet)} />
          ))}
        </ul>
      )}
    </section>
  )
}

function LiveBetRow({
  bet,
  isMine,
  detail,
}: {
  bet: WireLiveBet
  isMine: boolean
  detail: string
}) {
  const { t } = useTranslation()
  const money = useMoney(bet.currency)
  const paid = BigInt(bet.win) > 0n
  // Only a payout above the stake is shown as a win (green); a cash-out at 1.00× is not.
  const isWin = betOutcome(BigInt(bet.amount), BigInt(bet.win)).result === 'win'
  return (
    <li
      data-testid="live-bet"
      data-bet-id={bet.id}
      data-status={bet.status}
      className={`grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-3 px-3 py-2 text-sm ${
        isMine ? 'bg-gold/10' : ''
      } ${
        // Muted rather than faded: a faded row fell below the contrast WCAG asks of text.
        bet.status === 'lost' ? '[&>span:first-child]:text-ink-muted' : ''
      }`}
    >
      <span className="truncate font-semibold text-ink">
        {bet.player}
        {isMine ? <span className="ms-1 text-xs text-gold">({t('live.you')})</span> : null}
      </span>
      <span className="text-ink-muted tabular-nums">{money(bet.amount)}</span>
      <span
        className={`min-w-20 text-end font-bold tabular-nums ${isWin ? 'text-success' : 'text-ink-muted'}`}
      >
        {paid ? `${detail} · ${money(bet.win)}` : detail}
      </span>
    </li>
  )
}

/** Connection trouble, the loading skeleton, or a visitor's invitation to sign in. */
export function LiveNotice({
  connection,
  onRetry,
}: {
  connection: LiveConnection
  onRetry: () => void
}) {
  const { t } = useTranslation()
  if (connection === 'error') {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-ink"
      >
        {t('live.load_failed')}
        <button
          type="button"
          onClick={onRetry}
          className="rounded-lg border border-line px-3 py-1 font-semibold"
        >
          {t('live.retry')}
        </button>
      </div>
    )
  }
  return null
}

export function SignInToBet() {
  const { t } = useTranslation()
  const location = useLocation()
  return (
    <p
      className="rounded-xl border border-gold/30 bg-gold/5 px-3 py-3 text-sm text-ink"
      data-testid="live-watching"
    >
      {t('live.watching')}{' '}
      <Link
        to={{ search: searchWithDialog(location.search, '/a/login') }}
        className="font-semibold text-gold underline"
      >
        {t('games.sign_in_for_real')}
      </Link>
    </p>
  )
}

/** The chain's proof in the footer: the published terminal hash and where to verify a round. */
export function LiveFairnessFooter({
  terminalHash,
  betId,
}: {
  terminalHash: string | null
  betId: string | null
}) {
  const { t } = useTranslation()
  const locale = useOptionalRootData()?.locale ?? 'en'
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
      <span className="font-semibold text-ink">{t('game_ui.fairness')}</span>
      <span className="min-w-0 truncate">
        {t('live.terminal_hash')}:{' '}
        <code className="font-mono">{terminalHash?.slice(0, 16) ?? '…'}…</code>
      </span>
      <a
        className="font-semibold text-gold underline-offset-2 hover:underline"
        href={`/${locale}/verify/${betId ? `?bet=${betId}` : ''}`}
        data-testid="verify-link"
      >
        {betId ? t('game_ui.verify_bet') : t('game_ui.verify_page')}
      </a>
    </div>
  )
}
