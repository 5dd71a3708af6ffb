import { describe, expect, it } from 'vitest'
import { ApiError } from '#app/lib/api.ts'
import { refusalMessage } from '#app/lib/fairness-play.ts'
import { dialogKeyAction } from '#app/components/ui/dialog.tsx'
import {
  formatPlayedTime,
  initialRealityCheck,
  linksToSaferPlay,
  msUntilDue,
  netResult,
  realityCheckReducer,
  refusalBar,
  studioRefusalReason,
  summaryMoney,
  type RealityCheckAction,
  type RealityCheckState,
} from './reality-check-rules.ts'

const NOW = Date.parse('2026-05-04T12:00:00.000Z')
const iso = (offsetMs: number) => new Date(NOW + offsetMs).toISOString()
const run = (...actions: RealityCheckAction[]): RealityCheckState =>
  actions.reduce(realityCheckReducer, initialRealityCheck)
/** The protection state read at NOW, the server's clock `serverAheadMs` ahead of the browser's. */
const loaded = (dueAt: string | null, serverAheadMs = 0): RealityCheckAction => ({
  type: 'loaded',
  dueAt,
  serverNowMs: NOW + serverAheadMs,
  nowMs: NOW,
})
const refused = (code: string) => new ApiError(409, code, 'Refused in the player’s words.')

describe('when the reality check opens', () => {
  it('waits for the due time the server gave, then opens when the timer says it is due', () => {
    const waiting = run(loaded(iso(15 * 60_000)))
    expect(waiting.isOpen).toBe(false)
    expect(msUntilDue(waiting, NOW)).toBe(15 * 60_000)
    expect(msUntilDue(waiting, NOW + 20 * 60_000)).toBe(0)
    expect(realityCheckReducer(waiting, { type: 'due' }).isOpen).toBe(true)
  })

  it('opens at once when the check was already due as the screen opened', () => {
    const state = run(loaded(iso(-1_000)))
    expect(state.isOpen).toBe(true)
    // Nothing left to time while it is open.
    expect(msUntilDue(state, NOW)).toBeNull()
  })

  it('sets no timer while the check is off, yet opens on the server’s refusal', () => {
    const off = run(loaded(null))
    expect(msUntilDue(off, NOW)).toBeNull()
    expect(realityCheckReducer(off, { type: 'refused' }).isOpen).toBe(true)
  })

  it('stays open whatever comes but Continue: a second due time, a refusal, a fresh read', () => {
    const open = run({ type: 'refused' })
    const after = [
      { type: 'due' },
      { type: 'refused' },
      loaded(iso(60 * 60_000)),
      { type: 'hold' },
      { type: 'release' },
    ].reduce<RealityCheckState>(
      (state, action) => realityCheckReducer(state, action as RealityCheckAction),
      open,
    )
    expect(after.isOpen).toBe(true)
    const continued = realityCheckReducer(after, { type: 'continued' })
    expect(continued.isOpen).toBe(false)
    // No timer on the old due time while the new one is read.
    expect(msUntilDue(continued, NOW)).toBeNull()
    const next = realityCheckReducer(continued, loaded(iso(15 * 60_000)))
    expect(msUntilDue(next, NOW)).toBe(15 * 60_000)
  })

  it('times the server’s due time on the browser’s clock, however far off that runs', () => {
    // The browser's clock is 16 minutes fast: a check due in 15 minutes on the server's clock is
    // still 15 minutes away, not overdue.
    const fast = run(loaded(new Date(NOW - 16 * 60_000 + 15 * 60_000).toISOString(), -16 * 60_000))
    expect(fast.isOpen).toBe(false)
    expect(msUntilDue(fast, NOW)).toBe(15 * 60_000)
    // Five minutes slow: a check the server holds as due is opened at once.
    expect(run(loaded(new Date(NOW + 5 * 60_000 - 1_000).toISOString(), 5 * 60_000)).isOpen).toBe(
      true,
    )
  })

  it('waits while a game holds it (a Crash bet in the air) and opens when the hold ends', () => {
    const held = run(loaded(iso(1_000)), { type: 'hold' }, { type: 'hold' }, { type: 'due' })
    expect(held).toMatchObject({ isOpen: false, isWaiting: true })
    expect(msUntilDue(held, NOW)).toBeNull()
    const oneLeft = realityCheckReducer(held, { type: 'release' })
    expect(oneLeft.isOpen).toBe(false)
    expect(realityCheckReducer(oneLeft, { type: 'release' }).isOpen).toBe(true)
  })

  it('a hold with nothing due opens nothing when it ends', () => {
    const state = run({ type: 'hold' }, { type: 'release' }, { type: 'release' })
    expect(state).toMatchObject({ isOpen: false, isWaiting: false, holds: 0 })
  })
})

describe('Escape and the dialog', () => {
  it('Escape is swallowed by the reality check and closes a dismissible dialog', () => {
    expect(dialogKeyAction('Escape', false)).toBe('swallow')
    expect(dialogKeyAction('Escape', true)).toBe('close')
    expect(dialogKeyAction('Tab', false)).toBe('trap-focus')
    expect(dialogKeyAction('Enter', false)).toBe('none')
  })
})

describe('refusals in games', () => {
  it('reads the bar a refusal names, and no other code as one', () => {
    expect(refusalBar(refused('protection.reality_check'))).toBe('reality_check')
    expect(refusalBar(refused('protection.time_out'))).toBe('time_out')
    expect(refusalBar(refused('protection.slot_cycle'))).toBeUndefined()
    expect(refusalBar(refused('limits.loss_exceeded'))).toBeUndefined()
    expect(refusalBar(new Error('protection.time_out'))).toBeUndefined()
  })

  it('links a break, closure, register match or play-time refusal to the Safer play tab', () => {
    for (const code of ['time_out', 'self_exclusion', 'closed', 'register', 'play_time']) {
      expect(refusalMessage(refused(`protection.${code}`), 'x')).toEqual({
        tone: 'error',
        text: 'Refused in the player’s words.',
        linksToSaferPlay: true,
      })
    }
    // The reality check answers itself in its dialog; a spin too soon needs nothing managed.
    expect(linksToSaferPlay('reality_check')).toBe(false)
    expect(refusalMessage(refused('protection.slot_cycle'), 'x')).not.toHaveProperty(
      'linksToSaferPlay',
    )
    expect(refusalMessage(new Error('network'), 'Try again.')).toEqual({
      tone: 'error',
      text: 'Try again.',
    })
  })

  it('takes a studio page’s refusal message only in its own shape', () => {
    expect(studioRefusalReason({ type: 'aurum:player_blocked', reason: 'reality_check' })).toBe(
      'reality_check',
    )
    expect(studioRefusalReason({ type: 'aurum:player_blocked' })).toBeUndefined()
    expect(studioRefusalReason({ type: 'other', reason: 'reality_check' })).toBeUndefined()
    expect(studioRefusalReason('aurum:player_blocked')).toBeUndefined()
    expect(studioRefusalReason(null)).toBeUndefined()
  })
})

describe('the figures', () => {
  it('says time played in the player’s words, whole minutes rounded down', () => {
    expect(formatPlayedTime(42, 'en-GB')).toBe('42 seconds')
    expect(formatPlayedTime(16 * 60 + 59, 'en-GB')).toBe('16 minutes')
    expect(formatPlayedTime(3600, 'en-GB')).toBe('1 hour')
    expect(formatPlayedTime(3600 + 5 * 60 + 30, 'en-GB')).toBe('1 hour, 5 minutes')
    expect(formatPlayedTime(2 * 3600 + 60, 'de-DE')).toBe('2 Stunden, 1 Minute')
    expect(formatPlayedTime(15 * 60, 'ar').replace(/\s/gu, ' ')).toMatch(/^(15|١٥) دقيقة$/u)
  })

  it('reads the net result as up, down or even with the amount unsigned', () => {
    expect(netResult('250')).toEqual({ direction: 'up', amount: 250n })
    expect(netResult('-1234')).toEqual({ direction: 'down', amount: 1234n })
    expect(netResult('0')).toEqual({ direction: 'even', amount: 0n })
  })

  it('formats money in the summary’s currency and the player’s locale', () => {
    expect(summaryMoney(1234n, 'EUR', 'en-IE')).toBe('€12.34')
    expect(summaryMoney(1234n, 'EUR', 'de-DE').replace(/\s/gu, ' ')).toBe('12,34 €')
    expect(summaryMoney(150000n, 'BTC', 'en-IE')).toBe('0.0015 BTC')
    expect(summaryMoney(5n, 'XYZ', 'en')).toBe('5 XYZ')
  })
})
