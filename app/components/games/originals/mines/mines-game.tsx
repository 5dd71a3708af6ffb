import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { apiFetch } from '#app/lib/api.ts'
import { betOutcome, outcomeMessage } from '#app/lib/bet-outcome.ts'
import { formatMultiplierBp } from '#app/lib/format/game-numbers.ts'
import { MINES_TILES, minePositions, minesMultiplierBp, minesPayout } from '#app/lib/fairness.ts'
import {
  newRequestId,
  useDemoSeeds,
  useGameBalance,
  useLocaleTag,
  useMoney,
  type GameMessage,
} from '#app/lib/fairness-play.ts'
import { useGameRefusal } from '../../reality-check/reality-check-context.tsx'
import type { OriginalGameProps } from '../original-game-props.ts'
import { FairnessFooter, GameShell } from '../../game-shell.tsx'
import { PlayButton, StakeField, useStake } from '../../play-controls.tsx'

/** A round as the screen needs it, from the server (real) or computed here (demo). */
interface RoundState {
  id: string | null
  status: 'active' | 'busted' | 'cashed_out'
  stakeMinor: bigint
  mines: number
  revealed: number[]
  /** Only once the round has ended. */
  minePositions: number[] | null
  betId: string | null
}

interface WireRound {
  id: string
  status: RoundState['status']
  stake: string
  mines: number
  revealed: number[]
  mine_positions: number[] | null
  bet: { id: string } | null
}

const fromWire = (round: WireRound): RoundState => ({
  id: round.id,
  status: round.status,
  stakeMinor: BigInt(round.stake),
  mines: round.mines,
  revealed: round.revealed,
  minePositions: round.mine_positions,
  betId: round.bet?.id ?? null,
})

const MINE_CHOICES = [1, 3, 5, 10, 24]

/** Mines: a 5×5 field, 1–24 mines, cash out before a mine at 99 % of fair odds. */
export default function MinesGame({ mode, currency, stakeRange, game }: OriginalGameProps) {
  const { t } = useTranslation()
  const money = useMoney(currency)
  const localeTag = useLocaleTag()
  const { balance, settleDemo } = useGameBalance(mode, currency)
  const demoSeeds = useDemoSeeds()
  const stake = useStake(currency, stakeRange)
  const [mines, setMines] = useState(3)
  const [round, setRound] = useState<RoundState | null>(null)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<GameMessage>()
  const [focusTile, setFocusTile] = useState(0)
  const refusal = useGameRefusal()
  const demoMines = useRef<number[]>([])
  const tileRefs = useRef<(HTMLButtonElement | null)[]>([])

  // Real play resumes a round left in play (a reload, another tab).
  useEffect(() => {
    if (mode !== 'real') return
    let isCurrent = true
    apiFetch<{ data: { round: WireRound | null } }>('/games/originals/mines/active')
      .then(({ data }) => {
        if (!isCurrent || !data.round) return
        setRound(fromWire(data.round))
        setMines(data.round.mines)
        setMessage({ tone: 'info', text: t('mines.resumed') })
      })
      .catch(() => undefined)
    return () => {
      isCurrent = false
    }
  }, [mode, t])

  const isActive = round?.status === 'active'
  const safeCount = round
    ? round.status === 'busted'
      ? round.revealed.length - 1
      : round.revealed.length
    : 0
  const currentBp = round ? minesMultiplierBp(round.mines, safeCount) : 10_000
  const nextBp =
    round && isActive && safeCount < MINES_TILES - round.mines
      ? minesMultiplierBp(round.mines, safeCount + 1)
      : minesMultiplierBp(mines, 1)
  const cashoutMinor =
    round && safeCount > 0 ? minesPayout(round.stakeMinor, round.mines, safeCount) : 0n

  const finish = useCallback(
    (ended: RoundState) => {
      if (ended.status === 'busted') {
        setMessage({ tone: 'loss', text: t('mines.busted') })
      } else {
        const safe = ended.revealed.length
        const outcome = betOutcome(
          ended.stakeMinor,
          minesPayout(ended.stakeMinor, ended.mines, safe),
        )
        setMessage(
          outcome.result === 'win'
            ? {
                tone: 'win',
                text: t('mines.cashed', {
                  amount: money(outcome.payoutMinor),
                  multiplier: formatMultiplierBp(
                    minesMultiplierBp(ended.mines, safe),
                    localeTag,
                    2,
                  ),
                }),
              }
            : outcomeMessage(outcome, money, t),
        )
      }
    },
    [money, t, localeTag],
  )

  async function start() {
    const stakeMinor = stake.minor
    if (!stakeMinor) {
      setMessage({ tone: 'error', text: t('game_ui.stake_invalid') })
      return
    }
    setBusy(true)
    setMessage(undefined)
    try {
      if (mode === 'demo') {
        if (balance !== null && stakeMinor > balance) {
          setMessage({ tone: 'error', text: t('game_ui.demo_funds') })
          return
        }
        demoMines.current = await minePositions(demoSeeds.next(), mines)
        settleDemo(stakeMinor, 0n)
        setRound({
          id: null,
          status: 'active',
          stakeMinor,
          mines,
          revealed: [],
          minePositions: null,
          betId: null,
        })
      } else {
        const { data } = await apiFetch<{ data: { round: WireRound } }>(
          '/games/originals/mines/start',
          {
            method: 'POST',
            body: {
              amount: stakeMinor.toString(),
              currency,
              mines,
              client_request_id: newRequestId(),
            },
          },
        )
        setRound(fromWire(data.round))
      }
      setMessage({ tone: 'info', text: t('mines.pick') })
    } catch (error) {
      setMessage(refusal(error, t('game_ui.error')))
    } finally {
      setBusy(false)
    }
  }

  async function reveal(tile: number) {
    if (!round || round.status !== 'active' || busy || round.revealed.includes(tile)) return
    setBusy(true)
    try {
      if (mode === 'demo') {
        const revealed = [...round.revealed, tile]
        const isMine = demoMines.current.includes(tile)
        const isLast = !isMine && revealed.length === MINES_TILES - round.mines
        const next: RoundState = {
          ...round,
          revealed,
          status: isMine ? 'busted' : isLast ? 'cashed_out' : 'active',
          minePositions: isMine || isLast ? demoMines.current : null,
        }
        if (isLast) settleDemo(0n, minesPayout(round.stakeMinor, round.mines, revealed.length))
        setRound(next)
        if (next.status !== 'active') finish(next)
      } else {
        const { data } = await apiFetch<{ data: { round: WireRound } }>(
          '/games/originals/mines/reveal',
          { method: 'POST', body: { round_id: round.id, tile } },
        )
        const next = fromWire(data.round)
        setRound(next)
        if (next.status !== 'active') finish(next)
      }
    } catch (error) {
      setMessage(refusal(error, t('game_ui.error')))
    } finally {
      setBusy(false)
    }
  }

  async function cashOut() {
    if (!round || !isActive || safeCount === 0) return
    setBusy(true)
    try {
      if (mode === 'demo') {
        settleDemo(0n, cashoutMinor)
        const next: RoundState = {
          ...round,
          status: 'cashed_out',
          minePositions: demoMines.current,
        }
        setRound(next)
        finish(next)
      } else {
        const { data } = await apiFetch<{ data: { round: WireRound } }>(
          '/games/originals/mines/cashout',
          { method: 'POST', body: { round_id: round.id } },
        )
        const next = fromWire(data.round)
        setRound(next)
        finish(next)
      }
    } catch (error) {
      setMessage(refusal(error, t('game_ui.error')))
    } finally {
      setBusy(false)
    }
  }

  function onGridKey(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: 5,
      ArrowUp: -5,
    }
    let step = moves[event.key]
    if (step === undefined) return
    if (document.documentElement.dir === 'rtl' && Math.abs(step) === 1) step = -step
    event.preventDefault()
    const next = Math.min(MINES_TILES - 1, Math.max(0, focusTile + step))
    setFocusTile(next)
    tileRefs.current[next]?.focus()
  }

  const shown = round?.minePositions ?? null

  return (
    <GameShell
      testId="mines-game"
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
            disabled={isActive || busy}
          />
          <fieldset disabled={isActive || busy} className="min-w-0">
            <legend className="mb-2 text-xs font-semibold tracking-wide text-ink-muted uppercase">
              {t('mines.mines')}
            </legend>
            <div className="flex items-center gap-2">
              <select
                aria-label={t('mines.mines')}
                value={mines}
                onChange={(event) => setMines(Number(event.target.value))}
                className="min-h-11 w-20 rounded-xl border border-line bg-surface-sunken px-3 text-sm font-bold text-ink"
              >
                {Array.from({ length: 24 }, (_, index) => index + 1).map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </select>
              <div className="flex flex-1 gap-1">
                {MINE_CHOICES.map((count) => (
                  <button
                    key={count}
                    type="button"
                    onClick={() => setMines(count)}
                    aria-pressed={mines === count}
                    className={`min-h-11 flex-1 rounded-lg border text-sm font-bold transition ${
                      mines === count
                        ? 'border-gold bg-gold/15 text-gold'
                        : 'border-line bg-surface-sunken text-ink-muted hover:text-ink'
                    }`}
                  >
                    {count}
                  </button>
                ))}
              </div>
            </div>
          </fieldset>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div className="rounded-xl bg-surface-sunken p-3">
              <dt className="text-xs text-ink-muted">{t('mines.multiplier')}</dt>
              <dd
                className="text-lg font-extrabold text-ink tabular-nums"
                data-testid="mines-multiplier"
              >
                {formatMultiplierBp(currentBp, localeTag, 2)}
              </dd>
            </div>
            <div className="rounded-xl bg-surface-sunken p-3">
              <dt className="text-xs text-ink-muted">{t('mines.next')}</dt>
              <dd className="text-lg font-extrabold text-gold tabular-nums">
                {formatMultiplierBp(nextBp, localeTag, 2)}
              </dd>
            </div>
          </dl>
        </>
      }
      action={
        isActive ? (
          <button
            type="button"
            onClick={() => void cashOut()}
            disabled={busy || safeCount === 0}
            className="min-h-12 w-full rounded-xl bg-success px-5 text-base font-extrabold text-surface-sunken shadow-lg shadow-success/20 transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {t('mines.cash_out', { amount: money(cashoutMinor) })}
          </button>
        ) : (
          <PlayButton onClick={() => void start()} disabled={busy}>
            {t('mines.start')}
          </PlayButton>
        )
      }
      message={message}
      footer={
        <FairnessFooter
          mode={mode}
          serverSeedHash={demoSeeds.serverSeedHash}
          clientSeed={demoSeeds.clientSeed}
          betId={round?.betId ?? null}
        />
      }
    >
      <div
        role="grid"
        aria-label={game.title}
        onKeyDown={onGridKey}
        className="mx-auto grid aspect-square w-full max-w-[30rem] grid-cols-5 gap-2 sm:gap-3"
      >
        {Array.from({ length: 5 }, (_, row) => (
          <div key={row} role="row" className="contents">
            {Array.from({ length: 5 }, (_, column) => {
              const tile = row * 5 + column
              const isOpen = round?.revealed.includes(tile) ?? false
              const isMine = shown?.includes(tile) ?? false
              const isFaceUp = isOpen || (shown !== null && round !== null)
              const label = isFaceUp
                ? t(isMine ? 'mines.tile_mine' : 'mines.tile_gem', { n: tile + 1 })
                : t('mines.tile', { n: tile + 1 })
              return (
                <div key={tile} role="gridcell" className="contents">
                  <button
                    ref={(node) => {
                      tileRefs.current[tile] = node
                    }}
                    type="button"
                    data-tile={tile}
                    tabIndex={tile === focusTile ? 0 : -1}
                    aria-label={label}
                    aria-disabled={!isActive || isOpen || busy}
                    data-state={isFaceUp ? (isMine ? 'mine' : 'gem') : 'hidden'}
                    onFocus={() => setFocusTile(tile)}
                    onClick={() => void reveal(tile)}
                    className={`mines-tile relative flex items-center justify-center rounded-xl border text-2xl transition duration-200 select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold sm:text-3xl ${
                      isFaceUp
                        ? isMine
                          ? `border-danger/60 bg-danger/15 ${isOpen ? 'animate-[mines-pop_360ms_ease-out]' : 'opacity-60'}`
                          : `border-success/50 bg-success/10 ${isOpen ? 'animate-[mines-pop_360ms_ease-out]' : 'opacity-40'}`
                        : isActive
                          ? 'cursor-pointer border-line bg-surface-raised shadow-[inset_0_-4px_0_rgb(0_0_0/0.35)] hover:-translate-y-0.5 hover:border-gold/60 active:translate-y-0'
                          : 'border-line bg-surface-raised/70'
                    }`}
                  >
                    {isFaceUp ? isMine ? <MineIcon /> : <GemIcon /> : null}
                  </button>
                </div>
              )
            })}
          </div>
        ))}
      </div>
      <style>{`@keyframes mines-pop{0%{transform:scale(.6) rotateY(90deg)}60%{transform:scale(1.08) rotateY(0)}100%{transform:scale(1)}}@media (prefers-reduced-motion:reduce){.mines-tile{animation:none!important;transition:none!important}}`}</style>
    </GameShell>
  )
}

function GemIcon() {
  return (
    <svg viewBox="0 0 32 32" className="size-3/5" aria-hidden="true">
      <path d="M8 4h16l6 8-14 17L2 12z" fill="#3ddc97" />
      <path d="M2 12h28L16 29z" fill="#1fae73" />
      <path d="M8 4l4 8h8l4-8" fill="#8af0c4" />
      <path d="M12 12l4 17 4-17" fill="#57e5a8" />
    </svg>
  )
}

function MineIcon() {
  return (
    <svg viewBox="0 0 32 32" className="size-3/5" aria-hidden="true">
      <g stroke="#ff6b6b" strokeWidth="3" strokeLinecap="round">
        <path d="M16 3v5M16 24v5M3 16h5M24 16h5M7 7l3.5 3.5M21.5 21.5L25 25M25 7l-3.5 3.5M10.5 21.5L7 25" />
      </g>
      <circle cx="16" cy="16" r="9" fill="#2a0f12" stroke="#ff6b6b" strokeWidth="2" />
      <circle cx="13" cy="13" r="2.5" fill="#ffb3b3" />
    </svg>
  )
}
