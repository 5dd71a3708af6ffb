import { describe, expect, it } from 'vitest'
import { getI18n } from '#app/lib/i18n.ts'
import { barText } from '#app/components/deposit/deposit-barred.tsx'
import { getLocale } from '#common/locales.ts'
import type { PlayBar } from '#common/protection.ts'
import { CloseAccountBodySchema } from '#server/modules/limits/protection.contract.ts'
import type { ProtectionState } from '#server/modules/limits/protection.contract.ts'
import { loadShippedMessages } from '#server/modules/site/translations.ts'
import {
  CLOSE_REASONS,
  breakConfirmation,
  breakPeriodsOffered,
  breakStatusOf,
  isHarmReason,
  isStandingBar,
  parsePlayTimeMinutes,
  realityCheckChoices,
} from './protection-rules.ts'
import { glanceRows } from './protection-glance.tsx'

const catalogues = loadShippedMessages()
const tOf = (prefix: string) => {
  const { tag } = getLocale(prefix)
  return { t: getI18n(tag, catalogues.get(prefix) ?? {}).t, tag }
}

const HOUR = 3_600_000
const DAY = 24 * HOUR
// Noon UTC, so the calendar date reads the same in any time zone the tests run in.
const NOW = new Date('2026-03-01T12:00:00Z')
const inMs = (ms: number) => new Date(NOW.getTime() + ms).toISOString()

type Break = NonNullable<ProtectionState['break']>
const timeOut = (endsInMs: number): Break => ({
  kind: 'time_out',
  period: '1w',
  started_at: NOW.toISOString(),
  until: inMs(endsInMs),
  lapse_requested_at: null,
  opens_at: inMs(endsInMs),
  can_request_lapse: false,
})
const selfExclusion = (endsInMs: number, lapse: 'none' | 'asked' = 'none'): Break => ({
  kind: 'self_exclusion',
  period: '6m',
  started_at: NOW.toISOString(),
  until: inMs(endsInMs),
  lapse_requested_at: lapse === 'asked' ? NOW.toISOString() : null,
  opens_at: lapse === 'asked' ? inMs(Math.max(endsInMs, DAY)) : null,
  can_request_lapse: lapse === 'none' && endsInMs <= 0,
})

describe('the periods a break offers', () => {
  it('offers every period of each kind when no break is in force', () => {
    expect(breakPeriodsOffered('time_out', null, NOW)).toEqual(['24h', '1w', '1m', '6w'])
    expect(breakPeriodsOffered('self_exclusion', null, NOW)).toEqual(['6m', '1y', '5y'])
  })

  it('during a time-out offers only what ends later, and every self-exclusion', () => {
    const sixDaysLeft = timeOut(6 * DAY)
    expect(breakPeriodsOffered('time_out', sixDaysLeft, NOW)).toEqual(['1w', '1m', '6w'])
    expect(breakPeriodsOffered('self_exclusion', sixDaysLeft, NOW)).toEqual(['6m', '1y', '5y'])
    expect(breakPeriodsOffered('time_out', timeOut(20 * HOUR), NOW)).toContain('24h')
  })

  it('offers no time-out during a self-exclusion, and only longer self-exclusions', () => {
    const fiveMonthsLeft = selfExclusion(150 * DAY)
    expect(breakPeriodsOffered('time_out', fiveMonthsLeft, NOW)).toEqual([])
    expect(breakPeriodsOffered('self_exclusion', fiveMonthsLeft, NOW)).toEqual(['6m', '1y', '5y'])
    expect(breakPeriodsOffered('self_exclusion', selfExclusion(300 * DAY), NOW)).toEqual([
      '1y',
      '5y',
    ])
  })
})

describe('the reality check’s choices', () => {
  const check = (optional: boolean) => ({
    minutes: 60,
    default_minutes: optional ? null : 60,
    optional,
    signed_in_at: null,
    due_at: null,
  })

  it('offers "off" only where the player may turn it off', () => {
    expect(realityCheckChoices(check(true))).toEqual([null, 15, 30, 45, 60, 90, 120])
    expect(realityCheckChoices(check(false))).toEqual([15, 30, 45, 60, 90, 120])
  })
})

describe('the play-time limit typed', () => {
  it.each([
    ['90', { minutes: 90 }],
    [' 15 ', { minutes: 15 }],
    ['1440', { minutes: 1440 }],
    ['14', { problem: 'range' }],
    ['1441', { problem: 'range' }],
    ['1.5', { problem: 'invalid' }],
    ['', { problem: 'invalid' }],
    ['-30', { problem: 'invalid' }],
    ['ninety', { problem: 'invalid' }],
  ])('“%s” reads as %o', (typed, expected) => {
    expect(parsePlayTimeMinutes(typed)).toEqual(expected)
  })
})

describe('the break confirmation', () => {
  it('restates the end in the player’s language', () => {
    const en = tOf('en')
    expect(breakConfirmation('time_out', '1w', NOW, en.t, en.tag)).toMatch(
      /^Your time-out of 1 week starts now and ends on March 8, 2026/,
    )
    const de = tOf('de')
    expect(breakConfirmation('self_exclusion', '6m', NOW, de.t, de.tag)).toMatch(
      /^Ihr Selbstausschluss \(6 Monate\) beginnt jetzt und läuft bis 1\. September 2026/,
    )
    const ar = tOf('ar-en')
    const arabic = breakConfirmation('time_out', '24h', NOW, ar.t, ar.tag)
    expect(arabic).toContain('تبدأ استراحتك')
    expect(arabic).toContain(
      new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeStyle: 'short' }).format(
        new Date(NOW.getTime() + DAY),
      ),
    )
  })
})

describe('the break in force', () => {
  it('tells a time-out, a running, a run and a lapsing self-exclusion apart', () => {
    expect(breakStatusOf(timeOut(DAY)).kind).toBe('time_out')
    expect(breakStatusOf(selfExclusion(30 * DAY)).kind).toBe('self_exclusion_running')
    expect(breakStatusOf(selfExclusion(-DAY)).kind).toBe('self_exclusion_run')
    expect(breakStatusOf(selfExclusion(-DAY, 'asked'))).toEqual({
      kind: 'self_exclusion_lapsing',
      opensAt: inMs(DAY),
    })
  })

  it('words the deposit dialog’s bar with the break’s end, or without one', () => {
    const { t, tag } = tOf('en')
    expect(barText('time_out', timeOut(DAY), t, tag)).toMatch(
      /^You are on a time-out until March 2, 2026/,
    )
    expect(barText('self_exclusion', selfExclusion(-DAY), t, tag)).toContain(
      'stays in force until you ask to end it',
    )
    expect(barText('closed', null, t, tag)).toBe(
      'This account is closed. Deposits and play are no longer possible.',
    )
    expect(barText('time_out', null, t, tag)).not.toContain('{{')
  })

  it('counts only closures, breaks and register matches as bars on deposits', () => {
    const standing: PlayBar[] = ['closed', 'self_exclusion', 'time_out', 'register']
    expect(standing.every(isStandingBar)).toBe(true)
    expect(isStandingBar('reality_check')).toBe(false)
    expect(isStandingBar('play_time')).toBe(false)
    expect(isStandingBar(null)).toBe(false)
  })
})

describe('closing the account', () => {
  it('offers exactly the reasons the server takes, and points harm to a break', () => {
    expect([...CLOSE_REASONS].sort()).toEqual(
      [...CloseAccountBodySchema.shape.reason.options].sort(),
    )
    expect(CLOSE_REASONS.filter(isHarmReason)).toEqual(['too_much_time'])
  })
})

describe('limits at a glance', () => {
  const none = {
    currency: 'EUR',
    limits: [
      { period: 'day' as const, amount: null },
      { period: 'week' as const, amount: null },
      { period: 'month' as const, amount: null },
    ],
    loss: [{ period: 'day' as const, amount: null }],
    wager: [{ period: 'week' as const, amount: null }],
  }
  const state: ProtectionState = {
    bar: null,
    break: null,
    jurisdiction: { code: 'default', slot_min_cycle_ms: 0, slot_autoplay: true, slot_turbo: true },
    reality_check: {
      minutes: null,
      default_minutes: null,
      optional: true,
      signed_in_at: null,
      due_at: null,
    },
    play_time: { limit_minutes: null, pending_minutes: null, pending_from: null, used_seconds: 0 },
    limit_prompt_answered: true,
    server_time: '2026-11-27T08:00:00.000Z',
  }

  it('has no line for a player without limits', () => {
    const { t, tag } = tOf('en')
    expect(glanceRows(none, state, t, tag)).toEqual([])
  })

  it('lists the break first, then each limit in force with its period', () => {
    const { t, tag } = tOf('en')
    const rows = glanceRows(
      {
        ...none,
        limits: [
          { period: 'day', amount: '5000' },
          { period: 'month', amount: '100000' },
        ],
      },
      {
        ...state,
        break: timeOut(DAY),
        play_time: { ...state.play_time, limit_minutes: 90 },
        reality_check: { ...state.reality_check, minutes: 30 },
      },
      t,
      tag,
    )
    expect(rows.map((row) => row.key)).toEqual(['break', 'deposit', 'play_time', 'reality_check'])
    expect(rows[0]?.label).toBe('Time-out')
    expect(rows[0]?.value).toMatch(/^Until March 2, 2026/)
    expect(rows[1]?.value).toBe('€50.00 per day · €1,000.00 per month')
    expect(rows[2]?.value).toBe('1 hour, 30 minutes per 24 hours')
    expect(rows[3]?.value).toBe('Interval: 30 minutes')
  })
})
