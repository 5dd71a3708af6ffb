import { createHash, randomBytes } from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import { accountBalance, inLedgerTransaction, postTransfer } from '#server/modules/ledger/index.ts'
import { checkPlayLimits, lockPlayLimitsSql } from '#server/modules/limits/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { loadRates, walletEntry, type WalletEntry } from '#server/modules/wallet/index.ts'
import {
  gameStakeLimits,
  games,
  providerLaunchTokens,
  providerTransactions,
} from '../catalogue/catalogue.tables.ts'
import { bets } from '../bets/bets.tables.ts'
import { betTransfer, playUsageRows } from '../bets/index.ts'
import type {
  AuthenticateAnswer,
  BetBody,
  ProviderErrorAnswer,
  ProviderErrorCode,
  RollbackBody,
  TransactionAnswer,
  WinBody,
} from './provider-wallet.contract.ts'
import type { BetRow } from '../bets/index.ts'
import type { MaxWinOf } from '../bets/index.ts'

// The seamless wallet (issue 6): what a studio's bet, win and rollback do to the ledger. Every
// money call is recorded in `provider_transactions` under the studio's own transaction id in the
// same transaction as its transfer, so a repeated call finds the row and answers what the first
// one did, and a rollback that arrives before its bet leaves a row that bet can never get past.

/** A launch token must be exchanged this soon after the player opened the game. */
export const LAUNCH_TOKEN_TTL_MS = 5 * 60_000
/** A game session lapses after this long without a bet or balance call (the site's idle time). */
export const SESSION_IDLE_MS = 30 * 60_000
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
  transaction_conflict: 'This transaction id was used with other details.',
  bet_rolled_back: 'This bet was rolled back before it arrived; it cannot be placed.',
  bet_settled: 'The round of this bet has paid a win; the bet cannot be rolled back.',
  round_not_found: 'No bet of this player stands in this round.',
  transaction_in_progress: 'This transaction is being processed; retry.',
  internal_error: 'Internal error.',
}

export function refusal(
  code: ProviderErrorCode,
  extra: Partial<Pick<ProviderErrorAnswer, 'balance' | 'min' | 'max'>> = {},
): ProviderErrorAnswer {
  return { status: 'error', code, message: MESSAGES[code], ...extra }
}

/** Thrown inside a transaction to undo everything it did and answer the refusal. */
class Refused extends Error {
  constructor(readonly answer: ProviderErrorAnswer) {
    super(answer.code)
  }
}

/** Thrown when the transaction id is taken: the transaction rolls back, then the first row is read. */
class Duplicate extends Error {}

export type ProviderAnswer<T> =
  { ok: true; body: T; effects?: Effects } | { ok: false; body: ProviderErrorAnswer }

/** What to tell the rest of the site once the transaction committed. */
export interface Effects {
  playerId: string
  wallet: WalletEntry | null
  settledBet: BetRow | null
}

const refused = <T>(body: ProviderErrorAnswer): ProviderAnswer<T> => ({ ok: false, body })

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

async function stakeLimits(db: Db | Tx, gameId: string, currency: string) {
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
      },
    }
  })
}

interface Session {
  playerId: string
  gameId: string
  gameSlug: string
  currency: CurrencyCode
}

/**
 * The session a call names, and the currency a money call names must be the session's.
 * `needsLive`: bets and balance need a session that has not gone idle (and keep it alive); wins
 * and rollbacks settle what an earlier bet started, so they are accepted after it lapsed: a
 * studio must always be able to pay a win it owes.
 */
async function sessionFor(
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
    if (row.token.expiresAt.getTime() <= nowMs) return refusal('session_expired')
    await db
      .update(providerLaunchTokens)
      .set({ expiresAt: new Date(nowMs + SESSION_IDLE_MS) })
      .where(eq(providerLaunchTokens.tokenHash, hash))
  }
  return {
    playerId: row.token.playerId,
    gameId: row.token.gameId,
    gameSlug: row.slug,
    currency: row.token.currency,
  }
}

/** The player's cash in the session's currency. */
export async function balance(
  db: Db,
  providerId: string,
  input: { session: string; player_id: string },
  nowMs = Date.now(),
): Promise<ProviderAnswer<{ status: 'ok'; currency: string; balance: string }>> {
  const session = await sessionFor(db, providerId, input, true, nowMs)
  if ('status' in session) return refused(session)
  const cash = await accountBalance(db, cashOf(session.playerId, session.currency))
  return {
    ok: true,
    body: { status: 'ok', currency: session.currency, balance: cash.toString() },
  }
}

type TransactionRow = typeof providerTransactions.$inferSelect

/** The first answer to a transaction id, when the repeat asks for the same thing. */
async function answerRepeat(
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

/** Runs one money call; a refusal or a duplicate undoes all of it. */
async function inTransaction(
  db: Db,
  work: (tx: Tx) => Promise<{ body: TransactionAnswer; effects: Effects }>,
  repeat: () => Promise<ProviderAnswer<TransactionAnswer>>,
): Promise<ProviderAnswer<TransactionAnswer>> {
  try {
    const done = await inLedgerTransaction(db, work)
    return { ok: true, body: done.body, effects: done.effects }
  } catch (error) {
    if (error instanceof Refused) return refused(error.answer)
    if (error instanceof Duplicate) return repeat()
    throw error
  }
}

/** The round's line in the player's bet history (`bets`), one per studio round. */
const roundRequestId = (providerId: string, roundId: string) => `provider:${providerId}:${roundId}`

/**
 * Adds to the round's bet row: `stake` and `payout` are deltas. The multiplier is recomputed
 * from the new totals (capped to what the column holds). `askedPayoutMinor` is what the studio
 * asked to pay when the maximum win per bet paid less (`payoutMinor`): the row then keeps the
 * round's asked total in `uncapped_payout_minor`.
 */
async function addToRound(
  tx: Tx,
  input: {
    providerId: string
    session: Session
    roundId: string
    stakeMinor: bigint
    payoutMinor: bigint
    askedPayoutMinor?: bigint
    state: 'open' | 'settled' | 'rolled_back'
  },
): Promise<BetRow | undefined> {
  const { session } = input
  const outcome = { provider: input.providerId, round_id: input.roundId, state: input.state }
  const asked = input.askedPayoutMinor ?? input.payoutMinor
  const isCapped = asked !== input.payoutMinor
  const stake = sql`(${bets.stakeMinor} + ${input.stakeMinor}::bigint)`
  const payout = sql`(${bets.payoutMinor} + ${input.payoutMinor}::bigint)`
  const [row] = await tx
    .insert(bets)
    .values({
      id: uuidv7(),
      playerId: session.playerId,
      game: session.gameSlug,
      round: input.roundId,
      currency: session.currency,
      stakeMinor: input.stakeMinor,
      payoutMinor: input.payoutMinor,
      uncappedPayoutMinor: isCapped ? asked : null,
      multiplierBp: 0,
      clientRequestId: roundRequestId(input.providerId, input.roundId),
      outcome,
    })
    .onConflictDoUpdate({
      target: [bets.playerId, bets.clientRequestId],
      set: {
        stakeMinor: stake,
        payoutMinor: payout,
        uncappedPayoutMinor: sql`case when ${bets.uncappedPayoutMinor} is not null or ${isCapped}
          then coalesce(${bets.uncappedPayoutMinor}, ${bets.payoutMinor}) + ${asked}::bigint end`,
        multiplierBp: sql`case when ${stake} > 0
          then least(${payout} * 10000 / ${stake}, 2147483647)::int else 0 end`,
        outcome,
      },
    })
    .returning()
  return row
}

/** Takes a stake: within the game's limits and the player's cash, once per transaction id. */
export async function placeBet(
  db: Db,
  providerId: string,
  input: BetBody,
  nowMs = Date.now(),
): Promise<ProviderAnswer<TransactionAnswer>> {
  const session = await sessionFor(db, providerId, input, true, nowMs)
  if ('status' in session) return refused(session)
  const amount = BigInt(input.amount)
  const { playerId, currency } = session
  return inTransaction(
    db,
    async (tx) => {
      const [claimed] = await tx
        .insert(providerTransactions)
        .values({
          providerId,
          providerTransactionId: input.transaction_id,
          kind: 'bet',
          playerId,
          gameId: session.gameId,
          roundId: input.round_id,
          currency,
          amountMinor: amount,
          response: {},
        })
        .onConflictDoNothing()
        .returning({
          id: providerTransactions.providerTransactionId,
          // Locks the player's loss and wager limits in the statement that claims the id, so a
          // player without limits pays nothing more and parallel bets are counted in turn.
          hasPlayLimits: lockPlayLimitsSql(playerId),
        })
      if (!claimed) throw new Duplicate()
      const limits = await stakeLimits(tx, session.gameId, currency)
      if (!limits) throw new Refused(refusal('currency_not_supported'))
      if (amount < limits.min) {
        throw new Refused(refusal('stake_below_min', { min: limits.min.toString() }))
      }
      if (amount > limits.max) {
        throw new Refused(refusal('stake_above_max', { max: limits.max.toString() }))
      }
      if (claimed.hasPlayLimits) {
        const breach = await checkPlayLimits(tx, {
          playerId,
          currency,
          stakeMinor: amount,
          usageRows: playUsageRows,
          loadRates: () => loadRates(db),
        })
        if (breach) {
          throw new Refused(refusal('limit_exceeded', { max: breach.remainingMinor.toString() }))
        }
      }
      const posted = await postTransfer(
        tx,
        betTransfer('stake', {
          idempotencyKey: `provider-bet:${providerId}:${input.transaction_id}`,
          playerId,
          currency,
          amountMinor: amount,
          reference: `${providerId}:${input.transaction_id}`,
        }),
      )
      if (posted.status === 'exceeds_balance') {
        throw new Refused(
          refusal('insufficient_funds', { balance: posted.availableMinor.toString() }),
        )
      }
      if (posted.status === 'exists') throw new Error('a provider bet posted without its row')
      await addToRound(tx, {
        providerId,
        session,
        roundId: input.round_id,
        stakeMinor: amount,
        payoutMinor: 0n,
        state: 'open',
      })
      return record(tx, providerId, input.transaction_id, {
        playerId,
        currency,
        casinoTransactionId: posted.transfer.id,
        settledBet: null,
      })
    },
    () =>
      answerRepeat(
        db,
        providerId,
        input.transaction_id,
        (row) =>
          row.kind === 'bet' &&
          row.playerId === playerId &&
          row.roundId === input.round_id &&
          row.currency === currency &&
          row.amountMinor === amount,
      ),
  )
}

/** Stores the answer on the transaction's row and reads the wallet the site will announce. */
async function record(
  tx: Tx,
  providerId: string,
  transactionId: string,
  input: {
    playerId: string
    currency: CurrencyCode
    casinoTransactionId: string | null
    settledBet: BetRow | null
    amountMinor?: bigint
    /** A win's answer: what was paid, and whether the maximum win per bet cut it. */
    win?: { paidMinor: bigint; isCapped: boolean }
  },
): Promise<{ body: TransactionAnswer; effects: Effects }> {
  const wallet = await walletEntry(tx, input.playerId, input.currency)
  const body: TransactionAnswer = {
    status: 'ok',
    currency: input.currency,
    balance: wallet.cents,
    transaction_id: transactionId,
    casino_transaction_id: input.casinoTransactionId,
    ...(input.win && { amount: input.win.paidMinor.toString(), capped: input.win.isCapped }),
  }
  await tx
    .update(providerTransactions)
    .set({
      response: body,
      ...(input.amountMinor !== undefined && { amountMinor: input.amountMinor }),
    })
    .where(
      and(
        eq(providerTransactions.providerId, providerId),
        eq(providerTransactions.providerTransactionId, transactionId),
      ),
    )
  return {
    body,
    effects: {
      playerId: input.playerId,
      wallet: input.casinoTransactionId ? wallet : null,
      settledBet: input.settledBet,
    },
  }
}

/**
 * Pays a win into a round where the player has a bet standing (a win of 0 closes a lost round).
 * The bet rows are locked first, so a parallel rollback of them waits and then sees this win,
 * and parallel wins of the round are paid one after another. A round's wins together pay at
 * most the maximum win per bet (`maxWinOf`): a win past it pays what is left (maybe nothing),
 * and the answer says so (`amount`, `capped`).
 */
export async function payWin(
  db: Db,
  providerId: string,
  input: WinBody,
  maxWinOf: MaxWinOf,
  nowMs = Date.now(),
): Promise<ProviderAnswer<TransactionAnswer>> {
  const session = await sessionFor(db, providerId, input, false, nowMs)
  if ('status' in session) return refused(session)
  const amount = BigInt(input.amount)
  const { playerId, currency } = session
  const maxWinMinor = maxWinOf(currency)
  return inTransaction(
    db,
    async (tx) => {
      const standing = await tx
        .select({ id: providerTransactions.providerTransactionId })
        .from(providerTransactions)
        .where(
          and(
            eq(providerTransactions.providerId, providerId),
            eq(providerTransactions.roundId, input.round_id),
            eq(providerTransactions.kind, 'bet'),
            eq(providerTransactions.playerId, playerId),
            eq(providerTransactions.isCancelled, false),
          ),
        )
        .for('update')
      const [claimed] = await tx
        .insert(providerTransactions)
        .values({
          providerId,
          providerTransactionId: input.transaction_id,
          kind: 'win',
          playerId,
          gameId: session.gameId,
          roundId: input.round_id,
          currency,
          amountMinor: amount,
          response: {},
        })
        .onConflictDoNothing()
        .returning({ id: providerTransactions.providerTransactionId })
      if (!claimed) throw new Duplicate()
      if (standing.length === 0) throw new Refused(refusal('round_not_found'))
      const [paidBefore] = await tx
        .select({ payoutMinor: bets.payoutMinor })
        .from(bets)
        .where(
          and(
            eq(bets.playerId, playerId),
            eq(bets.clientRequestId, roundRequestId(providerId, input.round_id)),
          ),
        )
      const roomMinor = maxWinMinor - (paidBefore?.payoutMinor ?? 0n)
      const paidMinor = amount < roomMinor ? amount : roomMinor > 0n ? roomMinor : 0n
      let transferId: string | null = null
      if (paidMinor > 0n) {
        const posted = await postTransfer(
          tx,
          betTransfer('win', {
            idempotencyKey: `provider-win:${providerId}:${input.transaction_id}`,
            playerId,
            currency,
            amountMinor: paidMinor,
            reference: `${providerId}:${input.transaction_id}`,
          }),
        )
        if (posted.status !== 'posted') throw new Error(`a provider win answered ${posted.status}`)
        transferId = posted.transfer.id
      }
      const round = await addToRound(tx, {
        providerId,
        session,
        roundId: input.round_id,
        stakeMinor: 0n,
        payoutMinor: paidMinor,
        askedPayoutMinor: amount,
        state: 'settled',
      })
      return record(tx, providerId, input.transaction_id, {
        playerId,
        currency,
        casinoTransactionId: transferId,
        settledBet: round ?? null,
        win: { paidMinor, isCapped: paidMinor < amount },
      })
    },
    () =>
      answerRepeat(
        db,
        providerId,
        input.transaction_id,
        (row) =>
          row.kind === 'win' &&
          row.playerId === playerId &&
          row.roundId === input.round_id &&
          row.currency === currency &&
          row.amountMinor === amount,
      ),
  )
}

/**
 * Takes a bet back. A bet never seen is recorded as cancelled under its own id, so when it
 * arrives late it is refused (`bet_rolled_back`) and cannot take the stake. A bet whose round
 * paid a win is not rolled back (the player could otherwise keep the win and the stake). The
 * refund's ledger key is the bet's, so two rollbacks with different ids refund once.
 */
export async function rollbackBet(
  db: Db,
  providerId: string,
  input: RollbackBody,
  nowMs = Date.now(),
): Promise<ProviderAnswer<TransactionAnswer>> {
  const session = await sessionFor(db, providerId, input, false, nowMs)
  if ('status' in session) return refused(session)
  const { playerId, currency } = session
  return inTransaction(
    db,
    async (tx) => {
      const [claimed] = await tx
        .insert(providerTransactions)
        .values({
          providerId,
          providerTransactionId: input.transaction_id,
          kind: 'rollback',
          playerId,
          gameId: session.gameId,
          roundId: input.round_id,
          currency,
          amountMinor: 0n,
          rollsBackId: input.bet_transaction_id,
          response: {},
        })
        .onConflictDoNothing()
        .returning({ id: providerTransactions.providerTransactionId })
      if (!claimed) throw new Duplicate()
      const [early] = await tx
        .insert(providerTransactions)
        .values({
          providerId,
          providerTransactionId: input.bet_transaction_id,
          kind: 'bet',
          playerId,
          gameId: session.gameId,
          roundId: input.round_id,
          currency,
          amountMinor: 0n,
          isCancelled: true,
          response: refusal('bet_rolled_back'),
        })
        .onConflictDoNothing()
        .returning({ id: providerTransactions.providerTransactionId })
      if (early) {
        return record(tx, providerId, input.transaction_id, {
          playerId,
          currency,
          casinoTransactionId: null,
          settledBet: null,
        })
      }
      const [bet] = await tx
        .select()
        .from(providerTransactions)
        .where(
          and(
            eq(providerTransactions.providerId, providerId),
            eq(providerTransactions.providerTransactionId, input.bet_transaction_id),
          ),
        )
        .for('update')
      if (!bet || bet.kind !== 'bet') throw new Refused(refusal('transaction_conflict'))
      if (bet.playerId !== playerId) throw new Refused(refusal('player_mismatch'))
      if (bet.isCancelled) {
        // Rolled back already (by another rollback id): nothing more to take back.
        return record(tx, providerId, input.transaction_id, {
          playerId,
          currency,
          casinoTransactionId: null,
          settledBet: null,
        })
      }
      const [win] = await tx
        .select({ id: providerTransactions.providerTransactionId })
        .from(providerTransactions)
        .where(
          and(
            eq(providerTransactions.providerId, providerId),
            eq(providerTransactions.roundId, bet.roundId),
            eq(providerTransactions.kind, 'win'),
            eq(providerTransactions.playerId, playerId),
          ),
        )
        .limit(1)
      if (win) throw new Refused(refusal('bet_settled'))
      if (!isCurrencyCode(bet.currency)) throw new Error(`bet in unknown currency ${bet.currency}`)
      const posted = await postTransfer(
        tx,
        betTransfer('refund', {
          idempotencyKey: `provider-refund:${providerId}:${input.bet_transaction_id}`,
          playerId,
          currency: bet.currency,
          amountMinor: bet.amountMinor,
          reference: `${providerId}:${input.bet_transaction_id}`,
        }),
      )
      if (posted.status !== 'posted') throw new Error(`a provider refund answered ${posted.status}`)
      await tx
        .update(providerTransactions)
        .set({ isCancelled: true })
        .where(
          and(
            eq(providerTransactions.providerId, providerId),
            eq(providerTransactions.providerTransactionId, input.bet_transaction_id),
          ),
        )
      await addToRound(tx, {
        providerId,
        session,
        roundId: bet.roundId,
        stakeMinor: -bet.amountMinor,
        payoutMinor: 0n,
        state: 'rolled_back',
      })
      return record(tx, providerId, input.transaction_id, {
        playerId,
        currency: bet.currency,
        casinoTransactionId: posted.transfer.id,
        settledBet: null,
        amountMinor: bet.amountMinor,
      })
    },
    () =>
      answerRepeat(
        db,
        providerId,
        input.transaction_id,
        (row) =>
          row.kind === 'rollback' &&
          row.playerId === playerId &&
          row.rollsBackId === input.bet_transaction_id,
      ),
  )
}
