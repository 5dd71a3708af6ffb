import { describe, expect, it } from 'vitest'
import {
  ALL_BREAK_PERIODS,
  BREAK_PERIODS,
  LAPSE_COOLING_OFF_MS,
  PLAY_GAP_MS,
  breakEnd,
  breakOpensAt,
  isBreakPeriodOf,
  jurisdictionOf,
  playTimeMs,
  realityCheckDue,
  standingBar,
  type ProtectionState,
} from './protection.ts'

const at = (iso: string) => new Date(iso)
const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

const NONE: ProtectionState = {
  breakKind: null,
  breakUntil: null,
  lapseRequestedAt: null,
  closedAt: null,
  registerMatch: false,
  realityCheckDueAt: null,
}

describe('breakEnd', () => {
  it.each([
    ['24h', '2026-03-10T09:30:00Z', '2026-03-11T09:30:00Z'],
    ['1w', '2026-03-10T09:30:00Z', '2026-03-17T09:30:00Z'],
    ['6w', '2026-03-10T09:30:00Z', '2026-04-21T09:30:00Z'],
    ['1m', '2026-03-10T09:30:00Z', '2026-04-10T09:30:00Z'],
    // A month from 31 January ends on the last day of February, keeping the time of day.
    ['1m', '2026-01-31T22:15:00Z', '2026-02-28T22:15:00Z'],
    ['1m', '2028-01-31T22:15:00Z', '2028-02-29T22:15:00Z'],
    ['1m', '2026-12-31T08:00:00Z', '2027-01-31T08:00:00Z'],
    ['6m', '2026-08-31T08:00:00Z', '2027-02-28T08:00:00Z'],
    ['1y', '2028-02-29T08:00:00Z', '2029-02-28T08:00:00Z'],
    ['5y', '2026-03-10T09:30:00Z', '2031-03-10T09:30:00Z'],
  ] as const)('%s from %s ends at %s', (period, from, end) => {
    expect(breakEnd(period, at(from)).toISOString()).toBe(at(end).toISOString())
  })

  it('never ends a longer period before a shorter one, from any start', () => {
    for (let day = 0; day < 366; day += 7) {
      const from = new Date(Date.UTC(2026, 0, 1) + day * DAY_MS)
      const ends = ALL_BREAK_PERIODS.map((period) => breakEnd(period, from).getTime())
      expect(ends).toEqual([...ends].sort((a, b) => a - b))
      expect(ends[0]).toBeGreaterThan(from.getTime())
    }
  })

  it('offers each kind only its own periods', () => {
    expect(BREAK_PERIODS.time_out.every((period) => isBreakPeriodOf('time_out', period))).toBe(true)
    expect(isBreakPeriodOf('time_out', '6m')).toBe(false)
    expect(isBreakPeriodOf('self_exclusion', '6w')).toBe(false)
    expect(isBreakPeriodOf('self_exclusion', '5y')).toBe(true)
  })
})

describe('breakOpensAt', () => {
  const now = at('2026-06-01T12:00:00Z')
  const timeOut = (until: string): ProtectionState => ({
    ...NONE,
    breakKind: 'time_out',
    breakUntil: at(until),
  })
  const exclusion = (until: string, lapse: string | null): ProtectionState => ({
    ...NONE,
    breakKind: 'self_exclusion',
    breakUntil: at(until),
    lapseRequestedAt: lapse === null ? null : at(lapse),
  })

  it('is undefined with no break, and a time-out’s end while it runs', () => {
    expect(breakOpensAt(NONE, now)).toBeUndefined()
    expect(breakOpensAt(timeOut('2026-06-02T00:00:00Z'), now)).toEqual(at('2026-06-02T00:00:00Z'))
    expect(breakOpensAt(timeOut('2026-06-01T12:00:00Z'), now)).toBeUndefined()
    expect(breakOpensAt(timeOut('2026-05-01T00:00:00Z'), now)).toBeUndefined()
  })

  it('has no end for a self-exclusion until the player asks, even after its period', () => {
    expect(breakOpensAt(exclusion('2027-06-01T00:00:00Z', null), now)).toBeNull()
    expect(breakOpensAt(exclusion('2026-01-01T00:00:00Z', null), now)).toBeNull()
  })

  it('opens a self-exclusion 24 hours after the request, never before its period ends', () => {
    const asked = '2026-06-01T10:00:00Z'
    expect(breakOpensAt(exclusion('2026-01-01T00:00:00Z', asked), now)).toEqual(
      new Date(at(asked).getTime() + LAPSE_COOLING_OFF_MS),
    )
    // Asked early (the call refuses that; the rule still holds): the period's end binds.
    expect(breakOpensAt(exclusion('2026-09-01T00:00:00Z', asked), now)).toEqual(
      at('2026-09-01T00:00:00Z'),
    )
    expect(breakOpensAt(exclusion('2026-01-01T00:00:00Z', '2026-05-30T12:00:00Z'), now)).toBe(
      undefined,
    )
  })
})

describe('standingBar', () => {
  const now = at('2026-06-01T12:00:00Z')
  const future = at('2026-07-01T00:00:00Z')

  it('names closure first, then a break in force, then a register match', () => {
    const all: ProtectionState = {
      breakKind: 'self_exclusion',
      breakUntil: future,
      lapseRequestedAt: null,
      closedAt: at('2026-05-01T00:00:00Z'),
      registerMatch: true,
      realityCheckDueAt: at('2026-06-01T11:00:00Z'),
    }
    expect(standingBar(all, now)).toBe('closed')
    expect(standingBar({ ...all, closedAt: null }, now)).toBe('self_exclusion')
    expect(standingBar({ ...all, closedAt: null, breakKind: 'time_out' }, now)).toBe('time_out')
    expect(
      standingBar({ ...all, closedAt: null, breakUntil: now, breakKind: 'time_out' }, now),
    ).toBe('register')
    expect(standingBar({ ...NONE, registerMatch: true }, now)).toBe('register')
  })

  it('is none without a bar, for an ended time-out, and for a reality check alone', () => {
    expect(standingBar(NONE, now)).toBeUndefined()
    expect(
      standingBar({ ...NONE, breakKind: 'time_out', breakUntil: at('2026-05-31T00:00:00Z') }, now),
    ).toBeUndefined()
    expect(standingBar({ ...NONE, realityCheckDueAt: at('2026-06-01T11:00:00Z') }, now)).toBe(
      undefined,
    )
  })
})

describe('realityCheckDue', () => {
  const now = at('2026-06-01T12:00:00Z')
  it('is due from its time on, never without one', () => {
    expect(realityCheckDue(NONE, now)).toBe(false)
    expect(realityCheckDue({ ...NONE, realityCheckDueAt: at('2026-06-01T12:00:01Z') }, now)).toBe(
      false,
    )
    expect(realityCheckDue({ ...NONE, realityCheckDueAt: now }, now)).toBe(true)
    expect(realityCheckDue({ ...NONE, realityCheckDueAt: at('2026-06-01T11:00:00Z') }, now)).toBe(
      true,
    )
  })
})

describe('playTimeMs', () => {
  const times = (...minutes: number[]) =>
    minutes.map((minute) => new Date(Date.UTC(2026, 5, 1, 10) + minute * MINUTE_MS))

  it('adds the gaps of one sitting and nothing for a pause over five minutes', () => {
    expect(playTimeMs([])).toBe(0)
    expect(playTimeMs(times(0))).toBe(0)
    expect(playTimeMs(times(0, 1, 3))).toBe(3 * MINUTE_MS)
    expect(playTimeMs(times(0, 5))).toBe(PLAY_GAP_MS)
    expect(playTimeMs(times(0, 5.01))).toBe(0)
    expect(playTimeMs(times(0, 2, 30, 31, 90))).toBe(3 * MINUTE_MS)
  })

  it('counts bets at the same moment as no time', () => {
    expect(playTimeMs(times(0, 0, 0, 1))).toBe(MINUTE_MS)
  })
})

describe('jurisdictionOf', () => {
  it('gives UK players the 2.5 s slot cycle and a reality check they cannot turn off', () => {
    expect(jurisdictionOf('GB')).toMatchObject({
      code: 'uk',
      slotMinCycleMs: 2500,
      slotAutoplay: false,
      slotTurbo: false,
      realityCheckDefaultMinutes: 60,
      realityCheckOptional: false,
    })
    expect(jurisdictionOf('gb').code).toBe('uk')
  })

  it('gives Malta a reality check on by default and everyone else none of these rules', () => {
    expect(jurisdictionOf('MT')).toMatchObject({
      code: 'mt',
      slotMinCycleMs: 0,
      realityCheckDefaultMinutes: 60,
      realityCheckOptional: false,
    })
    expect(jurisdictionOf('FI')).toMatchObject({
      code: 'default',
      slotMinCycleMs: 0,
      realityCheckDefaultMinutes: null,
      realityCheckOptional: true,
    })
    expect(jurisdictionOf('').code).toBe('default')
  })
})
