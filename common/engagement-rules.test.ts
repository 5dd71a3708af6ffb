import { describe, expect, it } from 'vitest'
import {
  coinProgressText,
  coinsOfMinor,
  gameConditionHolds,
  isFinished,
  levelOf,
  periodKey,
  pointsOfMinor,
  progressOf,
  questStatus,
  spinsCountOf,
  truncateDown,
  type EngagementEvent,
  type TriggerDefinition,
  type TriggerRule,
} from './engagement-rules.ts'

const rule = (overrides: Partial<TriggerRule> = {}): TriggerRule => ({
  type: 'number_actions',
  condition_type: null,
  condition_value: null,
  is_progress_marker: 1,
  ...overrides,
})

const trigger = (overrides: Partial<TriggerDefinition> = {}): TriggerDefinition => ({
  event: 'bet',
  rules: [rule()],
  expected: 10n,
  minStakeEurMinor: 0n,
  ...overrides,
})

const bet = (overrides: Partial<EngagementEvent> = {}): EngagementEvent => ({
  kind: 'bet',
  gameId: 'dice',
  gameCategories: ['originals'],
  amountEurMinor: 250n,
  multiplierBp: 19_800,
  ...overrides,
})

describe('progressOf', () => {
  it('counts one per matching bet for number_actions without a condition', () => {
    expect(progressOf(trigger(), bet())).toEqual({ add: 1n })
  })

  it('adds the stake in euro cents for accumulate', () => {
    expect(progressOf(trigger({ rules: [rule({ type: 'accumulate' })] }), bet())).toEqual({
      add: 250n,
    })
  })

  it('adds nothing for an accumulate of zero money (a currency without a rate)', () => {
    const accumulate = trigger({ rules: [rule({ type: 'accumulate' })] })
    expect(progressOf(accumulate, bet({ amountEurMinor: 0n }))).toBeNull()
  })

  it('ignores another kind of event', () => {
    expect(progressOf(trigger(), { kind: 'deposit', amountEurMinor: 1000n })).toBeNull()
    expect(progressOf(trigger({ event: 'deposit' }), bet())).toBeNull()
  })

  it('matches a game condition by game id', () => {
    const onDice = trigger({ rules: [rule({ condition_type: 'game', condition_value: 'dice' })] })
    expect(progressOf(onDice, bet())).toEqual({ add: 1n })
    expect(progressOf(onDice, bet({ gameId: 'mines', gameCategories: ['originals'] }))).toBeNull()
  })

  it('matches a game condition by category slug', () => {
    const onSlots = trigger({ rules: [rule({ condition_type: 'game', condition_value: 'slots' })] })
    expect(progressOf(onSlots, bet({ gameId: 'x', gameCategories: ['slots'] }))).toEqual({
      add: 1n,
    })
    expect(progressOf(onSlots, bet())).toBeNull()
  })

  it('counts any game for a spinsCount condition, and names the count', () => {
    const rules = [rule({ condition_type: 'game', condition_value: { spinsCount: 50 } })]
    expect(progressOf(trigger({ rules }), bet({ gameId: 'anything', gameCategories: [] }))).toEqual(
      {
        add: 1n,
      },
    )
    expect(spinsCountOf(rules)).toBe(50)
    expect(spinsCountOf([rule()])).toBeUndefined()
  })

  it('matches a selection of games only', () => {
    const rules = [rule({ condition_type: 'game', condition_value: { games: ['dice', 'mines'] } })]
    expect(progressOf(trigger({ rules }), bet({ gameId: 'mines' }))).toEqual({ add: 1n })
    expect(progressOf(trigger({ rules }), bet({ gameId: 'roulette' }))).toBeNull()
  })

  it('lets a filter rule decide and the marker rule count', () => {
    const rules = [
      rule({ condition_type: 'game', condition_value: 'dice', is_progress_marker: 0 }),
      rule({ type: 'accumulate', is_progress_marker: 1 }),
    ]
    expect(progressOf(trigger({ rules }), bet())).toEqual({ add: 250n })
    expect(progressOf(trigger({ rules }), bet({ gameId: 'crash' }))).toBeNull()
  })

  it('refuses a game condition for an event that is no bet', () => {
    const rules = [rule({ condition_type: 'game', condition_value: 'dice' })]
    expect(
      progressOf(trigger({ event: 'deposit', rules }), { kind: 'deposit', amountEurMinor: 5n }),
    ).toBeNull()
  })

  it('leaves out bets below the minimum stake', () => {
    const min = trigger({ minStakeEurMinor: 100n })
    expect(progressOf(min, bet({ amountEurMinor: 99n }))).toBeNull()
    expect(progressOf(min, bet({ amountEurMinor: 100n }))).toEqual({ add: 1n })
  })

  it('counts deposits, logins and KYC approvals', () => {
    const deposits = trigger({ event: 'deposit', rules: [rule({ type: 'accumulate' })] })
    expect(progressOf(deposits, { kind: 'deposit', amountEurMinor: 2000n })).toEqual({ add: 2000n })
    expect(progressOf(trigger({ event: 'login' }), { kind: 'login', amountEurMinor: 0n })).toEqual({
      add: 1n,
    })
    expect(
      progressOf(trigger({ event: 'kyc_approved', expected: 1n }), {
        kind: 'kyc_approved',
        amountEurMinor: 0n,
      }),
    ).toEqual({ add: 1n })
  })

  it('reaches the level of a level_up event rather than adding', () => {
    const level = trigger({ event: 'level_up', expected: 5n })
    expect(progressOf(level, { kind: 'level_up', amountEurMinor: 0n, level: 4 })).toEqual({
      reach: 4n,
    })
  })
})

describe('gameConditionHolds', () => {
  it('holds for null and spinsCount, not for a missing game', () => {
    expect(gameConditionHolds(null, undefined)).toBe(true)
    expect(gameConditionHolds({ spinsCount: 3 }, undefined)).toBe(true)
    expect(gameConditionHolds('dice', undefined)).toBe(false)
  })
})

describe('isFinished and questStatus', () => {
  it('is finished at or past expected', () => {
    expect(isFinished(9, 10)).toBe(0)
    expect(isFinished(10, 10)).toBe(1)
    expect(isFinished(11, 10)).toBe(1)
  })

  it('answers the spec statuses', () => {
    expect(questStatus([])).toBe(1)
    expect(questStatus([{ progress: 0, expected: 5 }])).toBe(1)
    expect(
      questStatus([
        { progress: 1, expected: 5 },
        { progress: 0, expected: 2 },
      ]),
    ).toBe(0)
    expect(
      questStatus([
        { progress: 5, expected: 5 },
        { progress: 1, expected: 2 },
      ]),
    ).toBe(0)
    expect(
      questStatus([
        { progress: 5, expected: 5 },
        { progress: 2, expected: 2 },
      ]),
    ).toBe(2)
  })
})

describe('coins', () => {
  it('truncates down, never rounds up', () => {
    expect(truncateDown(1.239)).toBe(1.23)
    expect(truncateDown(0.29)).toBe(0.29)
    expect(truncateDown(5)).toBe(5)
    expect(truncateDown(1.999, 1)).toBe(1.9)
  })

  it('shows coins with at most two decimals and no trailing zeros', () => {
    expect(coinProgressText(coinsOfMinor(12_345n))).toBe('123.45')
    expect(coinProgressText(coinsOfMinor(50_000n))).toBe('500')
    expect(coinProgressText(coinsOfMinor(150n))).toBe('1.5')
  })
})

describe('periodKey', () => {
  const at = new Date('2026-11-26T23:59:59Z')
  it('is empty for a quest done once', () => {
    expect(periodKey('none', at)).toBe('')
  })

  it('is the UTC day for a daily quest', () => {
    expect(periodKey('daily', at)).toBe('2026-11-26')
    expect(periodKey('daily', new Date('2026-11-27T00:00:00Z'))).toBe('2026-11-27')
  })

  it('is the ISO week for a weekly one, across a year end', () => {
    expect(periodKey('weekly', at)).toBe('2026-W48')
    // Monday to Sunday: the Sunday ends the week, the Monday starts the next.
    expect(periodKey('weekly', new Date('2026-11-29T12:00:00Z'))).toBe('2026-W48')
    expect(periodKey('weekly', new Date('2026-11-30T00:00:00Z'))).toBe('2026-W49')
    // 1 January 2027 is a Friday: still week 53 of 2026.
    expect(periodKey('weekly', new Date('2027-01-01T10:00:00Z'))).toBe('2026-W53')
    expect(periodKey('weekly', new Date('2027-01-04T00:00:00Z'))).toBe('2027-W01')
    // 29 December 2025 is a Monday of week 1 of 2026.
    expect(periodKey('weekly', new Date('2025-12-29T00:00:00Z'))).toBe('2026-W01')
  })
})

describe('levelOf', () => {
  const levels = [
    { level: 1, fromPoints: 0, imageUrl: '/levels/level-1.svg' },
    { level: 2, fromPoints: 100, imageUrl: '/levels/level-2.svg' },
    { level: 3, fromPoints: 500, imageUrl: '/levels/level-3.svg' },
  ]

  it('places points between two levels', () => {
    expect(levelOf(0, levels)).toMatchObject({ level: 1, levelPercent: 0, nextLevelPoints: 100 })
    expect(levelOf(99, levels)).toMatchObject({ level: 1, levelPercent: 99 })
    expect(levelOf(100, levels)).toMatchObject({
      level: 2,
      levelPercent: 0,
      currentLevelPoints: 100,
      nextLevelPoints: 500,
      levelImageUrl: '/levels/level-2.svg',
    })
    expect(levelOf(300, levels)).toMatchObject({ level: 2, levelPercent: 50 })
  })

  it('stays at 100 % on the top level', () => {
    expect(levelOf(10_000, levels)).toMatchObject({
      level: 3,
      levelPercent: 100,
      nextLevelPoints: 500,
    })
  })

  it('counts points in whole euros', () => {
    expect(pointsOfMinor(12_399n)).toBe(123)
  })
})
