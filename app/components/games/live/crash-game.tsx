import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { apiFetch } from '#app/lib/api.ts'
import { betOutcome, outcomeMessage } from '#app/lib/bet-outcome.ts'
import {
  newRequestId,
  useGameBalance,
  useLocaleTag,
  useMoney,
  type GameMessage,
} from '#app/lib/fairness-play.ts'
import { formatMultiplierText } from '#app/lib/format/game-numbers.ts'
import {
  CRASH_MIN_AUTO_BP,
  CRASH_MAX_BP,
  ONE_X_BP,
  crashMultiplierBpAt,
  crashPayout,
  multiplierText,
} from '#common/live-rules.ts'
import type { WalletEntry } from '#server/modules/wallet/index.ts'
import { GameShell } from '../game-shell.tsx'
import { useGameRefusal, useHoldRealityCheck } from '../reality-check/reality-check-context.tsx'
import { PlayButton, StakeField, useStake } from '../play-controls.tsx'
import {
  Countdown,
  LiveBetsList,
  LiveFairnessFooter,
  LiveNotice,
  SignInToBet,
  useFrameClock,
  type LiveGameProps,
} from './live-kit.tsx'
import { msUntil, useLiveGame, type WireLiveBet } from './use-live-game.ts'

/** "2", "2.5" or "2.50" → 250 hundredths; anything else undefined. */
function parseMultiplier(text: string): number | undefined {
  const match = /^(\d{1,5})(?:[.,](\d{0,2}))?$/.exec(text.trim())
  if (!match) return undefined
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

const tone = (bp: number) =>
  bp >= 10 * ONE_X_BP ? 'text-gold' : bp >= 2 * ONE_X_BP ? 'text-success' : 'text-danger'

/** The curve 1× → `bp` over `elapsedMs`, in a 400 × 200 box scaled to what has been reached. */
function curvePath(elapsedMs: number, doublingMs: number) {
  const spanMs = Math.max(elapsedMs, doublingMs)
  const top = Math.max(crashMultiplierBpAt(spanMs, doublingMs), 2 * ONE_X_BP)
  const points: string[] = []
  for (let step = 0; step <= 48; step++) {
    const at = (elapsedMs * step) / 48
    const bp = crashMultiplierBpAt(at, doublingMs)
    const x = (at / spanMs) * 390 + 5
    const y = 195 - ((bp - ONE_X_BP) / (top - ONE_X_BP)) * 180
    points.push(`${x.toFixed(1)},${y.toFixed(1)}`)
  }
  return points.join(' ')
}

/**
 * Crash (docs/decisions/005-games.md "Live rounds"): one shared round for everyone.
 * Bets are taken during the countdown; then the multiplier climbs from 1.00× (doubling every
 * `crash_doubling_ms`) until the round's crash point, fixed in advance by the hash chain. Cash
 * out before it (by hand or automatically) to win the stake × the multiplier.
 */
export default function CrashGame({ mode, currency, stakeRange, game }: LiveGameProps) {
  const { t } = useTranslation()
  const money = useMoney(currency)
  const localeTag = useLocaleTag()
  const { balance } = useGameBalance('real', currency)
  const live = useLiveGame('crash')
  const { state, mine } = live
  const round = state?.round ?? null
  const doublingMs = state?.timings.crash_doubling_ms ?? 8_000
  const isActive = round?.status === 'betting' || round?.status === 'running'
  const now = useFrameClock(isActive, live.serverNow)
  const stake = useStake(currency, stakeRange)
  const [autoText, setAutoText] = useState('')
  const [isSending, setSending] = useState(false)
  const [message, setMessage] = useState<GameMessage>()

  const refusal = useGameRefusal()
  const myBet = state?.bets.find((bet) => mine.has(bet.id))
  // A reality check waits while the player's bet is in the air: they must be able to cash it out
  // (an automatic cash-out goes on at the server either way).
  useHoldRealityCheck(myBet?.status === 'placed')
  const lastMine = myBet?.id ?? null
  const elapsedMs = round?.started_at ? Math.max(0, now - Date.parse(round.started_at)) : 0
  const hasCrashed = round?.status === 'settled' || round?.status === 'refunded'
  const shownBp = hasCrashed
    ? (round.crash_bp ?? ONE_X_BP)
    : round?.status === 'running'
      ? crashMultiplierBpAt(elapsedMs, doublingMs)
      : ONE_X_BP
  const curveMs =
    hasCrashed && round.started_at && round.crash_bp
      ? Math.ceil(doublingMs * Math.log2(round.crash_bp / ONE_X_BP))
      : elapsedMs

  async function placeBet() {
    const stakeMinor = stake.minor
    if (stakeMinor === undefined) {
      setMessage({ tone: 'error', text: t('game_ui.stake_invalid') })
      return
    }
    const auto = autoText.trim() === '' ? null : parseMultiplier(autoText)
    if (
      auto === undefined ||
      (auto !== null && (auto * 100 < CRASH_MIN_AUTO_BP || auto * 100 > CRASH_MAX_BP))
    ) {
      setMessage({ tone: 'error', text: t('crash.auto_invalid') })
      return
    }
    setSending(true)
    setMessage(undefined)
    try {
      const { data } = await apiFetch<{ data: { bet: WireLiveBet; wallet: WalletEntry | null } }>(
        '/games/live/crash/bet',
        {
          method: 'POST',
          body: {
            amount: stakeMinor.toString(),
            currency,
            auto_cashout: auto,
            client_request_id: newRequestId(),
          },
        },
      )
      live.addMine(data.bet)
      setMessage({ tone: 'info', text: t('crash.bet_placed') })
    } catch (error) {
      setMessage(refusal(error, t('game_ui.error')))
    } finally {
      setSending(false)
    }
  }

  async function cashOut() {
    if (!myBet) return
    setSending(true)
    try {
      const { data } = await apiFetch<{ data: { bet: WireLiveBet; wallet: WalletEntry | null } }>(
        '/games/live/crash/cashout',
        { method: 'POST', body: { bet_id: myBet.id } },
      )
      live.addMine(data.bet)
      // A cash-out at 1.00× only returns the stake: announced as such, never as a win.
      const outcome = betOutcome(BigInt(data.bet.amount), BigInt(data.bet.win))
      setMessage(
        outcome.result === 'win' && data.bet.cashout_multiplier
          ? {
              tone: 'win',
              text: t('crash.cashed_out', {
                amount: money(outcome.payoutMinor),
                multiplier: formatMultiplierText(data.bet.cashout_multiplier, localeTag),
              }),
            }
          : outcomeMessage(outcome, money, t),
      )
    } catch (error) {
      setMessage(refusal(error, t('game_ui.error')))
    } finally {
      setSending(false)
    }
  }

  const describe = (bet: WireLiveBet) =>
    bet.cashout_multiplier
      ? formatMultiplierText(bet.cashout_multiplier, localeTag)
      : bet.status === 'lost'
        ? t('crash.busted')
        : bet.status === 'refunded'
          ? t('live.refunded')
          : bet.auto_cashout
            ? t('crash.auto_at', {
                multiplier: formatMultiplierText(bet.auto_cashout, localeTag),
              })
            : '—'

  const canBet = mode === 'real' && round?.status === 'betting' && !myBet
  const canCashOut = mode === 'real' && round?.status === 'running' && myBet?.status === 'placed'

  const controls =
    mode === 'demo' ? (
      <SignInToBet />
    ) : (
      <>
        <StakeField
          currency={currency}
          range={stakeRange}
          value={stake.text}
          onChange={stake.setText}
          disabled={!!myBet}
        />
        <label className="block">
          <span className="mb-2 block text-xs font-semibold tracking-wide text-ink-muted uppercase">
            {t('crash.auto_cashout')}
          </span>
          <input
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('crash.auto_placeholder')}
            value={autoText}
            disabled={!!myBet}
            onChange={(event) => setAutoText(event.target.value)}
            data-testid="crash-auto"
            className="min-h-11 w-full rounded-xl border border-line bg-surface-sunken px-3 text-base font-bold text-ink tabular-nums focus:border-gold focus:outline-none disabled:opacity-60"
          />
        </label>
      </>
    )
  const action =
    mode === 'demo' ? undefined : (
      <>
        {canCashOut ? (
          <PlayButton
            tone="cash"
            onClick={() => void cashOut()}
            disabled={isSending}
            testId="crash-cashout"
          >
            {t('crash.cash_out', {
              amount: money(crashPayout(BigInt(myBet.amount), shownBp)),
            })}
          </PlayButton>
        ) : (
          <PlayButton
            onClick={() => void placeBet()}
            disabled={!canBet || isSending}
            testId="crash-bet"
          >
            {myBet
              ? t('crash.bet_waiting')
              : round?.status === 'betting'
                ? t('crash.place_bet')
                : t('crash.next_round')}
          </PlayButton>
        )}
      </>
    )

  return (
    <GameShell
      testId="crash-game"
      title={game.title}
      mode={mode === 'demo' ? 'real' : mode}
      rtpBp={game.rtpBp}
      balance={mode === 'demo' ? '—' : balance === null ? null : money(balance)}
      controls={controls}
      action={action}
      message={message}
      footer={
        <LiveFairnessFooter
          terminalHash={state?.terminal_hash ?? null}
          betId={hasCrashed ? lastMine : null}
        />
      }
    >
      <div className="flex flex-col gap-4" data-round-status={round?.status ?? 'none'}>
        <LiveNotice connection={live.connection} onRetry={() => void live.reload()} />
        <ol
          className="flex gap-1.5 overflow-x-auto pb-1"
          aria-label={t('crash.history')}
          data-testid="crash-history"
        >
          {(state?.history ?? []).map((past) => (
            <li key={past.id}>
              <a
                href={`#round-${String(past.number)}`}
                title={t('live.round_number', { number: past.number })}
                className={`block rounded-full bg-surface-sunken px-2.5 py-1 text-xs font-bold tabular-nums ${tone(past.crash_bp ?? ONE_X_BP)}`}
              >
                {past.status === 'refunded'
                  ? t('live.refunded')
                  : formatMultiplierText(multiplierText(past.crash_bp ?? ONE_X_BP), localeTag)}
              </a>
            </li>
          ))}
        </ol>
        <div className="relative aspect-[2/1] w-full overflow-hidden rounded-2xl border border-line bg-[radial-gradient(ellipse_at_bottom_left,rgb(212_175_55/0.18),transparent_60%)] bg-surface-sunken">
          {state === null ? (
            <div
              className="absolute inset-0 animate-pulse bg-surface-raised/40"
              aria-hidden="true"
            />
          ) : null}
          <svg
            viewBox="0 0 400 200"
            className="absolute inset-0 size-full"
            aria-hidden="true"
            preserveAspectRatio="none"
          >
            {[50, 100, 150].map((y) => (
              <line
                key={y}
                x1="0"
                x2="400"
                y1={y}
                y2={y}
                stroke="currentColor"
                className="text-line"
                strokeDasharray="4 6"
              />
            ))}
            {round?.status === 'running' || hasCrashed ? (
              <polyline
                points={curvePath(curveMs, doublingMs)}
                fill="none"
                strokeWidth="4"
                strokeLinecap="round"
                className={hasCrashed ? 'stroke-danger' : 'stroke-gold'}
              />
            ) : null}
          </svg>
          <div
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4"
            dir="ltr"
          >
            {round?.status === 'betting' ? (
              <Countdown
                leftMs={msUntil(round.betting_ends_at, now)}
                totalMs={state?.timings.betting_ms ?? 1}
              />
            ) : (
              <p
                data-testid="crash-multiplier"
                role="status"
                aria-live={hasCrashed ? 'polite' : 'off'}
                className={`text-5xl font-black tabular-nums drop-shadow sm:text-7xl ${hasCrashed ? 'text-danger' : 'text-ink'}`}
              >
                {formatMultiplierText(multiplierText(shownBp), localeTag)}
              </p>
            )}
            {hasCrashed ? (
              <p className="rounded-full bg-danger/15 px-3 py-1 text-sm font-bold text-danger">
                {round.status === 'refunded' ? t('live.refunded_round') : t('crash.crashed')}
              </p>
            ) : null}
            {round ? (
              <p className="text-xs text-ink-muted">
                {t('live.round_number', { number: round.number })}
              </p>
            ) : state ? (
              <p className="text-sm text-ink-muted">{t('live.waiting_first')}</p>
            ) : null}
          </div>
        </div>
        <LiveBetsList bets={state?.bets ?? []} mine={mine} describe={describe} />
      </div>
    </GameShell>
  )
}
