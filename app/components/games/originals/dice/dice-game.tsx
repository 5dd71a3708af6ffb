import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, apiFetch } from '#app/lib/api.ts'
import { formatMoney } from '#common/format-money.ts'
import { CURRENCY_EXPONENTS, isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import { getLocale } from '#common/locales.ts'
import { betOutcome, outcomeText, type BetOutcome } from '#app/lib/bet-outcome.ts'
import {
  formatHundredths,
  formatMultiplierBp,
  formatPercentBp,
} from '#app/lib/format/game-numbers.ts'
import { useInteractive } from '#app/lib/use-interactive.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { applyBalanceUpdate } from '#app/components/wallet/wallet-actions.ts'
import type { OriginalGameProps } from '../original-game-props.ts'
import { PlayButton, StakeField, useStake } from '../../play-controls.tsx'
import {
  clampTarget,
  diceMultiplierBp,
  dicePayoutMinor,
  diceRollOf,
  diceWinCount,
  diceWins,
  randomSeed,
  sha256Hex,
  type DiceDirection,
} from './dice-rules.ts'

interface Roll {
  id: string
  roll: number
  /** Win, push or loss by the shared rule: a payout at or below the stake is no win. */
  outcome: BetOutcome
}

interface SeedPair {
  serverSeedHash: string
  clientSeed: string
  nonce: number
  /** Only in demo mode: the local secret seed, shown when it is rotated. */
  serverSeed?: string
}

interface Revealed {
  serverSeed: string
  serverSeedHash: string
  clientSeed: string
}

interface BetAnswer {
  data: {
    bet: {
      id: string
      outcome: Record<string, unknown>
      win: string
      stake: string
      multiplier: string
    }
    wallet: { currency_id: string; cents: string } | null
  }
}

const HISTORY_LENGTH = 12

/** Only a real win is shown in the winning colour; a push is neutral, any loss red. */
const ROLL_TONES = {
  win: { text: 'text-success', marker: 'bg-success', chip: 'bg-success/15 text-success' },
  push: { text: 'text-ink', marker: 'bg-ink-muted', chip: 'bg-surface text-ink' },
  loss: { text: 'text-danger', marker: 'bg-danger', chip: 'bg-danger/15 text-danger' },
} as const
/** Play money: 1,000 of the currency's units. */
const demoStartMinor = (currency: CurrencyCode) =>
  1000n * 10n ** BigInt(CURRENCY_EXPONENTS[currency])

async function newDemoSeeds(clientSeed = randomSeed(8)): Promise<SeedPair> {
  const serverSeed = randomSeed()
  return { serverSeed, serverSeedHash: await sha256Hex(serverSeed), clientSeed, nonce: 0 }
}

/**
 * Dice (decisions §5): pick a line and a side; a roll of 0.00–99.99 over or under it wins 99 % of
 * the fair odds. Real money bets through the server; demo rolls are computed here from a local
 * seed pair with the same HMAC rule and never reach the server (docs/decisions/005-games.md).
 */
export default function DiceGame({ mode, currency: currencyProp, stakeRange }: OriginalGameProps) {
  const { t } = useTranslation()
  const isInteractive = useInteractive()
  const { locale } = useRootData()
  const localeTag = getLocale(locale).tag
  const currency: CurrencyCode = isCurrencyCode(currencyProp) ? currencyProp : 'EUR'
  const money = (minor: bigint) => formatMoney(minor, currency, localeTag)
  const isDemo = mode === 'demo'

  const [target, setTarget] = useState(5000)
  const [direction, setDirection] = useState<DiceDirection>('under')
  const stake = useStake(currency, stakeRange)
  const [history, setHistory] = useState<Roll[]>([])
  const [last, setLast] = useState<Roll | null>(null)
  const [isRolling, setIsRolling] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [demoBalance, setDemoBalance] = useState(() => demoStartMinor(currency))
  const [seeds, setSeeds] = useState<SeedPair | null>(null)
  const [revealed, setRevealed] = useState<Revealed | null>(null)
  const [clientSeedText, setClientSeedText] = useState('')
  const [seedError, setSeedError] = useState<string | null>(null)
  const rolling = useRef(false)
  const ids = { slider: useId(), clientSeed: useId() }

  const bet = { target, direction }
  const multiplierBp = diceMultiplierBp(bet)
  const chance = diceWinCount(bet)
  const stakeMinor = stake.minor

  const loadSeeds = useCallback(async () => {
    try {
      if (isDemo) {
        const pair = await newDemoSeeds()
        setSeeds(pair)
        setClientSeedText(pair.clientSeed)
        return
      }
      const { data } = await apiFetch<{
        data: { server_seed_hash: string; client_seed: string; nonce: number }
      }>('/games/originals/seeds')
      setSeeds({
        serverSeedHash: data.server_seed_hash,
        clientSeed: data.client_seed,
        nonce: data.nonce,
      })
      setClientSeedText(data.client_seed)
    } catch (cause) {
      setSeedError(cause instanceof ApiError ? cause.message : t('games.dice.seed_error'))
    }
  }, [isDemo, t])

  useEffect(() => {
    void loadSeeds()
  }, [loadSeeds])

  const changeDirection = (next: DiceDirection) => {
    if (next === direction) return
    // Flipping keeps the win chance: under x ↔ over 99.99 − x.
    setTarget(clampTarget(9999 - target, next))
    setDirection(next)
  }

  const roll = async () => {
    if (rolling.current) return
    setError(null)
    if (stakeMinor === undefined) {
      setError(t('games.dice.stake_invalid'))
      return
    }
    rolling.current = true
    setIsRolling(true)
    try {
      let result: Roll
      if (isDemo) {
        if (!seeds?.serverSeed) throw new Error('demo seeds not ready')
        if (stakeMinor > demoBalance) {
          setError(t('games.dice.demo_insufficient'))
          return
        }
        const value = await diceRollOf(seeds.serverSeed, seeds.clientSeed, seeds.nonce)
        const isWin = diceWins(value, bet)
        const payoutMinor = isWin ? dicePayoutMinor(stakeMinor, multiplierBp) : 0n
        result = {
          id: `demo-${seeds.nonce.toString()}`,
          roll: value,
          outcome: betOutcome(stakeMinor, payoutMinor),
        }
        setDemoBalance((balance) => balance - stakeMinor + payoutMinor)
        setSeeds({ ...seeds, nonce: seeds.nonce + 1 })
      } else {
        const { data } = await apiFetch<BetAnswer>('/games/originals/dice/bet', {
          method: 'POST',
          body: {
            amount: stakeMinor.toString(),
            currency,
            target,
            direction,
            // A fresh id per bet: a retried request answers the same bet, never a second one.
            client_request_id: crypto.randomUUID(),
          },
        })
        const payoutMinor = BigInt(data.bet.win)
        result = {
          id: data.bet.id,
          roll: Number(data.bet.outcome.roll),
          outcome: betOutcome(BigInt(data.bet.stake), payoutMinor),
        }
        if (data.wallet) applyBalanceUpdate(data.wallet)
        setSeeds((pair) => pair && { ...pair, nonce: pair.nonce + 1 })
      }
      setLast(result)
      setHistory((rolls) => [result, ...rolls].slice(0, HISTORY_LENGTH))
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : t('games.dice.roll_error'))
    } finally {
      rolling.current = false
      setIsRolling(false)
    }
  }

  const rotate = async () => {
    setSeedError(null)
    const clientSeed = clientSeedText.trim()
    if (!/^[\x21-\x7e]{1,64}$/.test(clientSeed)) {
      setSeedError(t('games.dice.client_seed_invalid'))
      return
    }
    try {
      if (isDemo) {
        if (seeds?.serverSeed) {
          setRevealed({
            serverSeed: seeds.serverSeed,
            serverSeedHash: seeds.serverSeedHash,
            clientSeed: seeds.clientSeed,
          })
        }
        setSeeds(await newDemoSeeds(clientSeed))
        return
      }
      const { data } = await apiFetch<{
        data: {
          revealed: { server_seed: string; server_seed_hash: string; client_seed: string } | null
          current: { server_seed_hash: string; client_seed: string; nonce: number }
        }
      }>('/games/originals/seeds/rotate', { method: 'POST', body: { client_seed: clientSeed } })
      if (data.revealed) {
        setRevealed({
          serverSeed: data.revealed.server_seed,
          serverSeedHash: data.revealed.server_seed_hash,
          clientSeed: data.revealed.client_seed,
        })
      }
      setSeeds({
        serverSeedHash: data.current.server_seed_hash,
        clientSeed: data.current.client_seed,
        nonce: data.current.nonce,
      })
    } catch (cause) {
      setSeedError(cause instanceof ApiError ? cause.message : t('games.dice.seed_error'))
    }
  }

  // The marker sits at the roll; the winning side of the track is green.
  const winStart = direction === 'under' ? 0 : (target / 10_000) * 100
  const winEnd = direction === 'under' ? (target / 10_000) * 100 : 100
  // The last roll and what it paid: in the bar under the form on a phone, on the board wider.
  const rollLine = (roll: Roll, numberClassName: string) => (
    <>
      <span
        className={`${numberClassName} font-black tabular-nums ${ROLL_TONES[roll.outcome.result].text}`}
        dir="ltr"
      >
        {formatHundredths(roll.roll, localeTag)}
      </span>
      <span className="text-sm text-ink-muted">{outcomeText(roll.outcome, money, t)}</span>
    </>
  )

  return (
    <div
      className="flex flex-col gap-4 lg:flex-row"
      data-testid="dice-game"
      data-interactive={isInteractive || undefined}
    >
      <form
        className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-raised p-3 sm:gap-4 sm:p-4 lg:w-80 lg:shrink-0"
        onSubmit={(event) => {
          event.preventDefault()
          void roll()
        }}
      >
        {/* Until the game hydrates a tap would do nothing: its controls show as not ready yet. */}
        <fieldset disabled={!isInteractive} className="contents">
          {isDemo ? (
            <p
              className="rounded-lg bg-gold/10 px-3 py-2 text-sm text-gold"
              data-testid="demo-balance"
            >
              {t('games.dice.demo_balance', { amount: money(demoBalance) })}
            </p>
          ) : null}
          <StakeField
            currency={currency}
            range={stakeRange}
            value={stake.text}
            onChange={stake.setText}
          />
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-semibold text-ink">{t('games.dice.side')}</legend>
            <div className="grid grid-cols-2 gap-2">
              {(['under', 'over'] as const).map((side) => (
                <button
                  key={side}
                  type="button"
                  aria-pressed={direction === side}
                  onClick={() => changeDirection(side)}
                  className="rounded-lg border border-line px-3 py-2 text-sm font-semibold text-ink-muted aria-pressed:border-gold aria-pressed:bg-gold/10 aria-pressed:text-gold"
                >
                  {t(`games.dice.${side}`)}
                </button>
              ))}
            </div>
          </fieldset>
          {/* The labels size the first two cells (German "Gewinnchance" is long); the payout takes the
              rest and wraps, as a crypto amount has many digits. */}
          <dl className="grid grid-cols-[auto_auto_minmax(0,1fr)] gap-2 text-center">
            <div className="rounded-lg bg-surface px-2 py-2">
              <dt className="text-xs text-ink-muted">{t('games.dice.chance')}</dt>
              <dd
                className="font-semibold text-ink tabular-nums"
                data-testid="dice-chance"
                dir="ltr"
              >
                {formatPercentBp(chance, localeTag)}
              </dd>
            </div>
            <div className="rounded-lg bg-surface px-2 py-2">
              <dt className="text-xs text-ink-muted">{t('games.dice.multiplier')}</dt>
              <dd
                className="font-semibold text-ink tabular-nums"
                data-testid="dice-multiplier"
                dir="ltr"
              >
                {formatMultiplierBp(multiplierBp, localeTag)}
              </dd>
            </div>
            <div className="rounded-lg bg-surface px-2 py-2">
              <dt className="text-xs text-ink-muted">{t('games.dice.on_win')}</dt>
              {/* Money is laid out by Intl for the page's language, so no forced direction. */}
              <dd className="text-sm font-semibold text-ink tabular-nums [overflow-wrap:anywhere]">
                {stakeMinor === undefined ? '–' : money(dicePayoutMinor(stakeMinor, multiplierBp))}
              </dd>
            </div>
          </dl>
          {/* On a phone the board is below the fold: the last roll shows right above the button. */}
          <div
            className="flex min-h-11 items-center gap-3 rounded-lg bg-surface px-3 py-1.5 lg:hidden"
            aria-live="polite"
            data-testid="dice-result-phone"
          >
            {last ? (
              rollLine(last, 'text-2xl')
            ) : (
              <span className="text-sm text-ink-muted">{t('games.dice.ready')}</span>
            )}
          </div>
          <PlayButton type="submit" disabled={isRolling || seeds === null} testId="dice-roll">
            {isRolling ? t('games.dice.rolling') : t('games.dice.roll')}
          </PlayButton>
          {error ? (
            <p role="alert" className="text-sm text-danger" data-testid="dice-error">
              {error}
            </p>
          ) : null}
        </fieldset>
      </form>

      <div className="flex min-w-0 flex-1 flex-col gap-4">
        <section
          className="relative flex flex-col gap-6 overflow-hidden rounded-2xl border border-line bg-surface-sunken p-6"
          aria-label={t('games.dice.board')}
        >
          <div
            className="flex min-h-24 items-center justify-center max-lg:hidden"
            aria-live="polite"
            data-testid="dice-result"
          >
            {last ? (
              <p key={last.id} className="animate-dialog-in text-center">
                {rollLine(last, 'block text-6xl')}
              </p>
            ) : (
              <p className="text-center text-ink-muted">{t('games.dice.ready')}</p>
            )}
          </div>
          <div dir="ltr" className="relative">
            <div className="relative h-3 rounded-full bg-danger/60">
              <div
                className="absolute inset-y-0 rounded-full bg-success"
                style={{ left: `${winStart.toString()}%`, right: `${(100 - winEnd).toString()}%` }}
              />
            </div>
            {last ? (
              <div
                aria-hidden="true"
                className="absolute -top-7 -translate-x-1/2 transition-[left] duration-500 ease-out"
                style={{ left: `${(last.roll / 100).toString()}%` }}
              >
                <span
                  className={`block rounded-md px-1.5 py-0.5 text-xs font-bold text-on-gold ${ROLL_TONES[last.outcome.result].marker}`}
                >
                  {formatHundredths(last.roll, localeTag)}
                </span>
              </div>
            ) : null}
            <label htmlFor={ids.slider} className="sr-only">
              {t('games.dice.line')}
            </label>
            <input
              id={ids.slider}
              type="range"
              min={1}
              max={9998}
              step={1}
              value={target}
              onChange={(event) => {
                setTarget(clampTarget(Number(event.target.value), direction))
              }}
              onKeyDown={(event) => {
                // Arrows move the line by 1.00 (by 0.01 with Shift); Home and End stay native.
                const step = event.shiftKey ? 1 : 100
                const delta =
                  event.key === 'ArrowRight' || event.key === 'ArrowUp'
                    ? step
                    : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
                      ? -step
                      : 0
                if (delta === 0) return
                event.preventDefault()
                setTarget(clampTarget(target + delta, direction))
              }}
              aria-valuetext={t(`games.dice.${direction}_line`, {
                line: formatHundredths(target, localeTag),
              })}
              className="dice-slider absolute inset-x-0 -top-1.5 h-6 w-full cursor-pointer appearance-none bg-transparent accent-gold"
              data-testid="dice-slider"
            />
            <div className="mt-4 flex justify-between text-xs text-ink-muted tabular-nums">
              <span>0</span>
              <span>25</span>
              <span>50</span>
              <span>75</span>
              <span>100</span>
            </div>
          </div>
          <p className="text-center text-sm text-ink">
            {t(`games.dice.${direction}_line`, { line: formatHundredths(target, localeTag) })}
          </p>
        </section>

        <section
          aria-label={t('games.dice.history')}
          className="rounded-2xl border border-line bg-surface-raised p-4"
        >
          <h3 className="mb-2 text-sm font-semibold text-ink">{t('games.dice.history')}</h3>
          {history.length === 0 ? (
            <p className="text-sm text-ink-muted">{t('games.dice.history_empty')}</p>
          ) : (
            <ol className="flex flex-wrap gap-2" data-testid="dice-history" dir="ltr">
              {history.map((item) => (
                <li
                  key={item.id}
                  className={`rounded-md px-2 py-1 text-xs font-bold tabular-nums ${ROLL_TONES[item.outcome.result].chip}`}
                >
                  {formatHundredths(item.roll, localeTag)}
                </li>
              ))}
            </ol>
          )}
        </section>

        <details className="rounded-2xl border border-line bg-surface-raised p-4">
          <summary className="cursor-pointer text-sm font-semibold text-ink">
            {t('games.dice.fairness')}
          </summary>
          <div className="mt-3 flex flex-col gap-3 text-sm">
            <p className="text-ink-muted">
              {t(isDemo ? 'games.dice.fairness_demo' : 'games.dice.fairness_text')}
            </p>
            {seeds ? (
              <dl className="grid gap-2" dir="ltr">
                <div>
                  <dt className="text-xs text-ink-muted">{t('games.dice.server_seed_hash')}</dt>
                  <dd
                    className="font-mono text-xs break-all text-ink"
                    data-testid="server-seed-hash"
                  >
                    {seeds.serverSeedHash}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-ink-muted">{t('games.dice.nonce')}</dt>
                  <dd className="font-mono text-xs text-ink">{seeds.nonce}</dd>
                </div>
              </dl>
            ) : null}
            <form
              className="flex flex-col gap-2"
              onSubmit={(event) => {
                event.preventDefault()
                void rotate()
              }}
            >
              <label htmlFor={ids.clientSeed} className="text-xs text-ink-muted">
                {t('games.dice.client_seed')}
              </label>
              <div className="flex gap-2">
                <input
                  id={ids.clientSeed}
                  value={clientSeedText}
                  maxLength={64}
                  onChange={(event) => {
                    setClientSeedText(event.target.value)
                  }}
                  className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 font-mono text-xs text-ink"
                  dir="ltr"
                />
                <button
                  type="submit"
                  className="rounded-lg border border-line px-3 text-sm font-semibold text-ink hover:border-gold/60"
                >
                  {t('games.dice.rotate')}
                </button>
              </div>
            </form>
            {seedError ? (
              <p role="alert" className="text-danger">
                {seedError}
              </p>
            ) : null}
            {revealed ? (
              <div className="rounded-lg bg-surface p-3" data-testid="revealed-seed">
                <p className="mb-1 text-xs text-ink-muted">{t('games.dice.revealed')}</p>
                <p className="font-mono text-xs break-all text-ink" dir="ltr">
                  {revealed.serverSeed}
                </p>
              </div>
            ) : null}
          </div>
        </details>
      </div>
    </div>
  )
}
