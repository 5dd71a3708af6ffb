import { describe, expect, it } from 'vitest'
import { jurisdictionOf } from '#common/protection.ts'
import { protectionViewOf, realityCheckMinutesOf } from './protection.ts'
import type { PlayTimeUsed } from './play-time.ts'
import type { ProtectionRow } from './protection-state.ts'

// The protection state the players' calls answer, from a stored row: pure, so every bar and
// interval rule is checked here without a database.

const NOW = new Date('2026-03-10T12:00:00Z')
const HOUR_MS = 3_600_000
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR_MS)

const row = (fields: Partial<ProtectionRow> = {}): ProtectionRow => ({
  playerId: '00000000-0000-4000-8000-000000000001',
  breakKind: null,
  breakPeriod: null,
  breakStartedAt: null,
  breakUntil: null,
  lapseRequestedAt: null,
  closedAt: null,
  closedReason: null,
  registerMatch: false,
  registerCheckedAt: null,
  realityCheckMinutes: null,
  sessionStartedAt: null,
  realityCheckDueAt: null,
  playTimeLimitMinutes: null,
  playTimePendingMinutes: null,
  playTimePendingFrom: null,
  limitPromptAnsweredAt: null,
  checksPlay: false,
  updatedAt: NOW,
  ...fields,
})

const NO_PLAY: PlayTimeUsed = { usedMs: 0, freesAt: null }
const FINLAND = jurisdictionOf('FI')
const UK = jurisdictionOf('GB')

describe('the reality-check interval in force', () => {
  it("is the player's choice, else the jurisdiction's default; 0 is off where that is allowed", () => {
    expect(realityCheckMinutesOf(undefined, FINLAND)).toBeNull()
    expect(realityCheckMinutesOf(undefined, UK)).toBe(60)
    expect(realityCheckMinutesOf(row({ realityCheckMinutes: 30 }), UK)).toBe(30)
    expect(realityCheckMinutesOf(row({ realityCheckMinutes: 0 }), FINLAND)).toBeNull()
    // Turned off in Finland, then moved to the UK: the UK keeps it on.
    expect(realityCheckMinutesOf(row({ realityCheckMinutes: 0 }), jurisdictionOf('gb'))).toBe(60)
  })
})

describe('the bar', () => {
  const barOf = (stored: ProtectionRow | undefined, used = NO_PLAY) =>
    protectionViewOf(stored, FINLAND, used, NOW).bar

  it('puts a closure before a break, a break before the register, and those before the rest', () => {
    const everything = row({
      closedAt: at(-1),
      breakKind: 'time_out',
      breakPeriod: '24h',
      breakStartedAt: at(-1),
      breakUntil: at(23),
      registerMatch: true,
      realityCheckDueAt: at(-1),
      playTimeLimitMinutes: 15n,
    })
    expect(barOf(everything, { usedMs: 20 * 60_000, freesAt: at(2) })).toBe('closed')
    expect(barOf({ ...everything, closedAt: null })).toBe('time_out')
    expect(barOf({ ...everything, closedAt: null, breakUntil: at(-0.5) })).toBe('register')
    expect(barOf(row({ realityCheckDueAt: at(-0.1), playTimeLimitMinutes: 15n }))).toBe(
      'reality_check',
    )
    expect(barOf(row({ realityCheckDueAt: at(0.1) }))).toBeNull()
  })

  it('bars play at the play-time limit in force, a waiting raise not yet counting', () => {
    const limited = row({
      playTimeLimitMinutes: 30n,
      playTimePendingMinutes: 60n,
      playTimePendingFrom: at(1),
    })
    expect(barOf(limited, { usedMs: 29 * 60_000, freesAt: at(3) })).toBeNull()
    expect(barOf(limited, { usedMs: 30 * 60_000, freesAt: at(3) })).toBe('play_time')
    const raised = { ...limited, playTimePendingFrom: at(-1) }
    expect(barOf(raised, { usedMs: 45 * 60_000, freesAt: at(3) })).toBeNull()
  })
})

describe('the break shown', () => {
  it('shows a self-exclusion until its lapse has cooled off, and then none', () => {
    const excluded = row({
      breakKind: 'self_exclusion',
      breakPeriod: '6m',
      breakStartedAt: at(-24 * 200),
      breakUntil: at(-24 * 17),
    })
    const waiting = protectionViewOf(excluded, FINLAND, NO_PLAY, NOW)
    expect(waiting.bar).toBe('self_exclusion')
    expect(waiting.break).toMatchObject({ opens_at: null, can_request_lapse: true })

    const asked = protectionViewOf({ ...excluded, lapseRequestedAt: at(-2) }, FINLAND, NO_PLAY, NOW)
    expect(asked.break).toMatchObject({
      can_request_lapse: false,
      opens_at: at(22).toISOString(),
    })
    const over = protectionViewOf({ ...excluded, lapseRequestedAt: at(-25) }, FINLAND, NO_PLAY, NOW)
    expect(over.break).toBeNull()
    expect(over.bar).toBeNull()
  })

  it('shows the UK rules and the jurisdiction default to a player without a row', () => {
    const view = protectionViewOf(undefined, UK, { usedMs: 90_500, freesAt: null }, NOW)
    expect(view).toMatchObject({
      bar: null,
      break: null,
      jurisdiction: {
        code: 'uk',
        slot_min_cycle_ms: 2500,
        slot_autoplay: false,
        slot_turbo: false,
      },
      reality_check: { minutes: 60, default_minutes: 60, optional: false, due_at: null },
      play_time: { limit_minutes: null, used_seconds: 90 },
      limit_prompt_answered: false,
      server_time: '2026-03-10T12:00:00.000Z',
    })
  })
})
