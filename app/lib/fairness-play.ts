import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '#app/lib/api.ts'
import { formatMoney } from '#common/format-money.ts'
import { CURRENCY_EXPONENTS, isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import { getLocale } from '#common/locales.ts'
import { useOptionalRootData } from '#app/lib/use-root-data.ts'
import { useUserStore } from '#app/state/user-store.ts'
import {
  linksToSaferPlay,
  refusalBar,
} from '#app/components/games/reality-check/reality-check-rules.ts'
import { randomHex, sha256Hex, type FairnessInput } from './fairness.ts'

/**
 * What the Slots, Roulette and Mines screens share: the play-money balance and seeds of demo
 * mode (outcomes computed in the browser with `fairness.ts`, never sent to the ledger), the real
 * wallet's balance (kept live by the socket), and stakes typed as text, never as floats.
 */

/** Play money a demo session starts with, in whole units of the currency shown. */
export const DEMO_START_UNITS = 1000n

export const exponentOf = (currency: string) =>
  isCurrencyCode(currency) ? CURRENCY_EXPONENTS[currency] : 2

export const asCurrency = (currency: string): CurrencyCode =>
  isCurrencyCode(currency) ? currency : 'EUR'

/** "1.5" or "1,5" as minor units; undefined unless a positive amount with few enough decimals. */
export function parseStakeText(text: string, currency: string): bigint | undefined {
  const exponent = exponentOf(currency)
  const match = /^(\d{1,12})(?:[.,](\d*))?$/.exec(text.trim())
  if (!match) return undefined
  const [, whole = '0', fraction = ''] = match
  if (fraction.length > exponent) return undefined
  const minor = BigInt(whole + fraction.padEnd(exponent, '0'))
  return minor > 0n ? minor : undefined
}

/** The page's BCP 47 tag for Intl (English outside a locale route, as in tests). */
export function useLocaleTag(): string {
  const root = useOptionalRootData()
  return root ? getLocale(root.locale).tag : 'en'
}

export function useMoney(currency: string) {
  const tag = useLocaleTag()
  return useCallback(
    (minor: bigint | string) => formatMoney(minor, asCurrency(currency), tag),
    [currency, tag],
  )
}

/**
 * The balance a game shows: the wallet (real) or play money (demo). `settleDemo` applies a
 * demo round's stake and payout; real balances come from the server and the socket.
 */
export function useGameBalance(mode: 'real' | 'demo', currency: string) {
  const realCents = useUserStore((state) => state.wallet.current?.cents)
  const [demoMinor, setDemoMinor] = useState(
    () => DEMO_START_UNITS * 10n ** BigInt(exponentOf(currency)),
  )
  const settleDemo = useCallback((stakeMinor: bigint, payoutMinor: bigint) => {
    setDemoMinor((value) => value - stakeMinor + payoutMinor)
  }, [])
  const balance = mode === 'demo' ? demoMinor : realCents === undefined ? null : BigInt(realCents)
  return { balance, settleDemo }
}

/**
 * Demo mode's seed pair: a random server seed made in this tab (its hash shown, as the server
 * would commit it), a random client seed, and a nonce per round.
 */
export function useDemoSeeds() {
  // Made after hydration: a seed drawn during server rendering would differ from the browser's.
  const [pair, setPair] = useState<{ serverSeed: string; clientSeed: string } | null>(null)
  const nonce = useRef(0)
  const [hash, setHash] = useState<string | null>(null)
  useEffect(() => {
    setPair({ serverSeed: randomHex(), clientSeed: randomHex(8) })
  }, [])
  useEffect(() => {
    if (pair) void sha256Hex(pair.serverSeed).then(setHash)
  }, [pair])
  const next = useCallback((): FairnessInput => {
    const current = pair ?? { serverSeed: randomHex(), clientSeed: randomHex(8) }
    const input = { ...current, nonce: nonce.current }
    nonce.current += 1
    return input
  }, [pair])
  return { serverSeedHash: hash, clientSeed: pair?.clientSeed ?? null, next }
}

export const newRequestId = (): string => crypto.randomUUID()

/** A refusal's message (already in the player's language) or a generic one. */
export const errorText = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message ? error.message : fallback

/** The line under a game's stage: an outcome, a hint or a refusal. */
export interface GameMessage {
  tone: 'info' | 'win' | 'loss' | 'error'
  text: string
  /** A refusal the Safer play tab answers (a break, the play-time limit): the line links there. */
  linksToSaferPlay?: boolean
}

/**
 * A refused call as the game's message: the server's words (a break's says when it ends) and,
 * for a refusal the player manages in the Safer play tab, a link there.
 */
export function refusalMessage(error: unknown, fallback: string): GameMessage {
  return {
    tone: 'error',
    text: errorText(error, fallback),
    ...(linksToSaferPlay(refusalBar(error)) && { linksToSaferPlay: true }),
  }
}

/** Whether the player asked the system to cut motion. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
