import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { settledStakesSince } from '#server/modules/bets/index.ts'
import { depositWagering, paymentTransactions } from './payments.tables.ts'

// Deposited money is wagered once (the operator's multiplier) before it may leave by another
// method or currency than it came with. The rule's state is one row per player and
// wallet currency: what is still to wager. Bets never touch it (the bet path stays as fast as it
// was); the stakes settled since the row was last counted are taken off when a deposit or a
// withdrawal locks it. See docs/decisions/008-exchange-rates-and-wagering.md.

/** The multiplier (1 = once) as a whole percentage, for bigint arithmetic. */
const percentOf = (multiplier: number) => BigInt(Math.round(multiplier * 100))

/** `amount × multiplier`, rounded up: the player never owes a fraction less than the rule says. */
export function wagerFor(amountMinor: bigint, multiplier: number): bigint {
  return (amountMinor * percentOf(multiplier) + 99n) / 100n
}

/**
 * Locks the player's wagering row of `currency` for the rest of the transaction and brings it up
 * to date: the stakes settled since it was last counted are taken off, never below zero. Answers
 * what is still to wager. Every deposit credit (which makes the row, `create`) and withdrawal in
 * that currency goes through here first, so they serialise on this row. Note: a withdrawal that
 * finds no row has no deposit to wager and only takes cash that was there before any deposit a
 * concurrent credit is adding, so it needs no row to lock.
 */
export async function lockDepositWagering(
  tx: Tx,
  playerId: string,
  currency: string,
  options: { create?: boolean } = {},
): Promise<bigint> {
  if (options.create) {
    await tx.insert(depositWagering).values({ playerId, currency }).onConflictDoNothing()
  }
  const [row] = await tx
    .select()
    .from(depositWagering)
    .where(and(eq(depositWagering.playerId, playerId), eq(depositWagering.currency, currency)))
    .for('update')
  if (!row || row.outstandingMinor === 0n) return 0n
  const stakes = await settledStakesSince(tx, { playerId, currency, since: row.countedUntil })
  if (stakes.newestAt === null) return row.outstandingMinor
  const outstanding = row.outstandingMinor - stakes.stakedMinor
  const left = outstanding > 0n ? outstanding : 0n
  await tx
    .update(depositWagering)
    .set({ outstandingMinor: left, countedUntil: stakes.newestAt })
    .where(and(eq(depositWagering.playerId, playerId), eq(depositWagering.currency, currency)))
  return left
}

/**
 * A credited deposit adds its amount times the multiplier to what is still to wager (in the
 * deposit's transaction, after `lockDepositWagering`). Stakes settled before it no longer count:
 * counting restarts from now.
 */
export async function addDepositWagering(
  tx: Tx,
  input: { playerId: string; currency: string; amountMinor: bigint; multiplier: number },
): Promise<void> {
  const owed = wagerFor(input.amountMinor, input.multiplier)
  if (owed === 0n) return
  await tx
    .update(depositWagering)
    .set({
      outstandingMinor: sql`${depositWagering.outstandingMinor} + ${owed}`,
      countedUntil: sql`greatest(${depositWagering.countedUntil}, now())`,
    })
    .where(
      and(
        eq(depositWagering.playerId, input.playerId),
        eq(depositWagering.currency, input.currency),
      ),
    )
}

/**
 * Money given back the way it came (a closed-loop withdrawal) owes no more wagering: its amount
 * times the multiplier is taken off what is still to wager.
 */
export async function releaseDepositWagering(
  tx: Tx,
  input: { playerId: string; currency: string; amountMinor: bigint; multiplier: number },
): Promise<void> {
  const released = wagerFor(input.amountMinor, input.multiplier)
  if (released === 0n) return
  await tx
    .update(depositWagering)
    .set({ outstandingMinor: sql`greatest(0, ${depositWagering.outstandingMinor} - ${released})` })
    .where(
      and(
        eq(depositWagering.playerId, input.playerId),
        eq(depositWagering.currency, input.currency),
      ),
    )
}

/**
 * Deposits by `methodId` in `currency` into the wallet `walletCurrency` not yet taken back the
 * same way (completed deposits minus pending and completed withdrawals), in wallet minor units:
 * what may go back to its source whatever is still to wager.
 */
export async function closedLoopMinor(
  db: Db | Tx,
  input: {
    playerId: string
    methodId: string
    currency: string
    walletCurrency: string
    /** The withdrawal being checked, already recorded: not yet a way back taken. */
    exceptId: string
  },
): Promise<bigint> {
  const loops = await closedLoopsByMethod(
    db,
    input.playerId,
    input.walletCurrency,
    [input.methodId],
    input.exceptId,
  )
  return loops.get(`${input.methodId}:${input.currency}`) ?? 0n
}

/** What may leave a wallet: to any method, and in addition back the way deposits came. */
export interface WithdrawalAllowance {
  /** Cash no deposit still waits to be wagered with: free to leave by any method. */
  freeMinor: bigint
  /** Stakes still to wager before all the cash is free. */
  wagerRemainingMinor: bigint
}

/**
 * The rule itself: cash beyond what is still to wager is free; the rest is held back from other
 * methods. `closedLoopMinor` more may go back to the source it came from.
 */
export function allowanceOf(cashMinor: bigint, outstandingMinor: bigint): WithdrawalAllowance {
  const locked = outstandingMinor < cashMinor ? outstandingMinor : cashMinor
  return { freeMinor: cashMinor - locked, wagerRemainingMinor: outstandingMinor }
}

/** How much of `cashMinor` a withdrawal by one method may take: the free part and its loop. */
export function allowedByMethod(
  cashMinor: bigint,
  allowance: WithdrawalAllowance,
  loopMinor: bigint,
): bigint {
  const locked = cashMinor - allowance.freeMinor
  return allowance.freeMinor + (loopMinor < locked ? loopMinor : locked)
}

/**
 * What is still to wager as of now without writing anything (player info, the methods list):
 * the stored figure less the stakes settled since it was counted.
 */
export async function readDepositWagering(
  db: Db | Tx,
  playerId: string,
  currency: string,
): Promise<bigint> {
  const [row] = await db
    .select()
    .from(depositWagering)
    .where(and(eq(depositWagering.playerId, playerId), eq(depositWagering.currency, currency)))
  if (!row || row.outstandingMinor === 0n) return 0n
  const stakes = await settledStakesSince(db, { playerId, currency, since: row.countedUntil })
  const outstanding = row.outstandingMinor - stakes.stakedMinor
  return outstanding > 0n ? outstanding : 0n
}

/** `closedLoopMinor` of several methods at once, keyed `method:currency` (one query). */
export async function closedLoopsByMethod(
  db: Db | Tx,
  playerId: string,
  walletCurrency: string,
  methodIds: string[],
  exceptId?: string,
): Promise<Map<string, bigint>> {
  if (methodIds.length === 0) return new Map()
  const rows = await db
    .select({
      methodId: paymentTransactions.methodId,
      currency: paymentTransactions.currency,
      netMinor: sql<string>`coalesce(sum(case when ${paymentTransactions.direction} = 'deposit'
        then ${paymentTransactions.walletAmountMinor} else -${paymentTransactions.walletAmountMinor} end), 0)::text`,
    })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.playerId, playerId),
        eq(paymentTransactions.walletCurrency, walletCurrency),
        inArray(paymentTransactions.methodId, methodIds),
        exceptId === undefined ? undefined : ne(paymentTransactions.id, exceptId),
        sql`(${paymentTransactions.status} = 'completed' or (${paymentTransactions.direction} = 'withdrawal' and ${paymentTransactions.status} = 'pending'))`,
      ),
    )
    .groupBy(paymentTransactions.methodId, paymentTransactions.currency)
  const loops = new Map<string, bigint>()
  for (const row of rows) {
    const net = BigInt(row.netMinor)
    loops.set(`${row.methodId}:${row.currency}`, net > 0n ? net : 0n)
  }
  return loops
}
