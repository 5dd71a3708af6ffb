import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import {
  inLedgerTransaction,
  postTransfers,
  type TransferInput,
} from '#server/modules/ledger/index.ts'
import { wageringOf } from '#common/bonus-rules.ts'
import {
  gameContribution,
  lockBonusForBet,
  lockBonusOfBet,
  recordWagering,
  returnTransfers,
  splitLockedStake,
  stakeTransfers,
} from '#server/modules/bonuses/index.ts'
import { checkPlay, lockPlayChecksSql, type SlotCycle } from '#server/modules/limits/index.ts'
import { jurisdictionOf } from '#common/protection.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { loadRates, walletEntry } from '#server/modules/wallet/index.ts'
import { playUsageRows, type BetRow, type MaxWinOf } from '#server/modules/bets/index.ts'
import {
  addFreeSpinWin,
  answerRepeat,
  lockFreeRound,
  returnFreeSpin,
  sameMoneyCall,
  takeFreeSpin,
  refusal,
  refused,
  sessionFor,
  stakeLimits,
  type BetBody,
  type Effects,
  type ProviderAnswer,
  type ProviderErrorAnswer,
  type RollbackBody,
  type Session,
  type StudioRounds,
  type TransactionAnswer,
  type WinBody,
} from '#server/modules/studios/index.ts'
import { bets } from '#server/modules/bets/bets.tables.ts'
import { providerTransactions } from '#server/modules/studios/studios.tables.ts'

// Settles a studio round: what a studio's bet, win and rollback do to the player's money (ledger),
// the round's line in the bet history (bets), the loss and wager limits and the player's
// protection (limits) and the game's stake limits (catalogue). The studios module speaks the protocol and calls these
// (`StudioRounds`). Every money call is recorded in `provider_transactions` in the same
// transaction as its transfer, so a repeat answers what the first call did.

/** Thrown inside a transaction to undo everything it did and answer the refusal. */
class Refused extends Error {
  constructor(readonly answer: ProviderErrorAnswer) {
    super(answer.code)
  }
}

/** Thrown when the transaction id is taken: the transaction rolls back, then the first row is read. */
class Duplicate extends Error {}

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
    /** A bet's bonus and the change of the round's bonus-money stake (with `stakeMinor`). */
    bonus?: { id: string | null; stakeMinor: bigint }
  },
): Promise<BetRow | undefined> {
  const bonusStake = input.bonus?.stakeMinor ?? 0n
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
      bonusId: input.bonus?.id ?? null,
      bonusStakeMinor: bonusStake,
      outcome,
    })
    .onConflictDoUpdate({
      target: [bets.playerId, bets.clientRequestId],
      set: {
        stakeMinor: stake,
        bonusStakeMinor: sql`${bets.bonusStakeMinor} + ${bonusStake}::bigint`,
        ...(input.bonus?.id && { bonusId: input.bonus.id }),
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

/** The player's country, read in the statement that claims a bet's id (`jurisdictionOf`). */
const countryOf = (playerId: string) =>
  sql<string>`(select ${players.country} from ${players} where ${players.id} = ${playerId})`

/**
 * A spin of a slot where the player's jurisdiction sets a shortest game cycle (the UK's 2.5 s),
 * so the bet is refused sooner than that after the player's previous round of the game. The
 * round's own earlier bets are the same spin.
 */
function slotCycleOf(session: Session, country: string, roundId: string): SlotCycle | undefined {
  const minCycleMs = jurisdictionOf(country).slotMinCycleMs
  if (!session.isSlot || minCycleMs <= 0) return undefined
  return { game: session.gameSlug, minCycleMs, round: roundId }
}

/**
 * Takes a stake: within the game's limits and the player's cash, once per transaction id; refused
 * (`player_blocked`, with the `reason`) while the player's protection stops play, and
 * (`limit_exceeded`) above what their loss or wager limits allow.
 */
async function placeBet(
  db: Db,
  providerId: string,
  input: BetBody,
  nowMs = Date.now(),
): Promise<ProviderAnswer<TransactionAnswer>> {
  const session = await sessionFor(db, providerId, input, true, nowMs)
  if ('status' in session) return refused(session)
  if (input.free_round_id) {
    return placeFreeRoundBet(db, providerId, input, session, input.free_round_id, nowMs)
  }
  const amount = BigInt(input.amount)
  const { playerId, currency } = session
  // Read before the transaction (cached a minute): no second connection while it holds locks.
  const contribution = await gameContribution(db, { gameId: session.gameId })
  return inTransaction(
    db,
    async (tx) => {
      // The player's active bonus first (before the limits, as every game locks them).
      const locked = await lockBonusForBet(tx, playerId, currency)
      const split = splitLockedStake(locked, amount)
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
          bonusId: split.bonusId,
          bonusStakeMinor: split.bonusMinor,
          response: {},
        })
        .onConflictDoNothing()
        .returning({
          id: providerTransactions.providerTransactionId,
          // Locks the player's loss and wager limits and protection row in the statement that
          // claims the id, so a player with neither pays nothing more and parallel bets are
          // counted in turn.
          hasPlayChecks: lockPlayChecksSql(playerId),
          country: countryOf(playerId),
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
      // The bonus's maximum bet while it is wagered: the protocol's own refusal of a stake above
      // a maximum, with that maximum (nothing moves; the site's players see `wagering.max_bet`).
      if (locked && locked.row.maxBetMinor > 0n && amount > locked.row.maxBetMinor) {
        throw new Refused(refusal('stake_above_max', { max: locked.row.maxBetMinor.toString() }))
      }
      const slotCycle = slotCycleOf(session, claimed.country, input.round_id)
      if (claimed.hasPlayChecks || slotCycle) {
        const { refusal: stopped } = await checkPlay(tx, {
          playerId,
          currency,
          stakeMinor: amount,
          usageRows: playUsageRows,
          loadRates: () => loadRates(db),
          ...(slotCycle && { slotCycle }),
        })
        if (stopped?.kind === 'bar') {
          throw new Refused(refusal('player_blocked', { reason: stopped.reason }))
        }
        if (stopped) {
          throw new Refused(
            refusal('limit_exceeded', { max: stopped.breach.remainingMinor.toString() }),
          )
        }
      }
      const posted = await postTransfers(
        tx,
        stakeTransfers(
          {
            key: `provider-bet:${providerId}:${input.transaction_id}`,
            playerId,
            currency,
            reference: `${providerId}:${input.transaction_id}`,
          },
          split,
        ),
      )
      if (posted.status === 'exceeds_balance') {
        // With a bonus the stake could have used cash and bonus money together.
        const available = locked
          ? locked.cashMinor + locked.bonusBalanceMinor
          : posted.availableMinor
        throw new Refused(refusal('insufficient_funds', { balance: available.toString() }))
      }
      if (posted.status !== 'posted') throw new Error('a provider bet posted without its row')
      const wagering = locked
        ? await recordWagering(tx, locked, wageringOf(amount, contribution), posted.balances)
        : null
      await addToRound(tx, {
        providerId,
        session,
        roundId: input.round_id,
        stakeMinor: amount,
        payoutMinor: 0n,
        state: 'open',
        bonus: { id: split.bonusId, stakeMinor: split.bonusMinor },
      })
      const done = await record(tx, providerId, input.transaction_id, {
        playerId,
        currency,
        casinoTransactionId: posted.transfers[0]?.id ?? null,
        settledBet: null,
      })
      return { ...done, effects: { ...done.effects, wagering } }
    },
    () =>
      answerRepeat(
        db,
        providerId,
        input.transaction_id,
        sameMoneyCall('bet', {
          playerId,
          roundId: input.round_id,
          currency,
          amountMinor: amount,
        }),
      ),
  )
}

/**
 * A free round's stake, between the house's accounts: from `rewards_expense` to the game's
 * settlement for a bet, back for its rollback. The player's money is never touched.
 */
const freeSpinStake = (
  direction: 'stake' | 'refund',
  input: {
    key: string
    playerId: string
    currency: CurrencyCode
    amountMinor: bigint
    reference: string
  },
): TransferInput => {
  const rewards = {
    system: 'rewards_expense' as const,
    currency: input.currency,
    shardKey: input.playerId,
  }
  const game = {
    system: 'game_settlement' as const,
    currency: input.currency,
    shardKey: input.playerId,
  }
  return {
    idempotencyKey: input.key,
    code: 'free_spin_stake',
    debit: direction === 'stake' ? rewards : game,
    credit: direction === 'stake' ? game : rewards,
    amountMinor: input.amountMinor,
    reference: input.reference,
  }
}

/**
 * A bet that plays one spin of a free round (`free_round_id`): the grant is locked first, so
 * parallel bets take its spins in turn; the stake is the house's (`free_spin_stake`), so neither
 * the player's cash, their bonus and its wagering, nor their loss and wager limits are involved,
 * and the round's line records no stake of theirs. Its win is paid as any win. It is still play:
 * the player's protection stops it as any bet (`player_blocked`: a break, a reality check
 * waiting, the play-time limit, a slot spin too soon).
 */
async function placeFreeRoundBet(
  db: Db,
  providerId: string,
  input: BetBody,
  session: Session,
  grantId: string,
  nowMs: number,
): Promise<ProviderAnswer<TransactionAnswer>> {
  const amount = BigInt(input.amount)
  const { playerId, currency } = session
  return inTransaction(
    db,
    async (tx) => {
      const grant = await lockFreeRound(tx, grantId)
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
          freeSpinGrantId: grant?.id ?? null,
          response: {},
        })
        .onConflictDoNothing()
        .returning({
          id: providerTransactions.providerTransactionId,
          hasPlayChecks: lockPlayChecksSql(playerId),
          country: countryOf(playerId),
        })
      if (!claimed) throw new Duplicate()
      const slotCycle = slotCycleOf(session, claimed.country, input.round_id)
      if (claimed.hasPlayChecks || slotCycle) {
        // No stake of the player's: only the bars can stop it, never the loss or wager limits.
        const { refusal: stopped } = await checkPlay(tx, {
          playerId,
          currency,
          stakeMinor: 0n,
          usageRows: playUsageRows,
          loadRates: () => loadRates(db),
          ...(slotCycle && { slotCycle }),
        })
        if (stopped?.kind === 'bar') {
          throw new Refused(refusal('player_blocked', { reason: stopped.reason }))
        }
      }
      const problem = await takeFreeSpin(tx, grant, {
        playerId,
        gameId: session.gameId,
        currency,
        stakeMinor: amount,
        now: new Date(nowMs),
      })
      if (problem === 'free_round_stake_mismatch' && grant) {
        const stake = grant.stakeMinor.toString()
        throw new Refused(refusal(problem, { min: stake, max: stake }))
      }
      if (problem) throw new Refused(refusal(problem))
      const posted = await postTransfers(tx, [
        freeSpinStake('stake', {
          key: `provider-bet:${providerId}:${input.transaction_id}`,
          playerId,
          currency,
          amountMinor: amount,
          reference: `${providerId}:${input.transaction_id}`,
        }),
      ])
      if (posted.status !== 'posted')
        throw new Error(`a free round's stake answered ${posted.status}`)
      await addToRound(tx, {
        providerId,
        session,
        roundId: input.round_id,
        stakeMinor: 0n,
        payoutMinor: 0n,
        state: 'open',
      })
      return record(tx, providerId, input.transaction_id, {
        playerId,
        currency,
        casinoTransactionId: posted.transfers[0]?.id ?? null,
        settledBet: null,
      })
    },
    () =>
      answerRepeat(
        db,
        providerId,
        input.transaction_id,
        sameMoneyCall('bet', {
          playerId,
          roundId: input.round_id,
          currency,
          amountMinor: amount,
          freeSpinGrantId: grantId,
        }),
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
async function payWin(
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
        .select({
          id: providerTransactions.providerTransactionId,
          amountMinor: providerTransactions.amountMinor,
          bonusId: providerTransactions.bonusId,
          bonusStakeMinor: providerTransactions.bonusStakeMinor,
          freeSpinGrantId: providerTransactions.freeSpinGrantId,
        })
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
      // The round's win goes back the way its standing stakes came: the bonus money's share to
      // the bonus (while active; to cash once completed; not at all once forfeited).
      const stakeMinor = standing.reduce((sum, bet) => sum + bet.amountMinor, 0n)
      const bonusStakeMinor = standing.reduce((sum, bet) => sum + bet.bonusStakeMinor, 0n)
      const bonusId = standing.find((bet) => bet.bonusStakeMinor > 0n)?.bonusId ?? null
      const goesTo = await lockBonusOfBet(tx, { bonusId, bonusStakeMinor })
      // A free round's share of the win (all of it, unless the round mixed in the player's own
      // stakes) adds to what its grant has won; the money itself is paid as any win.
      for (const bet of standing) {
        if (bet.freeSpinGrantId && stakeMinor > 0n) {
          await addFreeSpinWin(tx, bet.freeSpinGrantId, (paidMinor * bet.amountMinor) / stakeMinor)
        }
      }
      const { transfers } = returnTransfers(
        'win',
        {
          key: `provider-win:${providerId}:${input.transaction_id}`,
          playerId,
          currency,
          reference: `${providerId}:${input.transaction_id}`,
        },
        { amountMinor: paidMinor, stakeMinor, bonusStakeMinor },
        goesTo,
      )
      let transferId: string | null = null
      if (transfers.length > 0) {
        const posted = await postTransfers(tx, transfers)
        if (posted.status !== 'posted') throw new Error(`a provider win answered ${posted.status}`)
        transferId = posted.transfers[0]?.id ?? null
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
        sameMoneyCall('win', {
          playerId,
          roundId: input.round_id,
          currency,
          amountMinor: amount,
        }),
      ),
  )
}

/**
 * Takes a bet back. A bet never seen is recorded as cancelled under its own id, so when it
 * arrives late it is refused (`bet_rolled_back`) and cannot take the stake. A bet whose round
 * paid a win is not rolled back (the player could otherwise keep the win and the stake). The
 * refund's ledger key is the bet's, so two rollbacks with different ids refund once.
 */
async function rollbackBet(
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
      const refund = {
        key: `provider-refund:${providerId}:${input.bet_transaction_id}`,
        playerId,
        currency: bet.currency,
        reference: `${providerId}:${input.bet_transaction_id}`,
      }
      let transfers: TransferInput[]
      if (bet.freeSpinGrantId) {
        // A free round's spin goes back to its grant, its stake back to the house.
        await returnFreeSpin(tx, bet.freeSpinGrantId)
        transfers = [freeSpinStake('refund', { ...refund, amountMinor: bet.amountMinor })]
      } else {
        // The stake goes back the way it came (its bonus part nowhere once the bonus was forfeited).
        const goesTo = await lockBonusOfBet(tx, bet)
        ;({ transfers } = returnTransfers(
          'refund',
          refund,
          {
            amountMinor: bet.amountMinor,
            stakeMinor: bet.amountMinor,
            bonusStakeMinor: bet.bonusStakeMinor,
          },
          goesTo,
        ))
      }
      let refundId: string | null = null
      if (transfers.length > 0) {
        const posted = await postTransfers(tx, transfers)
        if (posted.status !== 'posted')
          throw new Error(`a provider refund answered ${posted.status}`)
        refundId = posted.transfers[0]?.id ?? null
      }
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
        // A free round's stake was never on the round's line.
        stakeMinor: bet.freeSpinGrantId ? 0n : -bet.amountMinor,
        payoutMinor: 0n,
        state: 'rolled_back',
        bonus: { id: null, stakeMinor: -bet.bonusStakeMinor },
      })
      return record(tx, providerId, input.transaction_id, {
        playerId,
        currency: bet.currency,
        casinoTransactionId: refundId,
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

export const settleStudioRound: StudioRounds = { placeBet, payWin, rollbackBet }
