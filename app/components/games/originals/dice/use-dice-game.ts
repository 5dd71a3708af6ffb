import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, apiFetch } from '#app/lib/api.ts'
import { formatMoney } from '#common/format-money.ts'
import { CURRENCY_EXPONENTS, isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import { getLocale } from '#common/locales.ts'
import { betOutcome, type BetOutcome } from '#app/lib/bet-outcome.ts'
import type { StakeRange } from '#app/lib/stake-steps.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { applyBalanceUpdate } from '#app/components/wallet/wallet-actions.ts'
import type { GameMessage } from '#app/lib/fairness-play.ts'
import { useGameRefusal, useHoldRealityCheck } from '../../reality-check/reality-check-context.tsx'
import { useStake } from '../../play-controls.tsx'
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

export interface Roll {
  id: string
  roll: number
  /** Win, push or loss by the shared rule: a payout at or below the stake is no win. */
  outcome: BetOutcome
}

export interface SeedPair {
  serverSeedHash: string
  clientSeed: string
  nonce: number
  /** Only in demo mode: the local secret seed, shown when it is rotated. */
  serverSeed?: string
}

export interface Revealed {
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

/** Play money: 1,000 of the currency's units. */
const demoStartMinor = (currency: CurrencyCode) =>
  1000n * 10n ** BigInt(CURRENCY_EXPONENTS[currency])

async function newDemoSeeds(clientSeed = randomSeed(8)): Promise<SeedPair> {
  const serverSeed = randomSeed()
  return { serverSeed, serverSeedHash: await sha256Hex(serverSeed), clientSeed, nonce: 0 }
}

/**
 * Dice's state and calls: the line and side, the stake, the seed pair and its rotation, and
 * rolling. Real money bets through the server; demo rolls are computed here from a local seed
 * pair with the same HMAC rule and never reach the server.
 */
export function useDiceGame({
  mode,
  currency: currencyProp,
  stakeRange,
}: {
  mode: 'real' | 'demo'
  currency: string
  stakeRange: StakeRange
}) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const localeTag = getLocale(locale).tag
  const currency: CurrencyCode = isCurrencyCode(currencyProp) ? currencyProp : 'EUR'
  const isDemo = mode === 'demo'

  const [target, setTarget] = useState(5000)
  const [direction, setDirection] = useState<DiceDirection>('under')
  const stake = useStake(currency, stakeRange)
  const [history, setHistory] = useState<Roll[]>([])
  const [last, setLast] = useState<Roll | null>(null)
  const [isRolling, setIsRolling] = useState(false)
  const [error, setError] = useState<GameMessage | null>(null)
  const [demoBalance, setDemoBalance] = useState(() => demoStartMinor(currency))
  const [seeds, setSeeds] = useState<SeedPair | null>(null)
  const [revealed, setRevealed] = useState<Revealed | null>(null)
  const [clientSeedText, setClientSeedText] = useState('')
  const [seedError, setSeedError] = useState<string | null>(null)
  const rolling = useRef(false)
  const refusal = useGameRefusal()
  // A reality check that comes due mid-roll opens once the roll has landed.
  useHoldRealityCheck(isRolling)

  const bet = { target, direction }
  const multiplierBp = diceMultiplierBp(bet)
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
      setError({ tone: 'error', text: t('games.dice.stake_invalid') })
      return
    }
    rolling.current = true
    setIsRolling(true)
    try {
      let result: Roll
      if (isDemo) {
        if (!seeds?.serverSeed) throw new Error('demo seeds not ready')
        if (stakeMinor > demoBalance) {
          setError({ tone: 'error', text: t('games.dice.demo_insufficient') })
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
      setError(refusal(cause, t('games.dice.roll_error')))
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

  return {
    isDemo,
    currency,
    localeTag,
    money: (minor: bigint) => formatMoney(minor, currency, localeTag),
    stake,
    demoBalance,
    target,
    direction,
    changeDirection,
    /** Moves the line, kept inside what the side allows. */
    moveLine: (value: number) => setTarget(clampTarget(value, direction)),
    multiplierBp,
    chance: diceWinCount(bet),
    /** What a win pays at the typed stake, or undefined while the stake does not parse. */
    payoutMinor: stakeMinor === undefined ? undefined : dicePayoutMinor(stakeMinor, multiplierBp),
    last,
    history,
    isRolling,
    error,
    roll,
    seeds,
    revealed,
    clientSeedText,
    changeClientSeedText: setClientSeedText,
    seedError,
    rotate,
  }
}

export type DiceGameFlow = ReturnType<typeof useDiceGame>
