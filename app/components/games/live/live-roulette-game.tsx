import { useEffect, useRef, useState } from 'react'
import { chipValues, defaultStake } from '#app/lib/stake-steps.ts'
import { useTranslation } from 'react-i18next'
import { apiFetch } from '#app/lib/api.ts'
import { betOutcome, outcomeMessage } from '#app/lib/bet-outcome.ts'
import { RED_NUMBERS, ROULETTE_MAX_BETS, rouletteChipReturn } from '#common/originals-rules.ts'
import {
  newRequestId,
  prefersReducedMotion,
  useGameBalance,
  useMoney,
  type GameMessage,
} from '#app/lib/fairness-play.ts'
import { GameShell } from '../game-shell.tsx'
import { useGameRefusal } from '../reality-check/reality-check-context.tsx'
import { ChipPicker, PlayButton } from '../play-controls.tsx'
import { chipsTotal, spotKey, withChip, type Chips, type Spot } from '../roulette-chips.ts'
import { RouletteWheel, WHEEL_ORDER } from '../originals/roulette/roulette-wheel.tsx'
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

/** How long the wheel takes to settle on the pocket once the result is out. */
const LANDING_MS = 1_400

const numberTone = (n: number) =>
  n === 0 ? 'bg-[#0f8a4f]' : RED_NUMBERS.has(n) ? 'bg-[#c8102e]' : 'bg-[#161a22]'

/**
 * Live Roulette: European single zero, the Original's bets, one shared spin for
 * everyone. Chips go on the table during the countdown and are sent with "Place bets"; the wheel
 * turns while the round runs and stops on the pocket the round's hash decided.
 */
export default function LiveRouletteGame({ mode, currency, stakeRange, game }: LiveGameProps) {
  const { t } = useTranslation()
  const money = useMoney(currency)
  const { balance } = useGameBalance('real', currency)
  const live = useLiveGame('live_roulette')
  const { state, mine } = live
  const round = state?.round ?? null
  const isActive = round?.status === 'betting' || round?.status === 'running'
  const now = useFrameClock(isActive, live.serverNow)
  const chips = chipValues(stakeRange)
  const [chip, setChip] = useState<bigint>(() => defaultStake(stakeRange))
  const [stakes, setStakes] = useState<Chips>(new Map())
  const [isSending, setSending] = useState(false)
  const [rotation, setRotation] = useState(0)
  const [message, setMessage] = useState<GameMessage>()
  const landedRound = useRef<string | null>(null)
  const refusal = useGameRefusal()

  // The wheel: spins while the round runs, then eases onto the pocket.
  const pocket = round?.status === 'settled' ? round.pocket : null
  useEffect(() => {
    if (round?.status === 'running') {
      setRotation((current) => current + 360 * 3)
      return
    }
    if (pocket === null || !round || landedRound.current === round.id) return
    landedRound.current = round.id
    const step = 360 / WHEEL_ORDER.length
    const index = WHEEL_ORDER.indexOf(pocket)
    setRotation((current) => current - (current % 360) + 360 * 4 + (360 - index * step))
  }, [round?.status, round?.id, pocket, round])

  // A new round clears the table.
  useEffect(() => {
    setStakes(new Map())
  }, [round?.id])

  const myBets = state?.bets.filter((bet) => mine.has(bet.id)) ?? []
  useEffect(() => {
    if (pocket === null || myBets.length === 0) return
    const win = myBets.reduce((sum, bet) => sum + BigInt(bet.win), 0n)
    const staked = myBets.reduce((sum, bet) => sum + BigInt(bet.amount), 0n)
    const outcome = outcomeMessage(betOutcome(staked, win), money, t)
    setMessage({ ...outcome, text: `${t('roulette.pocket', { n: pocket })} ${outcome.text}` })
    // Once per landing: the bets' final states arrive with it.
  }, [pocket, myBets.map((bet) => bet.status).join()])

  const canBet = mode === 'real' && round?.status === 'betting'
  const total = chipsTotal(stakes)

  function place(spot: Spot) {
    if (!canBet) return
    const next = withChip(stakes, spot, chip)
    if (!next) {
      setMessage({ tone: 'error', text: t('roulette.max_bets', { max: ROULETTE_MAX_BETS }) })
      return
    }
    setStakes(next)
    setMessage(undefined)
  }

  async function send() {
    if (stakes.size === 0) {
      setMessage({ tone: 'error', text: t('roulette.place_bets') })
      return
    }
    setSending(true)
    try {
      const { data } = await apiFetch<{ data: { bet: WireLiveBet } }>(
        '/games/live/live_roulette/bet',
        {
          method: 'POST',
          body: {
            currency,
            bets: [...stakes.values()].map(({ spot, minor }) => ({
              ...spot,
              amount: minor.toString(),
            })),
            client_request_id: newRequestId(),
          },
        },
      )
      live.addMine(data.bet)
      setStakes(new Map())
      setMessage({ tone: 'info', text: t('live_roulette.bets_placed') })
    } catch (error) {
      setMessage(refusal(error, t('game_ui.error')))
    } finally {
      setSending(false)
    }
  }

  const placedOn = (spot: Spot) =>
    myBets.some((bet) => bet.chips?.some((placed) => spotKey(placed) === spotKey(spot)))
  const cell = (spot: Spot, label: string, toneClass: string, extra = '') => {
    const minor = stakes.get(spotKey(spot))?.minor
    const isWinning = pocket !== null && rouletteChipReturn(spot, 1n, pocket) > 0n
    return (
      <button
        key={spotKey(spot)}
        type="button"
        onClick={() => place(spot)}
        disabled={!canBet}
        aria-label={`${label}${minor ? `, ${money(minor)}` : ''}`}
        data-spot={spotKey(spot)}
        className={`relative flex min-h-10 items-center justify-center rounded-md border border-white/15 text-sm font-extrabold text-white transition hover:brightness-125 focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-gold disabled:cursor-default ${toneClass} ${
          isWinning ? 'ring-2 ring-gold' : ''
        } ${placedOn(spot) ? 'outline outline-2 outline-gold/70' : ''} ${extra}`}
      >
        {label}
        {minor ? (
          <span className="absolute -top-1.5 -end-1.5 z-10 flex min-w-6 items-center justify-center rounded-full border-2 border-dashed border-white bg-gold-strong px-1 text-[10px] leading-5 font-black text-on-gold">
            {money(minor)
              .replace(/[^\d.,]/g, '')
              .replace(/[.,]0+$/, '')}
          </span>
        ) : null}
      </button>
    )
  }
  const numbers = Array.from({ length: 36 }, (_, index) => index + 1)
  const outside: [Spot, string, string][] = [
    [{ kind: 'low' }, '1–18', 'bg-white/5'],
    [{ kind: 'even' }, t('roulette.even'), 'bg-white/5'],
    [{ kind: 'red' }, t('roulette.red'), 'bg-[#c8102e]'],
    [{ kind: 'black' }, t('roulette.black'), 'bg-[#161a22]'],
    [{ kind: 'odd' }, t('roulette.odd'), 'bg-white/5'],
    [{ kind: 'high' }, '19–36', 'bg-white/5'],
  ]
  const describe = (bet: WireLiveBet) =>
    bet.status === 'refunded'
      ? t('live.refunded')
      : t('live_roulette.spots', { n: bet.chips?.length ?? 0 })

  const spinMs =
    round?.status === 'running' ? (state?.timings.roulette_spin_ms ?? 6_000) : LANDING_MS

  return (
    <GameShell
      testId="live-roulette-game"
      title={game.title}
      mode="real"
      rtpBp={game.rtpBp}
      balance={mode === 'demo' ? '—' : balance === null ? null : money(balance)}
      controls={
        mode === 'demo' ? (
          <SignInToBet />
        ) : (
          <>
            <ChipPicker chips={chips} value={chip} onChange={setChip} money={money} />
            <p className="text-sm text-ink-muted">
              {t('roulette.total')}:{' '}
              <strong className="text-ink tabular-nums">{money(total)}</strong>
            </p>
          </>
        )
      }
      action={
        mode === 'demo' ? undefined : (
          <>
            <div className="flex gap-2">
              <button
                type="button"
                onClick={() => setStakes(new Map())}
                disabled={stakes.size === 0}
                className="min-h-11 flex-1 rounded-xl border border-line bg-surface-sunken text-sm font-bold text-ink disabled:opacity-50"
              >
                {t('roulette.clear')}
              </button>
              <PlayButton
                layout="flex-[2]"
                onClick={() => void send()}
                disabled={!canBet || isSending || stakes.size === 0}
                testId="live-roulette-bet"
              >
                {canBet ? t('live_roulette.place_bets') : t('crash.next_round')}
              </PlayButton>
            </div>
          </>
        )
      }
      message={message}
      footer={
        <LiveFairnessFooter
          terminalHash={state?.terminal_hash ?? null}
          betId={pocket !== null ? (myBets[0]?.id ?? null) : null}
        />
      }
    >
      <div className="flex flex-col gap-4" data-round-status={round?.status ?? 'none'}>
        <LiveNotice connection={live.connection} onRetry={() => void live.reload()} />
        <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
          <RouletteWheel
            rotation={rotation}
            isSpinning={round?.status === 'running' || (pocket !== null && !prefersReducedMotion())}
            durationMs={spinMs}
            pocket={pocket}
          />
          <div className="flex min-w-0 flex-col items-center gap-3 sm:w-56">
            {round?.status === 'betting' ? (
              <Countdown
                leftMs={msUntil(round.betting_ends_at, now)}
                totalMs={state?.timings.betting_ms ?? 1}
              />
            ) : (
              <p
                className="text-sm font-semibold text-ink"
                role="status"
                data-testid="live-roulette-phase"
              >
                {round?.status === 'running'
                  ? t('live_roulette.no_more_bets')
                  : pocket !== null
                    ? t('roulette.pocket', { n: pocket })
                    : state
                      ? t('live.waiting_first')
                      : '…'}
              </p>
            )}
            {round ? (
              <p className="text-xs text-ink-muted">
                {t('live.round_number', { number: round.number })}
              </p>
            ) : null}
            <ol
              className="flex max-w-full flex-wrap justify-center gap-1"
              aria-label={t('roulette.recent')}
            >
              {(state?.history ?? [])
                .filter((past) => past.pocket !== null)
                .slice(0, 12)
                .map((past, index) => (
                  <li
                    key={past.id}
                    className={`flex size-8 items-center justify-center rounded-full text-xs font-black text-white ${numberTone(past.pocket ?? 0)} ${index === 0 ? 'ring-2 ring-gold' : 'opacity-80'}`}
                  >
                    {past.pocket}
                  </li>
                ))}
            </ol>
          </div>
        </div>
        <div
          className="rounded-xl bg-[#0c3b26] p-2 shadow-inner sm:p-3"
          data-testid="live-roulette-table"
        >
          <div className="grid grid-cols-3 gap-1 lg:grid-cols-[repeat(13,minmax(0,1fr))]">
            {cell(
              { kind: 'straight', value: 0 },
              '0',
              numberTone(0),
              'col-span-3 lg:col-span-1 lg:row-span-3',
            )}
            {numbers.map((n) => cell({ kind: 'straight', value: n }, String(n), numberTone(n)))}
          </div>
          <div className="mt-1 grid grid-cols-3 gap-1">
            {[1, 2, 3].map((d) =>
              cell(
                { kind: 'dozen', value: d },
                `${String(d * 12 - 11)}–${String(d * 12)}`,
                'bg-white/5 text-xs',
              ),
            )}
            {[1, 2, 3].map((c) =>
              cell(
                { kind: 'column', value: c },
                `${t('roulette.column')} · ${String(c)}`,
                'bg-white/5 text-xs',
              ),
            )}
          </div>
          <div className="mt-1 grid grid-cols-3 gap-1 sm:grid-cols-6">
            {outside.map(([spot, label, toneClass]) => cell(spot, label, `${toneClass} text-xs`))}
          </div>
        </div>
        <LiveBetsList bets={state?.bets ?? []} mine={mine} describe={describe} />
      </div>
    </GameShell>
  )
}
