import { and, asc, count, eq, ilike } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { REVIEW_ACTION } from './deposit-settlement.ts'
import { paymentMethods, paymentTransactions } from './payments.tables.ts'
import {
  containsPattern,
  paymentsWithPlayers,
  withPlayer,
  type WithdrawalWithPlayer,
} from './withdrawals.ts'

/**
 * The deposits operators act on: `bank` transfers waiting for the money to arrive (the operator
 * confirms what the statement shows), `review` deposits held above a method's maximum or the
 * player's deposit limit (released or returned).
 */
export type DepositQueue = 'bank' | 'review'

const queueWhere = (queue: DepositQueue) =>
  and(
    eq(paymentTransactions.direction, 'deposit'),
    eq(paymentTransactions.status, 'pending'),
    queue === 'bank'
      ? and(
          eq(paymentMethods.provider, 'sandbox_bank'),
          eq(paymentTransactions.nextAction, 'bank_transfer'),
        )
      : eq(paymentTransactions.nextAction, REVIEW_ACTION),
  )

/** One page of a deposit queue with the players, oldest first (the order they came in). */
export async function listDepositQueue(
  db: Db,
  queue: DepositQueue,
  filter: { email?: string | undefined },
  page: { offset: number; limit: number },
): Promise<{ rows: WithdrawalWithPlayer[]; total: number }> {
  const where = and(
    queueWhere(queue),
    filter.email ? ilike(players.email, containsPattern(filter.email)) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    paymentsWithPlayers(db)
      .innerJoin(paymentMethods, eq(paymentMethods.id, paymentTransactions.methodId))
      .where(where)
      .orderBy(asc(paymentTransactions.createdAt), asc(paymentTransactions.id))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ value: count() })
      .from(paymentTransactions)
      .innerJoin(players, eq(players.id, paymentTransactions.playerId))
      .innerJoin(paymentMethods, eq(paymentMethods.id, paymentTransactions.methodId))
      .where(where),
  ])
  return { rows: rows.map(withPlayer), total: total?.value ?? 0 }
}
