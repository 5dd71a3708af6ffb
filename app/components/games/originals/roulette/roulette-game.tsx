import { useEffect, useRef, useState } from 'react'
import { chipValues, defaultStake } from '#app/lib/stake-steps.ts'
import { useTranslation } from 'react-i18next'
import { apiFetch } from '#app/lib/api.ts'
import { betOutcome, outcomeMessage } from '#app/lib/bet-outcome.ts'
import { RED_NUMBERS, rouletteChipReturn, roulettePocket } from '#app/lib/fairness.ts'
import {
  newRequestId,
  prefersReducedMotion,
  sleep,
  useDemoSeeds,
  useGameBalance,
  useMoney,
  type GameMessage,
} from '#app/lib/fairness-play.ts'
import { useGameRefusal, useHoldRealityCheck } from '../../reality-check/reality-check-context.tsx'
import { ROULETTE_MAX_BETS } from '#common/originals-rules.ts'
import { ChipPicker, PlayButton } from '../../play-controls.tsx'
import { chipsTotal, spotKey, withChip, type Chips, type Spot } from '../../roulette-chips.ts'
import type { OriginalGameProps } from '../original-game-props.ts'
import { FairnessFooter, GameShell } from '../../game-shell.tsx'
import { RouletteWheel, WHEEL_ORDER } from './roulette-wheel.tsx'

const SPIN_MS = 3_200

const colourOf = (n: number) => (n === 0 ? 'green' : RED_NUMBERS.has(n) ? 'red' : 'black')

/**
 * European Roulette: chips on a betting table (straight numbers, dozens, columns
 * and the even-money bets), one spin of the wheel, every covering chip paid.
 */
export default function RouletteGame({ mode, currency, stakeRange, game }: OriginalGameProps) {
  const { t } = useTranslation()
  const money = useMoney(currency)
  const { balance, settleDemo } = useGameBalance(mode, currency)
  const demoSeeds = useDemoSeeds()
  const chips = chipValues(stakeRange)
  const [chip, setChip] = useState<bigint>(() => defaultStake(stakeRange))
  const [stakes, setStakes] = useState<Chips>(new Map())
  const [history, setHistory] = useState<string[]>([])
  const [isSpinning, setSpinning] = useState(false)
  const [rotation, setRotation] = useState(0)
  const [pocket, setPocket] = useState<number | null>(null)
  const [recent, setRecent] = useState<number[]>([])
  const [lastBetId, setLastBetId] = useState<string | null>(null)
  const [message, setMessage] = useState<GameMessage>()
  const isMounted = useRef(true)
  useEffect(() => {
    isMounted.current = true
    return () => {
      isMounted.current = false
    }
  }, [])

  const refusal = useGameRefusal()
  // A reality check that comes due mid-spin opens once the ball has landed.
  useHoldRealityCheck(isSpinning)

  const total = chipsTotal(stakes)

  function place(spot: Spot) {
    if (isSpinning) return
    const next = withChip(stakes, spot, chip)
    if (!next) {
      setMessage({ tone: 'error', text: t('roulette.max_bets', { max: ROULETTE_MAX_BETS }) })
      return
    }
    setStakes(next)
    setHistory((current) => [...current, spotKey(spot)])
    setPocket(null)
    setMessage(undefined)
  }

  function undo() {
    const key = history.at(-1)
    if (!key || isSpinning) return
    setHistory((current) => current.slice(0, -1))
    setStakes((current) => {
      const next = new Map(current)
      const entry = next.get(key)
      if (!entry) return current
      const minor = entry.minor - chip
      // Chip sizes may have changed since; drop the spot when what is left is not positive.
      if (minor > 0n) next.set(key, { ...entry, minor })
      else next.delete(key)
      return next
    })
  }

  async function spin() {
    if (isSpinning) return
    if (stakes.size === 0) {
      setMessage({ tone: 'error', text: t('roulette.place_bets') })
      return
    }
    if (mode === 'demo' && balance !== null && total > balance) {
      setMessage({ tone: 'error', text: t('game_ui.demo_funds') })
      return
    }
    const bets = [...stakes.values()]
    setSpinning(true)
    setMessage(undefined)
    setPocket(null)
    try {
      let landed: number
      let payoutMinor: bigint
      if (mode === 'demo') {
        landed = await roulettePocket(demoSeeds.next())
        payoutMinor = bets.reduce(
          (sum, { spot, minor }) => sum + rouletteChipReturn(spot, minor, landed),
          0n,
        )
        settleDemo(total, 0n)
      } else {
        const { data } = await apiFetch<{
          data: { bet: { id: string; win: string; outcome: { pocket: number } } }
        }>('/games/originals/roulette/spin', {
          method: 'POST',
          body: {
            currency,
            bets: bets.map(({ spot, minor }) => ({ ...spot, amount: minor.toString() })),
            client_request_id: newRequestId(),
          },
        })
        landed = data.bet.outcome.pocket
        payoutMinor = BigInt(data.bet.win)
        setLastBetId(data.bet.id)
      }
      const step = 360 / WHEEL_ORDER.length
      const index = WHEEL_ORDER.indexOf(landed)
      setRotation((current) => {
        const base = current - (current % 360) + 360 * 5
        return base + (360 - index * step)
      })
      await sleep(prefersReducedMotion() ? 300 : SPIN_MS)
      if (!isMounted.current) return
      setPocket(landed)
      setRecent((current) => [landed, ...current].slice(0, 12))
      if (mode === 'demo') settleDemo(0n, payoutMinor)
      const outcome = outcomeMessage(betOutcome(chipsTotal(stakes), payoutMinor), money, t)
      setMessage({ ...outcome, text: `${t('roulette.pocket', { n: landed })} ${outcome.text}` })
    } catch (error) {
      setMessage(refusal(error, t('game_ui.error')))
    } finally {
      if (isMounted.current) setSpinning(false)
    }
  }

  const stakeOn = (spot: Spot) => stakes.get(spotKey(spot))?.minor
  const isWinning = (spot: Spot) => pocket !== null && rouletteChipReturn(spot, 1n, pocket) > 0n

  const cell = (spot: Spot, label: string, tone: string, extra = '') => {
    const minor = stakeOn(spot)
    return (
      <button
        key={spotKey(spot)}
        type="button"
        onClick={() => place(spot)}
        disabled={isSpinning}
        aria-label={`${label}${minor ? `, ${money(minor)}` : ''}`}
        data-spot={spotKey(spot)}
        className={`relative flex min-h-11 items-center justify-center rounded-md border border-white/15 text-sm font-extrabold text-white transition hover:brightness-125 focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-gold disabled:cursor-wait ${tone} ${
          isWinning(spot) ? 'ring-2 ring-gold ring-offset-1 ring-offset-[#0c3b26]' : ''
        } ${extra}`}
      >
        {label}
        {minor ? (
          <span className="absolute -top-1.5 -end-1.5 z-10 flex min-w-6 items-center justify-center rounded-full border-2 border-dashed border-white bg-gold-strong px-1 text-[10px] leading-5 font-black text-on-gold shadow motion-safe:animate-[roulette-chip_180ms_ease-out]">
            {money(minor)
              .replace(/[^\d.,]/g, '')
              .replace(/[.,]0+$/, '')}
          </span>
        ) : null}
      </button>
    )
  }
  const numberTone = (n: number) =>
    colourOf(n) === 'red'
      ? 'bg-[#c8102e]'
      : colourOf(n) === 'black'
        ? 'bg-[#161a22]'
        : 'bg-[#0f8a4f]'

  const numbers = Array.from({ length: 36 }, (_, index) => index + 1)
  const outside: [Spot, string, string][] = [
    [{ kind: 'low' }, '1–18', 'bg-white/5'],
    [{ kind: 'even' }, t('roulette.even'), 'bg-white/5'],
    [{ kind: 'red' }, t('roulette.red'), 'bg-[#c8102e]'],
    [{ kind: 'black' }, t('roulette.black'), 'bg-[#161a22]'],
    [{ kind: 'odd' }, t('roulette.odd'), 'bg-white/5'],
    [{ kind: 'high' }, '19–36', 'bg-white/5'],
  ]

  return (
    <GameShell
      testId="roulette-game"
      title={game.title}
      mode={mode}
      rtpBp={game.rtpBp}
      balance={balance === null ? null : money(balance)}
      controls={
        <>
          <ChipPicker chips={chips} value={chip} onChange={setChip} money={money} />
          <p className="text-sm text-ink-muted">
            {t('roulette.total')}:{' '}
            <strong className="text-ink tabular-nums" data-testid="roulette-total">
              {money(total)}
            </strong>
          </p>
          <div className="flex gap-2">
            <button
              type="button"
              onClick={undo}
              disabled={isSpinning || history.length === 0}
              className="min-h-11 flex-1 rounded-xl border border-line bg-surface-sunken text-sm font-bold text-ink disabled:opacity-50"
            >
              {t('roulette.undo')}
            </button>
            <button
              type="button"
              onClick={() => {
                setStakes(new Map())
                setHistory([])
              }}
              disabled={isSpinning || stakes.size === 0}
              className="min-h-11 flex-1 rounded-xl border border-line bg-surface-sunken text-sm font-bold text-ink disabled:opacity-50"
            >
              {t('roulette.clear')}
            </button>
          </div>
        </>
      }
      action={
        <PlayButton onClick={() => void spin()} disabled={isSpinning} testId="roulette-spin">
          {t('roulette.spin')}
        </PlayButton>
      }
      message={message}
      footer={
        <FairnessFooter
          mode={mode}
          serverSeedHash={demoSeeds.serverSeedHash}
          clientSeed={demoSeeds.clientSeed}
          betId={lastBetId}
        />
      }
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-center sm:justify-center">
          <RouletteWheel
            rotation={rotation}
            isSpinning={isSpinning}
            durationMs={SPIN_MS}
            pocket={pocket}
          />
          <ol
            className="flex max-w-full flex-wrap justify-center gap-1 sm:w-40"
            aria-label={t('roulette.recent')}
          >
            {recent.map((n, index) => (
              <li
                key={index}
                className={`flex size-8 items-center justify-center rounded-full text-xs font-black text-white ${numberTone(n)} ${index === 0 ? 'ring-2 ring-gold' : 'opacity-80'}`}
              >
                {n}
              </li>
            ))}
          </ol>
        </div>
        <div
          className="rounded-xl bg-[#0c3b26] p-2 shadow-inner sm:p-3"
          data-testid="roulette-table"
        >
          {/* Phones: numbers run down in three columns; wide screens: along in three rows. */}
          <div className="grid grid-cols-3 gap-1 lg:hidden">
            {cell({ kind: 'straight', value: 0 }, '0', numberTone(0), 'col-span-3')}
            {numbers.map((n) => cell({ kind: 'straight', value: n }, String(n), numberTone(n)))}
            {[1, 2, 3].map((c) =>
              cell({ kind: 'column', value: c }, t('roulette.column'), 'bg-white/5 text-xs'),
            )}
          </div>
          <div className="hidden gap-1 lg:grid lg:grid-cols-[repeat(14,minmax(0,1fr))]">
            <div className="row-span-3 grid">
              {cell({ kind: 'straight', value: 0 }, '0', numberTone(0), 'h-full')}
            </div>
            {[3, 2, 1].map((rowTop) => (
              <div key={rowTop} className="col-span-13 grid grid-cols-13 gap-1">
                {Array.from({ length: 12 }, (_, index) => index * 3 + rowTop).map((n) =>
                  cell({ kind: 'straight', value: n }, String(n), numberTone(n)),
                )}
                {cell(
                  { kind: 'column', value: rowTop },
                  t('roulette.column'),
                  'bg-white/5 text-xs',
                )}
              </div>
            ))}
          </div>
          <div className="mt-1 grid grid-cols-3 gap-1 lg:ms-[calc(100%/14)] lg:me-[calc(100%/14)]">
            {[1, 2, 3].map((d) =>
              cell(
                { kind: 'dozen', value: d },
                `${String(d * 12 - 11)}–${String(d * 12)}`,
                'bg-white/5 text-xs',
              ),
            )}
          </div>
          <div className="mt-1 grid grid-cols-3 gap-1 sm:grid-cols-6 lg:ms-[calc(100%/14)] lg:me-[calc(100%/14)]">
            {outside.map(([spot, label, tone]) => cell(spot, label, `${tone} text-xs`))}
          </div>
        </div>
      </div>
      <style>{'@keyframes roulette-chip{from{transform:scale(.4)}to{transform:scale(1)}}'}</style>
    </GameShell>
  )
}
