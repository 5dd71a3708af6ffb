import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type {
  Leaderboard,
  LeaderboardMessage,
  Standing,
} from '#server/modules/tournaments/tournaments.contract.ts'
import {
  applyLeaderboardMessage,
  applyPhaseMessage,
  applyStandingMessage,
  moveOwn,
  useTournamentStore,
} from './tournament-store.ts'

const T = '2026-03-01T12:00:00.000Z'
const later = (seconds: number) => new Date(Date.parse(T) + seconds * 1000).toISOString()

const row = (
  place: number,
  id: string,
  score: string,
  reachedAt: string | null = T,
  isOwn = false,
): Standing => ({
  place,
  entry_id: id,
  player: `Player ${id}`,
  score,
  reached_at: reachedAt,
  bets: 3,
  is_own: isOwn,
})

// A board of 12: the top rows are a…c (10 shown in real life), the player is 12th with 500.
const OWN = row(12, 'own', '500', later(60), true)
const BOARD: Leaderboard = {
  tournament_id: 7,
  version: 20,
  participants: 12,
  top: [row(1, 'a', '9000'), row(2, 'b', '5000'), row(3, 'c', '2000')],
  own: OWN,
}

const message = (
  version: number,
  moves: LeaderboardMessage['moves'],
  top = BOARD.top.map(({ is_own: _own, ...rest }) => rest),
): LeaderboardMessage => ({ tournament_id: 7, version, participants: 12, top, moves })

const board = () => {
  const held = useTournamentStore.getState().board
  if (!held) throw new Error('no board')
  return held
}

beforeEach(() => {
  useTournamentStore.getState().reset()
  useTournamentStore.getState().watch(7)
  useTournamentStore.getState().seed(BOARD)
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('the leaderboard message', () => {
  it('replaces the top rows and pushes the own place down when another entry passes it', () => {
    const top = [row(1, 'a', '9000'), row(2, 'x', '7000'), row(3, 'b', '5000')].map(
      ({ is_own: _own, ...rest }) => rest,
    )
    void applyLeaderboardMessage(
      message(
        21,
        [
          {
            entry_id: 'x',
            before: { score: '100', reached_at: T },
            after: { score: '7000', reached_at: later(90) },
          },
        ],
        top,
      ),
    )
    expect(board().version).toBe(21)
    expect(board().top.map((standing) => standing.entry_id)).toEqual(['a', 'x', 'b'])
    expect(board().own?.place).toBe(13)
    expect(board().moved).toEqual(['x'])
  })

  it('lifts the own place when an entry above falls below it, and leaves it for moves elsewhere', () => {
    void applyLeaderboardMessage(
      message(21, [
        // Above the player before (600 > 500), below after: only possible for a best-of score
        // replaced by the board's reordering, but placeShift reads just the two keys.
        {
          entry_id: 'y',
          before: { score: '600', reached_at: T },
          after: { score: '400', reached_at: T },
        },
        // Below before and after: no change.
        {
          entry_id: 'z',
          before: { score: '10', reached_at: T },
          after: { score: '20', reached_at: T },
        },
      ]),
    )
    expect(board().own?.place).toBe(11)
  })

  it('places a new entry (before: null) above the player only when it outscores them', () => {
    void applyLeaderboardMessage(
      message(21, [{ entry_id: 'new', before: null, after: { score: '0', reached_at: null } }]),
    )
    expect(board().own?.place).toBe(12)
    expect(board().participants).toBe(12)
  })

  it('takes the own row from the top rows when the player is among them', () => {
    const top = [row(1, 'own', '9500', later(120)), row(2, 'a', '9000'), row(3, 'b', '5000')].map(
      ({ is_own: _own, ...rest }) => rest,
    )
    void applyLeaderboardMessage(
      message(
        21,
        [
          {
            entry_id: 'own',
            before: { score: '500', reached_at: later(60) },
            after: { score: '9500', reached_at: later(120) },
          },
        ],
        top,
      ),
    )
    expect(board().own).toMatchObject({ place: 1, score: '9500', is_own: true })
    expect(board().top[0]?.is_own).toBe(true)
    expect(board().top.filter((standing) => standing.is_own)).toHaveLength(1)
  })

  it('drops an old or repeated message', () => {
    void applyLeaderboardMessage(
      message(20, [{ entry_id: 'x', before: null, after: { score: '99999', reached_at: T } }]),
    )
    expect(board().version).toBe(20)
    expect(board().own?.place).toBe(12)
  })

  it('fetches the whole board again when a version was skipped', async () => {
    const fresh: Leaderboard = { ...BOARD, version: 25, own: { ...OWN, place: 9 } }
    const fetchBoard = vi.fn(() => Promise.resolve(fresh))
    await applyLeaderboardMessage(
      message(23, [{ entry_id: 'x', before: null, after: { score: '99999', reached_at: T } }]),
      fetchBoard,
    )
    expect(fetchBoard).toHaveBeenCalledWith(7)
    expect(board().version).toBe(25)
    expect(board().own?.place).toBe(9)
  })

  it('ignores another tournament’s board and a malformed message', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    void applyLeaderboardMessage({ ...message(21, []), tournament_id: 8 })
    void applyLeaderboardMessage({ tournament_id: 7, version: 'x' })
    expect(board().version).toBe(20)
    expect(warn).toHaveBeenCalledOnce()
  })
})

describe('the standing message', () => {
  it('replaces the own row, and the moves of that version do not move it again', () => {
    applyStandingMessage({ tournament_id: 7, version: 21, own: row(5, 'own', '3000', later(90)) })
    expect(board().own).toMatchObject({ place: 5, score: '3000', is_own: true })
    // The leaderboard message of the same version arrives after it: its pass by `x` (from below
    // 500 to 7000) was counted in the standing already.
    void applyLeaderboardMessage(
      message(21, [
        {
          entry_id: 'x',
          before: { score: '100', reached_at: T },
          after: { score: '7000', reached_at: later(95) },
        },
      ]),
    )
    expect(board().own?.place).toBe(5)
    expect(board().version).toBe(21)
  })

  it('is dropped when older than the own row the store holds', () => {
    applyStandingMessage({ tournament_id: 7, version: 22, own: row(4, 'own', '4000') })
    applyStandingMessage({ tournament_id: 7, version: 21, own: row(8, 'own', '900') })
    expect(board().own?.place).toBe(4)
  })
})

describe('seeding and phases', () => {
  it('keeps a newer board than a page load brings', () => {
    useTournamentStore.getState().seed({ ...BOARD, version: 30 })
    useTournamentStore.getState().seed({ ...BOARD, version: 28 })
    expect(board().version).toBe(30)
  })

  it('hears a phase change only for the tournament being watched', () => {
    applyPhaseMessage({ tournament_id: 8, phase: 'finished' })
    expect(useTournamentStore.getState().phase).toBeNull()
    applyPhaseMessage({ tournament_id: 7, phase: 'finished' })
    expect(useTournamentStore.getState().phase).toMatchObject({
      tournamentId: 7,
      phase: 'finished',
    })
    useTournamentStore.getState().leave(7)
    expect(useTournamentStore.getState().watching).toBeNull()
  })
})

describe('moveOwn', () => {
  it('applies each mover’s shift in turn and takes the player’s own move’s score', () => {
    const moved = moveOwn(OWN, [
      {
        entry_id: 'p',
        before: { score: '0', reached_at: null },
        after: { score: '800', reached_at: T },
      },
      { entry_id: 'q', before: null, after: { score: '500', reached_at: later(30) } },
      {
        entry_id: 'own',
        before: { score: '500', reached_at: later(60) },
        after: { score: '600', reached_at: later(61) },
      },
    ])
    // `p` passed, `q` joined at the same score but reached it earlier: both above.
    expect(moved.place).toBe(14)
    expect(moved.score).toBe('600')
  })
})
