import { create } from 'zustand'
import { apiFetch } from '#app/lib/api.ts'
import {
  placeShift,
  TOURNAMENT_PHASES,
  type StandingKey,
  type TournamentPhase,
} from '#common/tournament-rules.ts'
import type {
  Leaderboard,
  LeaderboardMessage,
  Standing,
} from '#server/modules/tournaments/tournaments.contract.ts'

/**
 * The tournament page's live board. The page seeds it with the board it loaded (and every fresher
 * one: a revalidation, a join's answer, a refetch); the socket moves it between loads:
 * `tournamentLeaderboard` replaces the top rows and moves the player's own place by each mover
 * (`placeShift`), `tournamentStanding` replaces the own row, `tournamentPhase` tells the page to
 * load again. A message that skips a version means one was missed: the board is fetched again.
 */
export interface LiveBoard extends Leaderboard {
  /**
   * The version the own row is exact for (a standing or a full board): a leaderboard message of
   * that version or older must not move it again.
   */
  ownVersion: number
  /** The entries the last message moved, for the rows' highlight, and that message's version. */
  moved: readonly string[]
}

export interface TournamentState {
  /** The tournament whose page is open (its socket room is joined while it is set). */
  watching: number | null
  board: LiveBoard | null
  /** The last phase change heard for the watched tournament (the page revalidates on it). */
  phase: { tournamentId: number; phase: TournamentPhase; at: number } | null
  watch(tournamentId: number): void
  leave(tournamentId: number): void
  /** A full board from the server; an older one than the store holds is ignored. */
  seed(board: Leaderboard): void
  reset(): void
}

export const useTournamentStore = create<TournamentState>()((set) => ({
  watching: null,
  board: null,
  phase: null,
  watch: (tournamentId) =>
    set((state) => ({
      watching: tournamentId,
      board: state.board?.tournament_id === tournamentId ? state.board : null,
      phase: null,
    })),
  leave: (tournamentId) =>
    set((state) => (state.watching === tournamentId ? { watching: null, phase: null } : state)),
  seed: (board) =>
    set((state) => {
      const held = state.board
      if (held?.tournament_id === board.tournament_id && held.version > board.version) return state
      return { board: { ...board, ownVersion: board.version, moved: [] } }
    }),
  reset: () => set({ watching: null, board: null, phase: null }),
}))

const keyOf = (
  entryId: string,
  standing: { score: string; reached_at: string | null },
): StandingKey => ({
  score: BigInt(standing.score),
  reachedAt: standing.reached_at === null ? null : new Date(standing.reached_at),
  entryId,
})

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null
const isScore = (value: unknown): value is string =>
  typeof value === 'string' && /^\d+$/.test(value)
const isWhole = (value: unknown): value is number => Number.isInteger(value)

function isStanding(value: unknown): value is Omit<Standing, 'is_own'> {
  return (
    isRecord(value) &&
    isWhole(value.place) &&
    typeof value.entry_id === 'string' &&
    typeof value.player === 'string' &&
    isScore(value.score) &&
    (value.reached_at === null || typeof value.reached_at === 'string') &&
    isWhole(value.bets)
  )
}

function isMove(value: unknown): value is LeaderboardMessage['moves'][number] {
  const standing = (side: unknown) =>
    isRecord(side) &&
    isScore(side.score) &&
    (side.reached_at === null || typeof side.reached_at === 'string')
  return (
    isRecord(value) &&
    typeof value.entry_id === 'string' &&
    (value.before === null || standing(value.before)) &&
    standing(value.after)
  )
}

function isMessage(value: unknown): value is LeaderboardMessage {
  return (
    isRecord(value) &&
    isWhole(value.tournament_id) &&
    isWhole(value.version) &&
    isWhole(value.participants) &&
    Array.isArray(value.top) &&
    value.top.every(isStanding) &&
    Array.isArray(value.moves) &&
    value.moves.every(isMove)
  )
}

/**
 * The own row after a message's moves: each mover that passed the player pushes them down one
 * place, each that fell below lifts them one; the player's own move changes their score here and
 * their place through the standing message that follows (or the top rows, when they are in them).
 */
export function moveOwn(own: Standing, moves: LeaderboardMessage['moves']): Standing {
  let place = own.place
  let mine = own
  for (const move of moves) {
    if (move.entry_id === own.entry_id) {
      mine = { ...mine, score: move.after.score, reached_at: move.after.reached_at }
      continue
    }
    place += placeShift(
      keyOf(own.entry_id, own),
      move.before === null ? null : keyOf(move.entry_id, move.before),
      keyOf(move.entry_id, move.after),
    )
  }
  return { ...mine, place: Math.max(1, place) }
}

/** The board's fresh copy from the server (a missed message, a reconnect, a visitor's refresh). */
export async function fetchLeaderboard(tournamentId: number): Promise<Leaderboard> {
  const answer = await apiFetch<{ data: Leaderboard }>(
    `/tournaments/${String(tournamentId)}/leaderboard`,
  )
  return answer.data
}

/** Fetches the board again and seeds it; a failure waits for the next message or refresh. */
export async function refetchBoard(
  tournamentId: number,
  fetchBoard: (id: number) => Promise<Leaderboard> = fetchLeaderboard,
): Promise<void> {
  try {
    const board = await fetchBoard(tournamentId)
    if (useTournamentStore.getState().watching === tournamentId) {
      useTournamentStore.getState().seed(board)
    }
  } catch (error) {
    console.warn('tournament board', error)
  }
}

/**
 * The socket's `tournamentLeaderboard` for the watched tournament. The next version replaces the
 * top rows and moves the own row; an old or repeated one is dropped; one past the next means a
 * message was missed, so the whole board is fetched again.
 */
export function applyLeaderboardMessage(
  payload: unknown,
  fetchBoard: (id: number) => Promise<Leaderboard> = fetchLeaderboard,
): Promise<void> | undefined {
  if (!isMessage(payload)) {
    console.warn('tournament board malformed', payload)
    return undefined
  }
  const store = useTournamentStore.getState()
  const board = store.board
  if (store.watching !== payload.tournament_id || board?.tournament_id !== payload.tournament_id) {
    return undefined
  }
  if (payload.version <= board.version) return undefined
  if (payload.version > board.version + 1) return refetchBoard(payload.tournament_id, fetchBoard)
  const movedOwn =
    board.own === null || payload.version <= board.ownVersion
      ? board.own
      : moveOwn(board.own, payload.moves)
  const ownId = board.own?.entry_id
  const top = payload.top.map((row) => ({ ...row, is_own: row.entry_id === ownId }))
  // In the top rows the own place is exact.
  const ownInTop = top.find((row) => row.is_own)
  useTournamentStore.setState({
    board: {
      ...board,
      version: payload.version,
      participants: payload.participants,
      top,
      own: ownInTop ?? movedOwn,
      ownVersion: ownInTop ? payload.version : board.ownVersion,
      moved: payload.moves.map((move) => move.entry_id),
    },
  })
  return undefined
}

/** The socket's `tournamentStanding` (`{ tournament_id, version, own }`): the own row, exact. */
export function applyStandingMessage(payload: unknown): void {
  const message = payload as { tournament_id?: unknown; version?: unknown; own?: unknown } | null
  if (!isWhole(message?.tournament_id) || !isWhole(message.version) || !isStanding(message.own)) {
    console.warn('tournament standing malformed', payload)
    return
  }
  const { board } = useTournamentStore.getState()
  if (board?.tournament_id !== message.tournament_id || message.version < board.ownVersion) return
  const own: Standing = { ...message.own, is_own: true }
  useTournamentStore.setState({
    board: {
      ...board,
      own,
      ownVersion: message.version,
      // The own row in the top rows moves with it, when the top rows are of the same version.
      top:
        message.version === board.version
          ? board.top.map((row) => (row.entry_id === own.entry_id ? own : row))
          : board.top,
    },
  })
}

/** The socket's `tournamentPhase` (`{ tournament_id, phase }`): the watching page loads again. */
export function applyPhaseMessage(payload: unknown): void {
  const message = payload as { tournament_id?: unknown; phase?: unknown } | null
  const phase = TOURNAMENT_PHASES.find((known) => known === message?.phase)
  if (!isWhole(message?.tournament_id) || phase === undefined) {
    console.warn('tournament phase malformed', payload)
    return
  }
  if (useTournamentStore.getState().watching !== message.tournament_id) return
  useTournamentStore.setState({
    phase: { tournamentId: message.tournament_id, phase, at: Date.now() },
  })
}
