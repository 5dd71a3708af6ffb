import { describe, expect, it } from 'vitest'
import {
  LIMIT_CHANGE_DELAY_MS,
  LIMIT_PERIOD_MS,
  NO_LIMIT,
  changeLimit,
  freesAt,
  settleLimit,
  tightestAllowance,
  usedOf,
} from './limit-rules.ts'

const now = new Date('2026-11-23T12:00:00Z')
const later = (ms: number) => new Date(now.getTime() + ms)

describe('limit changes, the same for deposit, loss and wager limits', () => {
  it('a first limit applies at once', () => {
    expect(changeLimit(NO_LIMIT, 100_00n, now)).toEqual({
      amountMinor: 100_00n,
      pendingAmountMinor: null,
      pendingFrom: null,
    })
  })

  it('lowering applies at once and drops a waiting raise', () => {
    const waiting = { amountMinor: 100_00n, pendingAmountMinor: 500_00n, pendingFrom: later(1000) }
    expect(changeLimit(waiting, 50_00n, now)).toEqual({
      amountMinor: 50_00n,
      pendingAmountMinor: null,
      pendingFrom: null,
    })
  })

  it('raising waits 24 hours while the current limit stays in force', () => {
    const raised = changeLimit({ ...NO_LIMIT, amountMinor: 100_00n }, 200_00n, now)
    expect(raised).toEqual({
      amountMinor: 100_00n,
      pendingAmountMinor: 200_00n,
      pendingFrom: later(LIMIT_CHANGE_DELAY_MS),
    })
    expect(settleLimit(raised, later(LIMIT_CHANGE_DELAY_MS - 1))).toBe(raised)
    expect(settleLimit(raised, later(LIMIT_CHANGE_DELAY_MS))).toEqual({
      amountMinor: 200_00n,
      pendingAmountMinor: null,
      pendingFrom: null,
    })
  })

  it('removing waits 24 hours too, then leaves no limit', () => {
    const removing = changeLimit({ ...NO_LIMIT, amountMinor: 100_00n }, null, now)
    expect(removing).toEqual({
      amountMinor: 100_00n,
      pendingAmountMinor: null,
      pendingFrom: later(LIMIT_CHANGE_DELAY_MS),
    })
    expect(settleLimit(removing, later(LIMIT_CHANGE_DELAY_MS))).toEqual(NO_LIMIT)
  })

  it('asking for the same limit, or removing none, changes nothing', () => {
    expect(changeLimit({ ...NO_LIMIT, amountMinor: 100_00n }, 100_00n, now).amountMinor).toBe(
      100_00n,
    )
    expect(changeLimit(NO_LIMIT, null, now)).toEqual(NO_LIMIT)
  })

  it('a change whose time has come is applied before the next one', () => {
    const due = { amountMinor: 100_00n, pendingAmountMinor: 300_00n, pendingFrom: later(-1) }
    // 200 is a lowering from the 300 now in force: at once.
    expect(changeLimit(due, 200_00n, now).amountMinor).toBe(200_00n)
  })
})

describe('tightestAllowance', () => {
  it('the lowest remaining applies, never below zero', () => {
    expect(
      tightestAllowance([
        { period: 'day', amountMinor: 100_00n, usedMinor: 30_00n },
        { period: 'week', amountMinor: 200_00n, usedMinor: 150_00n },
        { period: 'month', amountMinor: null, usedMinor: 150_00n },
      ]),
    ).toEqual({ period: 'week', remainingMinor: 50_00n })
    expect(tightestAllowance([{ period: 'day', amountMinor: 10_00n, usedMinor: 30_00n }])).toEqual({
      period: 'day',
      remainingMinor: 0n,
    })
    expect(tightestAllowance([{ period: 'day', amountMinor: null, usedMinor: 0n }])).toBeUndefined()
  })
})

describe('loss and wager usage', () => {
  const usage = { stakeMinor: 50_00n, payoutMinor: 20_00n, oldestAt: later(-2 * 3_600_000) }

  it('a wager limit counts every stake; a loss limit the stakes minus the payouts', () => {
    expect(usedOf('wager', usage)).toBe(50_00n)
    expect(usedOf('loss', usage)).toBe(30_00n)
  })

  it('a player ahead in the window has a negative loss, which leaves more than the limit', () => {
    const ahead = { ...usage, payoutMinor: 80_00n }
    expect(usedOf('loss', ahead)).toBe(-30_00n)
    expect(
      tightestAllowance([{ period: 'day', amountMinor: 10_00n, usedMinor: usedOf('loss', ahead) }]),
    ).toEqual({ period: 'day', remainingMinor: 40_00n })
  })

  it('the lowest remaining of the windows binds, whichever period it is', () => {
    // 100 a day with 30 used leaves 70; 150 a week with 120 used leaves 30: the week binds.
    expect(
      tightestAllowance([
        { period: 'day', amountMinor: 100_00n, usedMinor: 30_00n },
        { period: 'week', amountMinor: 150_00n, usedMinor: 120_00n },
        { period: 'month', amountMinor: 1000_00n, usedMinor: 120_00n },
      ]),
    ).toEqual({ period: 'week', remainingMinor: 30_00n })
  })

  it('room frees up when the oldest counted bet leaves the window', () => {
    expect(freesAt('day', usage)).toEqual(later(LIMIT_PERIOD_MS.day - 2 * 3_600_000))
    expect(freesAt('month', usage)).toEqual(later(LIMIT_PERIOD_MS.month - 2 * 3_600_000))
    expect(freesAt('week', { ...usage, oldestAt: null })).toBeNull()
  })

  it('windows are rolling: 24 hours, 7 days and 30 days', () => {
    expect(LIMIT_PERIOD_MS).toEqual({
      day: 86_400_000,
      week: 7 * 86_400_000,
      month: 30 * 86_400_000,
    })
  })
})
