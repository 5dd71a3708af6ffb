import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import { accountBalance } from '#server/modules/ledger/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import type { WalletEntry } from '#server/modules/wallet/index.ts'
import type { BetRow, MaxWinOf } from '../bets/index.ts'
import type { WageringOutcome } from '#server/modules/bonuses/index.ts'
import { gameStakeLimits, games } from '../catalogue/catalogue.tables.ts'
import type { z } from 'zod'
import { freeRoundsFor } from './free-spins.ts'
import { providerLaunchTokens, providerTransactions } from './studios.tables.ts'
import type {
  AuthenticateAnswer,
  BalanceAnswerSchema,
  BetBody,
  ProviderErrorAnswer,
  ProviderErrorCode,
  RollbackBody,
  TransactionAnswer,
  WinBody,
} from './provider-wallet.contract.ts'

// The seamless wallet's protocol: launch tokens and game sessions, balance, refusals, and the
// first answer to a repeated transaction id. What a studio's bet, win and rollback do to the
// money is `server/flows/settle-studio-round.ts` (`StudioRounds`): every money call is recorded
// in `provider_transactions` under the studio's own transaction id in the same transaction as
// its transfer, so a repeated call finds the row and answers what the first one did, and a
// rollback that arrives before its bet leaves a row that bet can never get past.

/**
 * The money calls of a studio round, settled across the ledger, the bets, the limits and the
 * catalogue; the routes receive them.
 */
export interface StudioRounds {
  placeBet(
    db: Db,
    providerId: string,
    input: BetBody,
    nowMs?: number,
  ): Promise<ProviderAnswer<TransactionAnswer>>
  payWin(
    db: Db,
    providerId: string,
    input: WinBody,
    maxWinOf: MaxWinOf,
    nowMs?: number,
  ): Promise<ProviderAnswer<TransactionAnswer>>
  rollbackBet(
    db: Db,
    providerId: string,
    input: RollbackBody,
    nowMs?: number,
  ): Promise<ProviderAnswer<TransactionAnswer>>
}

/** A launch token must be exchanged this soon after the player opened the game. */
export const LAUNCH_TOKEN_TTL_MS = 5 * 60_000
/**
 * A game session lapses after this long without a bet or balance call (the site's idle time), at
 * the latest SESSION_EXTEND_EVERY_MS later.
 */
export const SESSION_IDLE_MS = 30 * 60_000
/**
 * A bet or balance call extends the session when it was last extended longer ago than this, to
 * SESSION_IDLE_MS plus this from now: a session lapses between 30 and 31 minutes after the
 * player's last call, and most bets write nothing to keep it.
 */
export const SESSION_EXTEND_EVERY_MS = 60_000
/** How long a lapsed session is kept for late wins and rollbacks before it is deleted. */
export const SESSION_KEPT_AFTER_LAPSE_MS = 7 * 24 * 60 * 60_000

/**
 * Launch tokens and sessions share one table; the hash is taken over a purpose prefix, so a
 * launch token can never be used as a session token nor the other way round.
 */
const tokenHash = (purpose: 'launch' | 'session', token: string) =>
  createHash('sha256').update(`${purpose}:${token}`).digest('hex')

const newToken = () => randomBytes(32).toString('base64url')

const MESSAGES: Record<ProviderErrorCode, string> = {
  invalid_request: 'The request body does not match this call.',
  signature_invalid: 'The request is not signed by a known provider.',
  timestamp_invalid: 'The request timestamp is outside the allowed window.',
  request_replayed: 'This nonce was already used.',
  token_unknown: 'Unknown token.',
  token_expired: 'The launch token expired or was already used.',
  session_expired: 'The game session expired.',
  player_mismatch: 'The player does not own this session.',
  currency_mismatch: 'The currency is not the session currency.',
  currency_not_supported: 'The game has no stake limits in this currency.',
  insufficient_funds: 'The stake exceeds the player balance.',
  stake_below_min: 'The stake is below the game minimum.',
  stake_above_max: 'The stake is above the game maximum.',
  limit_exceeded:
    "The stake is above what the player's loss or wager limit allows now (max: what it allows).",
  player_blocked:
    'The player may not play now (a break, a closed account, a register match, a reality check awaiting an answer, the play-time limit, or the game cycle); reason says which.',
  transaction_conflict: 'This transaction id was used with other details.',
  bet_rolled_back: 'This bet was rolled back before it arrived; it cannot be placed.',
  bet_settled: 'The round of this bet has paid a win; the bet cannot be rolled back.',
  round_not_found: 'No bet of this player stands in this round.',
  transaction_in_progress: 'This transaction is being processed; retry.',
  free_round_not_found: 'No free round with this id belongs to the player.',
  free_round_wrong_game: 'This free round is for another game.',
  free_round_expired: 'This free round expired.',
  free_round_used_up: 'This free round has no spins left.',
  free_round_stake_mismatch: "A free round's bet must stake the free round's stake.",
  internal_error: 'Internal error.',
}

export function refusal(
  code: ProviderErrorCode,
  extra: Partial<Pick<ProviderErrorAnswer, 'balance' | 'min' | 'max' | 'reason'>> = {},
): ProviderErrorAnswer {
  return { status: 'error', code, message: MESSAGES[code], ...extra }
}

export type ProviderAnswer<T> =
  { ok: true; body: T; effects?: Effects } | { ok: false; body: ProviderErrorAnswer }

/** What to tell the rest of the site once the transaction committed. */
export interface Effects {
  playerId: string
  wallet: WalletEntry | null
  settledBet: BetRow | null
  /** What a bet did to the player's active bonus (`announceWagering`). */
  wagering?: WageringOutcome | null
}

export const refused = <T>(body: ProviderErrorAnswer): ProviderAnswer<T> => ({ ok: false, body })

/** Creates the one-time launch token a studio's game URL carries for a signed-in player. */
export async function createLaunchToken(
  db: Db,
  input: { playerId: string; gameId: string; currency: CurrencyCode; nowMs?: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken()
  const nowMs = input.nowMs ?? Date.now()
  const expiresAt = new Date(nowMs + LAUNCH_TOKEN_TTL_MS)
  // The player's lapsed tokens and sessions go when a new one is made. Sessions stay a week
  // after they lapse, since a studio may still settle a round of theirs (win, rollback).
  await db
    .delete(providerLaunchTokens)
    .where(
      and(
        eq(providerLaunchTokens.playerId, input.playerId),
        lt(providerLaunchTokens.expiresAt, new Date(nowMs - SESSION_KEPT_AFTER_LAPSE_MS)),
      ),
    )
  await db.insert(providerLaunchTokens).values({
    tokenHash: tokenHash('launch', token),
    playerId: input.playerId,
    gameId: input.gameId,
    currency: input.currency,
    expiresAt,
  })
  return { token, expiresAt }
}

/** The studio's own code of a game: the engine without the `provider:` prefix. */
const gameCodeOf = (engine: string, providerId: string) =>
  engine.startsWith(`${providerId}:`) ? engine.slice(providerId.length + 1) : engine

const cashOf = (playerId: string, currency: CurrencyCode) => ({
  playerId,
  kind: 'cash' as const,
  currency,
})

export async function stakeLimits(db: Db | Tx, gameId: string, currency: string) {
  const [limit] = await db
    .select({ min: gameStakeLimits.minMinor, max: gameStakeLimits.maxMinor })
    .from(gameStakeLimits)
    .where(and(eq(gameStakeLimits.gameId, gameId), eq(gameStakeLimits.currency, currency)))
  return limit
}

/**
 * Exchanges a launch token for a game session: the launch row is deleted as the session row is
 * written, so the token in a URL that leaked (history, logs, a referrer) is worth nothing.
 */
export async function authenticate(
  db: Db,
  providerId: string,
  launchToken: string,
  nowMs = Date.now(),
): Promise<ProviderAnswer<AuthenticateAnswer>> {
  const hash = tokenHash('launch', launchToken)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        token: providerLaunchTokens,
        providerId: games.providerId,
        engine: games.engine,
        country: players.country,
      })
      .from(providerLaunchTokens)
      .innerJoin(games, eq(games.id, providerLaunchTokens.gameId))
      .innerJoin(players, eq(players.id, providerLaunchTokens.playerId))
      .where(eq(providerLaunchTokens.tokenHash, hash))
      .for('update', { of: providerLaunchTokens })
    // Another studio's token reads as unknown: it must not learn that the token exists.
    if (!row || row.providerId !== providerId) return refused(refusal('token_unknown'))
    await tx.delete(providerLaunchTokens).where(eq(providerLaunchTokens.tokenHash, hash))
    if (row.token.expiresAt.getTime() <= nowMs) return refused(refusal('token_expired'))
    const { playerId, gameId, currency } = row.token
    if (!isCurrencyCode(currency)) return refused(refusal('currency_not_supported'))
    const limits = await stakeLimits(tx, gameId, currency)
    if (!limits) return refused(refusal('currency_not_supported'))
    const session = newToken()
    await tx.insert(providerLaunchTokens).values({
      tokenHash: tokenHash('session', session),
      playerId,
      gameId,
      currency,
      expiresAt: new Date(nowMs + SESSION_IDLE_MS),
    })
    return {
      ok: true,
      body: {
        status: 'ok',
        session,
        player_id: playerId,
        currency,
        balance: (await accountBalance(tx, cashOf(playerId, currency))).toString(),
        game_code: gameCodeOf(row.engine, providerId),
        country: row.country,
        stake_min: limits.min.toString(),
        stake_max: limits.max.toString(),
        free_rounds: await freeRoundsFor(tx, { playerId, gameId, currency, now: new Date(nowMs) }),
      },
    }
  })
}

export interface Session {
  playerId: string
  gameId: string
  gameSlug: string
  currency: CurrencyCode
  /** The game is a slot (its categories name `slots`): a jurisdiction may set its shortest spin. */
  isSlot: boolean
}

/**
 * The session a call names, and the currency a money call names must be the session's.
 * `needsLive`: bets and balance need a session that has not gone idle (and keep it alive); wins
 * and rollbacks settle what an earlier bet started, so they are accepted after it lapsed: a
 * studio must always be able to pay a win it owes.
 */
export async function sessionFor(
  db: Db,
  providerId: string,
  input: { session: string; player_id: string; currency?: string },
  needsLive: boolean,
  nowMs: number,
): Promise<Session | ProviderErrorAnswer> {
  const hash = tokenHash('session', input.session)
  const [row] = await db
    .select({
      token: providerLaunchTokens,
      providerId: games.providerId,
      slug: games.slug,
      categories: games.categories,
    })
    .from(providerLaunchTokens)
    .innerJoin(games, eq(games.id, providerLaunchTokens.gameId))
    .where(eq(providerLaunchTokens.tokenHash, hash))
  if (!row || row.providerId !== providerId) return refusal('token_unknown')
  if (row.token.playerId !== input.player_id) return refusal('player_mismatch')
  if (!isCurrencyCode(row.token.currency)) return refusal('currency_not_supported')
  if (input.currency !== undefined && input.currency !== row.token.currency) {
    return refusal('currency_mismatch')
  }
  if (needsLive) {
    const expiresAtMs = row.token.expiresAt.getTime()
    if (expiresAtMs <= nowMs) return refusal('session_expired')
    // Extended at most once a minute rather than by every bet: one write fewer on most spins.
    if (expiresAtMs - nowMs < SESSION_IDLE_MS) {
      await db
        .update(providerLaunchTokens)
        .set({ expiresAt: new Date(nowMs + SESSION_IDLE_MS + SESSION_EXTEND_EVERY_MS) })
        .where(eq(providerLaunchTokens.tokenHash, hash))
    }
  }
  return {
    playerId: row.token.playerId,
    gameId: row.token.gameId,
    gameSlug: row.slug,
    currency: row.token.currency,
    isSlot: row.categories.includes('slots'),
  }
}

/**
 * Ends every open studio session of the player (a break or a closure starts): their bets and
 * balance calls are refused as `session_expired` from now on; wins and rollbacks of rounds already
 * staked still land, so no stake is lost.
 */
export async function endStudioSessions(db: Db | Tx, playerId: string, now = new Date()) {
  await db
    .update(providerLaunchTokens)
    .set({ expiresAt: now })
    .where(
      and(eq(providerLaunchTokens.playerId, playerId), gt(providerLaunchTokens.expiresAt, now)),
    )
}

/** The player's cash in the session's currency. */
export async function balance(
  db: Db,
  providerId: string,
  input: { session: string; player_id: string },
  nowMs = Date.now(),
): Promise<ProviderAnswer<z.infer<typeof BalanceAnswerSchema>>> {
  const session = await sessionFor(db, providerId, input, true, nowMs)
  if ('status' in session) return refused(session)
  const cash = await accountBalance(db, cashOf(session.playerId, session.currency))
  const freeRounds = await freeRoundsFor(db, { ...session, now: new Date(nowMs) })
  return {
    ok: true,
    body: {
      status: 'ok',
      currency: session.currency,
      balance: cash.toString(),
      free_rounds: freeRounds,
    },
  }
}

type TransactionRow = typeof providerTransactions.$inferSelect

/** A repeated bet or win call is the same call: its kind, player, round, currency and amount. */
export const sameMoneyCall =
  (
    kind: 'bet' | 'win',
    call: {
      playerId: string
      roundId: string
      currency: string
      amountMinor: bigint
      /** A bet's free round (null: a bet of the player's money). */
      freeSpinGrantId?: string | null
    },
  ) =>
  (row: TransactionRow): boolean =>
    row.kind === kind &&
    row.playerId === call.playerId &&
    row.roundId === call.roundId &&
    row.currency === call.currency &&
    row.amountMinor === call.amountMinor &&
    (kind !== 'bet' || row.freeSpinGrantId === (call.freeSpinGrantId ?? null))

/** The first answer to a transaction id, when the repeat asks for the same thing. */
export async function answerRepeat(
  db: Db,
  providerId: string,
  transactionId: string,
  same: (row: TransactionRow) => boolean,
): Promise<ProviderAnswer<TransactionAnswer>> {
  const [row] = await db
    .select()
    .from(providerTransactions)
    .where(
      and(
        eq(providerTransactions.providerId, providerId),
        eq(providerTransactions.providerTransactionId, transactionId),
      ),
    )
  if (!row) return refused(refusal('transaction_in_progress'))
  const stored = row.response as TransactionAnswer | ProviderErrorAnswer
  // A bet a rollback reached first keeps that refusal as its answer, whatever the amount sent.
  if (row.kind === 'bet' && row.isCancelled && stored.status === 'error') return refused(stored)
  if (!same(row)) return refused(refusal('transaction_conflict'))
  return stored.status === 'ok' ? { ok: true, body: stored } : refused(stored)
}
