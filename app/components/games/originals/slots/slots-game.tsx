import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { apiFetch } from '#app/lib/api.ts'
import { betOutcome, outcomeMessage } from '#app/lib/bet-outcome.ts'
import {
  SLOT_PAYLINES,
  SLOT_PAYTABLE,
  SLOT_STRIP,
  SLOT_SYMBOLS,
  slotOutcome,
  slotWindow,
  type SlotLineWin,
  type SlotSymbol,
} from '#app/lib/fairness.ts'
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
import type { OriginalGameProps } from '../original-game-props.ts'
import { FairnessFooter, GameShell } from '../../game-shell.tsx'
import { PlayButton, StakeField, useStake } from '../../play-controls.tsx'
import { SymbolArt } from './symbols.tsx'

/**
 * The game cycle, from the press to the last reel stopping, for every player: longer than the
 * strictest jurisdiction's minimum (the UK's 2.5 s, `jurisdictionOf(...).slotMinCycleMs`), with
 * room for the network, so the server's cycle check never refuses a spin this screen allowed. With
 * no autoplay and no quick-spin or turbo for anyone, the game meets the UK's rules everywhere.
 */
export const SPIN_CYCLE_MS = 2_600
/** Symbols a reel runs past before it lands; later reels run longer and land later. */
const FILLER = 18
const REEL_STOP_MS = [1_300, 1_600, 1_900, 2_200, 2_500]
const LINE_COLOURS = [
  '#f5c451',
  '#3ddc97',
  '#8b6cff',
  '#ff6b6b',
  '#4cc3ff',
  '#ff9a1f',
  '#e85bd8',
  '#b4f05a',
  '#ffffff',
  '#ffb3b3',
]

const randomSymbol = () => SLOT_STRIP[Math.floor(Math.random() * SLOT_STRIP.length)] ?? 'cherry'

interface Reel {
  /** The symbols of the column, top first; the last three are what it lands on. */
  column: SlotSymbol[]
  /** Set once the spin should run: the column slides to its end. */
  isRunning: boolean
}

const initialReels = (): Reel[] =>
  slotWindow([0, 4, 8, 12, 16]).map((window) => ({ column: window, isRunning: false }))

/**
 * Aurum Slots: 5 reels × 3 rows, 10 lines, a wild. No autoplay, no quick-spin, and each spin
 * takes `SPIN_CYCLE_MS` from the press to the last reel stopping, reduced motion included.
 */
export default function SlotsGame({ mode, currency, stakeRange, game }: OriginalGameProps) {
  const { t } = useTranslation()
  const money = useMoney(currency)
  const { balance, settleDemo } = useGameBalance(mode, currency)
  const demoSeeds = useDemoSeeds()
  const stake = useStake(currency, stakeRange)
  const [reels, setReels] = useState<Reel[]>(initialReels)
  const [wins, setWins] = useState<SlotLineWin[]>([])
  // Paying lines are always marked; only a spin paying more than its stake pulses.
  const [isRealWin, setRealWin] = useState(false)
  const [isSpinning, setSpinning] = useState(false)
  const [showPaytable, setShowPaytable] = useState(false)
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
  // A reality check that comes due mid-spin opens once the reels have landed.
  useHoldRealityCheck(isSpinning)

  async function spin() {
    if (isSpinning) return
    const stakeMinor = stake.minor
    if (!stakeMinor) {
      setMessage({ tone: 'error', text: t('game_ui.stake_invalid') })
      return
    }
    if (mode === 'demo' && balance !== null && stakeMinor > balance) {
      setMessage({ tone: 'error', text: t('game_ui.demo_funds') })
      return
    }
    setSpinning(true)
    setWins([])
    setRealWin(false)
    setMessage(undefined)
    const startedAt = Date.now()
    try {
      let result: { window: SlotSymbol[][]; wins: SlotLineWin[]; payoutMinor: bigint }
      if (mode === 'demo') {
        result = await slotOutcome(demoSeeds.next(), stakeMinor)
        settleDemo(stakeMinor, 0n)
      } else {
        const { data } = await apiFetch<{
          data: {
            bet: {
              id: string
              win: string
              outcome: { window: SlotSymbol[][]; wins: SlotLineWin[] }
            }
          }
        }>('/games/originals/slots/spin', {
          method: 'POST',
          body: { amount: stakeMinor.toString(), currency, client_request_id: newRequestId() },
        })
        result = { ...data.bet.outcome, payoutMinor: BigInt(data.bet.win) }
        setLastBetId(data.bet.id)
      }
      const isQuick = prefersReducedMotion()
      setReels((current) =>
        current.map((reel, index) => ({
          column: [
            ...reel.column.slice(-3),
            ...Array.from({ length: isQuick ? 0 : FILLER + index * 3 }, randomSymbol),
            ...(result.window[index] ?? []),
          ],
          isRunning: false,
        })),
      )
      // Two frames: the new columns render at the top, then slide to their end.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      setReels((current) => current.map((reel) => ({ ...reel, isRunning: true })))
      await sleep(Math.max(0, SPIN_CYCLE_MS - (Date.now() - startedAt)))
      if (!isMounted.current) return
      setReels((current) =>
        current.map((reel) => ({ column: reel.column.slice(-3), isRunning: false })),
      )
      const outcome = betOutcome(stakeMinor, result.payoutMinor)
      setWins(result.wins)
      setRealWin(outcome.result === 'win')
      if (mode === 'demo') settleDemo(0n, result.payoutMinor)
      setMessage(outcomeMessage(outcome, money, t))
    } catch (error) {
      setMessage(refusal(error, t('game_ui.error')))
      setReels((current) =>
        current.map((reel) => ({ column: reel.column.slice(-3), isRunning: false })),
      )
    } finally {
      if (isMounted.current) setSpinning(false)
    }
  }

  const winningCells = new Set(
    wins.flatMap((win) =>
      Array.from(
        { length: win.count },
        (_, reel) => `${reel}:${SLOT_PAYLINES[win.line]?.[reel] ?? 0}`,
      ),
    ),
  )

  return (
    <GameShell
      testId="slots-game"
      title={game.title}
      mode={mode}
      rtpBp={game.rtpBp}
      balance={balance === null ? null : money(balance)}
      controls={
        <>
          <StakeField
            currency={currency}
            range={stakeRange}
            value={stake.text}
            onChange={stake.setText}
            disabled={isSpinning}
          />
          <p className="text-xs text-ink-muted">{t('slots.lines')}</p>
          <button
            type="button"
            onClick={() => setShowPaytable(true)}
            className="min-h-11 w-full rounded-xl border border-line bg-surface-sunken text-sm font-bold text-ink hover:border-gold/60"
          >
            {t('slots.paytable')}
          </button>
        </>
      }
      action={
        <PlayButton
          onClick={() => void spin()}
          disabled={isSpinning}
          isBusy={isSpinning}
          testId="slots-spin"
        >
          {isSpinning ? t('slots.spinning') : t('slots.spin')}
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
      <div className="relative mx-auto w-full max-w-[40rem]">
        <div
          className="relative grid grid-cols-5 gap-1.5 rounded-2xl border-4 border-gold-strong/70 bg-gradient-to-b from-[#1b1030] to-[#0b0d12] p-2 shadow-[0_0_40px_rgb(245_196_81/0.15)] sm:gap-2 sm:p-3"
          aria-label={t('slots.reels')}
          role="img"
          data-testid="slots-reels"
        >
          {reels.map((reel, reelIndex) => {
            const cells = reel.column.length
            return (
              <div
                key={reelIndex}
                className="relative aspect-[1/3] overflow-hidden rounded-xl bg-gradient-to-b from-[#f3f5f9]/5 via-[#f3f5f9]/10 to-[#f3f5f9]/5"
              >
                <div
                  className="absolute inset-x-0 top-0 flex flex-col"
                  style={{
                    height: `${(cells / 3) * 100}%`,
                    transform: reel.isRunning
                      ? `translateY(-${((cells - 3) / cells) * 100}%)`
                      : 'translateY(0)',
                    transition: reel.isRunning
                      ? `transform ${REEL_STOP_MS[reelIndex] ?? 2_500}ms cubic-bezier(0.2, 0.7, 0.25, 1.04)`
                      : 'none',
                  }}
                >
                  {reel.column.map((symbol, row) => {
                    const isWin =
                      !reel.isRunning && cells === 3 && winningCells.has(`${reelIndex}:${row}`)
                    return (
                      <div
                        key={row}
                        className="flex flex-1 items-center justify-center p-1.5 sm:p-2.5"
                        data-symbol={cells === 3 ? symbol : undefined}
                      >
                        <div
                          className={`size-full rounded-lg transition ${
                            isWin
                              ? `bg-gold/20 ring-2 ring-gold ${isRealWin ? 'scale-105 motion-safe:animate-pulse' : ''}`
                              : wins.length > 0 && cells === 3
                                ? 'opacity-45'
                                : ''
                          }`}
                        >
                          <SymbolArt symbol={symbol} />
                        </div>
                      </div>
                    )
                  })}
                </div>
              </div>
            )
          })}
          {wins.length > 0 ? (
            <svg
              viewBox="0 0 500 300"
              preserveAspectRatio="none"
              className="pointer-events-none absolute inset-2 h-[calc(100%-1rem)] w-[calc(100%-1rem)] sm:inset-3 sm:h-[calc(100%-1.5rem)] sm:w-[calc(100%-1.5rem)]"
              aria-hidden="true"
            >
              {wins.map((win) => (
                <polyline
                  key={win.line}
                  points={(SLOT_PAYLINES[win.line] ?? [])
                    .map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`)
                    .join(' ')}
                  fill="none"
                  stroke={LINE_COLOURS[win.line] ?? '#f5c451'}
                  strokeWidth="6"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  opacity="0.85"
                  vectorEffect="non-scaling-stroke"
                />
              ))}
            </svg>
          ) : null}
        </div>
        <ul className="mt-3 flex min-h-7 flex-wrap gap-2" data-testid="slots-wins">
          {wins.map((win) => (
            <li
              key={win.line}
              className="rounded-full px-2.5 py-1 text-xs font-bold text-surface-sunken"
              style={{ background: LINE_COLOURS[win.line] ?? '#f5c451' }}
            >
              {t('slots.line_win', {
                line: win.line + 1,
                n: win.count,
                symbol: t(`slots.symbols.${win.symbol}`),
                pay: win.pay,
              })}
            </li>
          ))}
        </ul>
        {showPaytable ? <Paytable onClose={() => setShowPaytable(false)} /> : null}
      </div>
    </GameShell>
  )
}

function Paytable({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const closeRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    closeRef.current?.focus()
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onClose])
  const paying = [...SLOT_SYMBOLS].filter((symbol) => symbol !== 'wild').reverse()
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-3 backdrop-blur-sm motion-safe:animate-[slots-fade_200ms_ease-out]"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="slots-paytable-title"
        data-testid="slots-paytable"
        className="max-h-[92vh] w-full max-w-lg overflow-y-auto rounded-2xl border border-line bg-surface-raised p-4 shadow-2xl sm:p-6"
      >
        <div className="mb-3 flex items-center justify-between gap-3">
          <h3 id="slots-paytable-title" className="text-base font-extrabold text-ink">
            {t('slots.paytable')}
          </h3>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            className="min-h-11 rounded-xl border border-line px-4 text-sm font-bold text-ink hover:border-gold/60"
          >
            {t('slots.close')}
          </button>
        </div>
        <p className="mb-3 text-sm text-ink-muted">{t('slots.rules')}</p>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-xs text-ink-muted">
              <th className="pb-1 text-start font-semibold">{t('slots.symbol')}</th>
              <th className="pb-1 text-end font-semibold">3×</th>
              <th className="pb-1 text-end font-semibold">4×</th>
              <th className="pb-1 text-end font-semibold">5×</th>
            </tr>
          </thead>
          <tbody>
            {paying.map((symbol) => (
              <tr key={symbol} className="border-t border-line/60">
                <td className="flex items-center gap-2 py-1">
                  <span className="size-8 shrink-0">
                    <SymbolArt symbol={symbol} />
                  </span>
                  <span className="text-ink">{t(`slots.symbols.${symbol}`)}</span>
                </td>
                {SLOT_PAYTABLE[symbol].map((pay, index) => (
                  <td key={index} className="py-1 text-end font-bold text-gold tabular-nums">
                    {pay}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <div className="mt-3 flex items-center gap-3 text-sm text-ink-muted">
          <span className="size-10 shrink-0">
            <SymbolArt symbol="wild" />
          </span>
          {t('slots.wild_note')}
        </div>
        <h4 className="mt-4 mb-2 text-sm font-bold text-ink">{t('slots.paylines')}</h4>
        <ol className="grid grid-cols-5 gap-2">
          {SLOT_PAYLINES.map((rows, line) => (
            <li key={line} className="rounded-lg bg-surface-sunken p-1.5">
              <span className="sr-only">{t('slots.line', { line: line + 1 })}</span>
              <svg viewBox="0 0 50 30" className="w-full" aria-hidden="true">
                {Array.from({ length: 15 }, (_, cell) => (
                  <rect
                    key={cell}
                    x={(cell % 5) * 10 + 1}
                    y={Math.floor(cell / 5) * 10 + 1}
                    width="8"
                    height="8"
                    rx="1.5"
                    fill={
                      rows[cell % 5] === Math.floor(cell / 5)
                        ? (LINE_COLOURS[line] ?? '#f5c451')
                        : '#252d3b'
                    }
                  />
                ))}
              </svg>
            </li>
          ))}
        </ol>
        <style>
          {
            '@keyframes slots-fade{from{opacity:0;transform:scale(.98)}to{opacity:1;transform:none}}'
          }
        </style>
      </div>
    </div>
  )
}
