import { randomUUID } from 'node:crypto'
import { cryptoRng } from './games/rng.ts'
import type { GameRound, StudioTitle } from './games/types.ts'
import type { StudioStore } from './store.ts'
import type { Wallet } from './wallets.ts'

// The studio's round protocol, the same for every title and for real or demo money:
//
// - start: the round is drawn, its stake taken (`bet`), and a single-step round (a spin, a keno
//   draw) paid at once (`win`, 0 for a loss). A round that waits for the player (blackjack, video
//   poker, hi-lo) is stored first, marked with its stake as pending, so a crash between the
//   stake and the store can be undone: the pending stake is rolled back when the player returns.
// - act: a move in the open round. A move that stakes more (a double, a split, insurance, a
//   Hold'em call) claims the round (compare-and-set) with the stake pending before the `bet`;
//   a refused stake leaves the round as it was. The round's last move pays it.
//
// Every stake of a round is a `bet` with the round's id, its payout one `win`: free spins, cascades
// and respins are wins of the round that triggered them.

/** How long an open round waits for its player. */
export const OPEN_ROUND_TTL_MS = 30 * 24 * 60 * 60_000

interface OpenRound {
  roundId: string
  code: string
  /** The base stake the round started with. */
  stake: string
  state: unknown
  staked: bigint
  bets: number
  /** A stake sent to the wallet whose answer is not yet recorded. */
  pending?: { betId: string; amount: bigint; previous: unknown }
}

export interface RoundAnswer {
  round_id: string
  view: unknown
  done: boolean
  staked: string
  payout: string
  /** The balance once the stake was taken (null when the wallet did not say). */
  balance_after_stake: string | null
  /** The balance once the round was paid (null while a win is still on its way). */
  balance: string | null
}

export type RoundResult =
  | { kind: 'ok'; answer: RoundAnswer }
  /** A studio or wallet refusal: `error` is a code the page words (and `reason`, `balance`). */
  | { kind: 'refused'; status: number; error: string; balance?: string | null; reason?: string | null }

const refused = (status: number, error: string, extra: { balance?: bigint | null; reason?: string | null } = {}): RoundResult => ({
  kind: 'refused',
  status,
  error,
  ...(extra.balance !== undefined && { balance: extra.balance?.toString() ?? null }),
  ...(extra.reason !== undefined && { reason: extra.reason }),
})

export interface RoundContext {
  store: StudioStore
  wallet: Wallet
  title: StudioTitle
  /** Whose open round: the casino's player (by brand) or the demo session. */
  owner: string
}

const roundKey = (context: RoundContext) => `round:${context.owner}:${context.title.code}`

function answerOf(round: GameRound<unknown, unknown>, roundId: string, balances: { afterStake: bigint | null; final: bigint | null }, paid?: bigint): RoundAnswer {
  return {
    round_id: roundId,
    view: round.view,
    done: round.done,
    staked: round.staked.toString(),
    payout: (paid ?? round.payout).toString(),
    balance_after_stake: balances.afterStake?.toString() ?? null,
    balance: balances.final?.toString() ?? null,
  }
}

/** The player's open round of this title, first undoing a stake whose answer was lost. */
export async function openRound(context: RoundContext): Promise<{ round_id: string; view: unknown; staked: string } | null> {
  const key = roundKey(context)
  const stored = await context.store.get<OpenRound>(key)
  if (!stored) return null
  let { value, version } = stored
  if (value.pending) {
    // The studio stopped between a stake and its record: take the stake back, keep the round as
    // it stood before that move (a round whose first stake was lost never started).
    await context.wallet.rollback({ roundId: value.roundId, betId: value.pending.betId })
    if (value.bets <= 1) {
      await context.store.remove(key, version)
      return null
    }
    const restored: OpenRound = { ...value, state: value.pending.previous, bets: value.bets - 1, staked: value.staked - value.pending.amount }
    delete restored.pending
    if (!(await context.store.replace(key, version, restored, OPEN_ROUND_TTL_MS))) return null
    value = restored
    version += 1
  }
  return { round_id: value.roundId, view: context.title.math.resume(value.state), staked: value.staked.toString() }
}

/** Starts a round: validates, takes the stake, draws, and pays a round that is over at once. */
export async function startRound(
  context: RoundContext,
  input: { stake: bigint; params: unknown; freeRoundId?: string },
): Promise<RoundResult> {
  const { math } = context.title
  const params = math.params.safeParse(input.params ?? {})
  if (!params.success) return refused(400, 'invalid_params')
  const total = math.startStake(params.data, input.stake)
  if (typeof total === 'string') return refused(400, total)
  // A free round stakes exactly its own amount, on a plain round of a slot.
  if (input.freeRoundId && (context.title.kind !== 'slot' || total !== input.stake)) {
    return refused(400, 'invalid_params')
  }
  const roundId = randomUUID()
  const round = math.start(params.data, input.stake, cryptoRng)
  const betId = `bet-${roundId}-1`
  const key = roundKey(context)
  const open: OpenRound = {
    roundId,
    code: context.title.code,
    stake: input.stake.toString(),
    state: round.state,
    staked: total,
    bets: 1,
    pending: { betId, amount: total, previous: null },
  }
  if (!round.done && !(await context.store.create(key, open, OPEN_ROUND_TTL_MS))) {
    return refused(409, 'round_open')
  }
  // A round over at once (a natural) still waits for the player's open round of this title.
  // Slots never leave a round open, so their spins need not look.
  if (round.done && context.title.kind !== 'slot' && (await context.store.get(key))) {
    return refused(409, 'round_open')
  }
  const bet = await context.wallet.bet({
    roundId,
    betId,
    amount: total,
    ...(input.freeRoundId && { freeRoundId: input.freeRoundId }),
  })
  if (bet.kind !== 'ok') {
    // Whether the stake landed or not, it is taken back: the casino refuses the bet should it
    // arrive after its rollback.
    if (bet.kind === 'unknown') await context.wallet.rollback({ roundId, betId })
    if (!round.done) {
      const stored = await context.store.get<OpenRound>(key)
      if (stored?.value.roundId === roundId) await context.store.remove(key, stored.version)
    }
    return bet.kind === 'unknown'
      ? refused(503, 'connection')
      : refused(409, bet.code, { balance: bet.balance, reason: bet.reason })
  }
  if (!round.done) {
    const stored = await context.store.get<OpenRound>(key)
    if (stored?.value.roundId === roundId) {
      const confirmed = { ...stored.value }
      delete confirmed.pending
      await context.store.replace(key, stored.version, confirmed, OPEN_ROUND_TTL_MS)
    }
    return { kind: 'ok', answer: answerOf(round, roundId, { afterStake: bet.balance, final: bet.balance }) }
  }
  const win = await context.wallet.win({ roundId, amount: round.payout })
  return { kind: 'ok', answer: answerOf(round, roundId, { afterStake: bet.balance, final: win.balance }, win.paid) }
}

/** A move in the open round `roundId`. */
export async function actInRound(
  context: RoundContext,
  input: { roundId: string; action: unknown },
): Promise<RoundResult> {
  const { math } = context.title
  const key = roundKey(context)
  const stored = await context.store.get<OpenRound>(key)
  if (!stored || stored.value.roundId !== input.roundId || stored.value.pending) {
    return refused(404, 'round_not_found')
  }
  const action = math.action.safeParse(input.action)
  if (!action.success) return refused(400, 'invalid_action')
  const open = stored.value
  const extra = math.actionStake(open.state, action.data)
  if (typeof extra === 'string') return refused(400, extra)
  const round = math.act(open.state, action.data, cryptoRng)
  let version = stored.version
  let afterStake: bigint | null = null
  const staked = open.staked + extra
  if (extra > 0n) {
    const betId = `bet-${open.roundId}-${open.bets + 1}`
    const claimed: OpenRound = { ...open, pending: { betId, amount: extra, previous: open.state }, state: round.state, bets: open.bets + 1, staked }
    if (!(await context.store.replace(key, version, claimed, OPEN_ROUND_TTL_MS))) {
      return refused(409, 'round_busy')
    }
    version += 1
    const bet = await context.wallet.bet({ roundId: open.roundId, betId, amount: extra })
    if (bet.kind !== 'ok') {
      if (bet.kind === 'unknown') await context.wallet.rollback({ roundId: open.roundId, betId })
      await context.store.replace(key, version, open, OPEN_ROUND_TTL_MS)
      return bet.kind === 'unknown'
        ? refused(503, 'connection')
        : refused(409, bet.code, { balance: bet.balance, reason: bet.reason })
    }
    afterStake = bet.balance
  }
  if (!round.done) {
    const next: OpenRound = { ...open, state: round.state, bets: open.bets + (extra > 0n ? 1 : 0), staked }
    if (!(await context.store.replace(key, version, next, OPEN_ROUND_TTL_MS))) {
      return refused(409, 'round_busy')
    }
    return {
      kind: 'ok',
      answer: answerOf(round, open.roundId, { afterStake, final: afterStake }),
    }
  }
  // The round's last move: claimed by its removal, so a second request cannot pay it again.
  if (!(await context.store.remove(key, version))) return refused(409, 'round_busy')
  const win = await context.wallet.win({ roundId: open.roundId, amount: round.payout })
  return {
    kind: 'ok',
    answer: answerOf(round, open.roundId, { afterStake: afterStake ?? null, final: win.balance }, win.paid),
  }
}
