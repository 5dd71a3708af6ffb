import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { ADJUSTMENT_MAX_EUR_MINOR } from '#common/back-office.ts'
import { formatDecimal, type CurrencyCode } from '#common/money.ts'
import { AppError } from '#server/lib/errors.ts'
import {
  accountBalance,
  openAccounts,
  postTransfer,
  type TransferResult,
} from '#server/modules/ledger/index.ts'
import type { RateTable } from './exchange-rates.ts'
import { balanceAdjustments, type AdjustmentStatus } from './wallet.tables.ts'

export type BalanceAdjustment = typeof balanceAdjustments.$inferSelect
type PostedBalances = Extract<TransferResult, { status: 'posted' }>['balances']

/** The ledger key of an approved adjustment: its id, so it can move money once however asked. */
export const adjustmentTransferKey = (id: string) => `adjustment:${id}`

/**
 * An operator asks for a correction of a player's cash (four-eyes: another operator decides it).
 * Refused over the cap (`ADJUSTMENT_MAX_EUR_MINOR`, EUR-equivalent at the mid rate) and, for a
 * debit, beyond the player's cash now (checked again when it is approved: cash moves meanwhile).
 */
export async function requestAdjustment(
  tx: Tx,
  rates: RateTable,
  input: {
    playerId: string
    currency: CurrencyCode
    amountMinor: bigint
    reason: string
    operatorId: string
  },
): Promise<BalanceAdjustment> {
  const { playerId, currency, amountMinor } = input
  const size = amountMinor < 0n ? -amountMinor : amountMinor
  if (rates.convert(size, currency, 'EUR', 'half_even') > BigInt(ADJUSTMENT_MAX_EUR_MINOR)) {
    throw new AppError('adjustments.over_cap', {
      params: { max: formatDecimal(BigInt(ADJUSTMENT_MAX_EUR_MINOR), 'EUR') },
    })
  }
  if (amountMinor < 0n) {
    const cash = await accountBalance(tx, { playerId, kind: 'cash', currency })
    if (cash < size) throw exceedsCash(cash, currency)
  }
  const [row] = await tx
    .insert(balanceAdjustments)
    .values({
      playerId,
      currency,
      amountMinor,
      reason: input.reason,
      requestedBy: input.operatorId,
    })
    .returning()
  if (!row) throw new Error('insert returned no adjustment')
  return row
}

export type AdjustmentDecision = { decision: 'approve' } | { decision: 'reject'; reason: string }

/**
 * Decides a pending adjustment: lock the row, check it is pending and that the deciding operator
 * is not the one who asked (by operator id, so a second session of the same operator is refused
 * too), then, approved, move the money in one ledger transfer (`adjustment`, house against the
 * player's cash) keyed by the adjustment's id. Answers the decided row and, approved, the
 * player's balances after it. Runs in the caller's transaction with its audit record.
 */
export async function decideAdjustment(
  tx: Tx,
  input: { id: string; operatorId: string } & AdjustmentDecision,
  now = new Date(),
): Promise<{ adjustment: BalanceAdjustment; balances: PostedBalances }> {
  const [row] = await tx
    .select()
    .from(balanceAdjustments)
    .where(eq(balanceAdjustments.id, input.id))
    .for('update')
  if (!row) throw new AppError('adjustments.not_found')
  if (row.status !== 'pending') throw new AppError('adjustments.not_pending')
  if (row.requestedBy === input.operatorId) throw new AppError('adjustments.same_operator')

  let balances: PostedBalances = []
  if (input.decision === 'approve') {
    const currency = row.currency as CurrencyCode
    const player = { playerId: row.playerId, kind: 'cash', currency } as const
    const house = { system: 'house', currency, shardKey: row.playerId } as const
    await openAccounts(tx, [player])
    const isCredit = row.amountMinor > 0n
    const result = await postTransfer(tx, {
      idempotencyKey: adjustmentTransferKey(row.id),
      code: 'adjustment',
      debit: isCredit ? house : player,
      credit: isCredit ? player : house,
      amountMinor: isCredit ? row.amountMinor : -row.amountMinor,
      reference: row.id,
    })
    if (result.status === 'exceeds_balance') throw exceedsCash(result.availableMinor, currency)
    if (result.status === 'posted') balances = result.balances
  }
  const [decided] = await tx
    .update(balanceAdjustments)
    .set({
      status: input.decision === 'approve' ? 'approved' : 'rejected',
      decidedBy: input.operatorId,
      decidedAt: now,
      rejectReason: input.decision === 'reject' ? input.reason : null,
    })
    .where(eq(balanceAdjustments.id, row.id))
    .returning()
  if (!decided) throw new Error('update returned no adjustment')
  return { adjustment: decided, balances }
}

const exceedsCash = (available: bigint, currency: CurrencyCode) =>
  new AppError('adjustments.exceeds_cash', {
    params: { available: `${formatDecimal(available, currency)} ${currency}`, currency },
  })

export async function findAdjustment(db: Db, id: string): Promise<BalanceAdjustment | undefined> {
  const [row] = await db.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id))
  return row
}

export interface AdjustmentListQuery {
  status?: AdjustmentStatus | undefined
  playerId?: string | undefined
  page: number
  pageSize: number
  sort: 'requested' | '-requested'
}

/** The four-eyes queue (or a player's adjustments), paginated on the server. */
export async function listAdjustments(
  db: Db,
  query: AdjustmentListQuery,
): Promise<{ items: BalanceAdjustment[]; total: number }> {
  const filters: SQL[] = []
  if (query.status) filters.push(eq(balanceAdjustments.status, query.status))
  if (query.playerId) filters.push(eq(balanceAdjustments.playerId, query.playerId))
  const where = filters.length > 0 ? and(...filters) : undefined
  const order =
    query.sort === 'requested'
      ? [asc(balanceAdjustments.requestedAt), asc(balanceAdjustments.id)]
      : [desc(balanceAdjustments.requestedAt), desc(balanceAdjustments.id)]
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(balanceAdjustments)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ count: count() }).from(balanceAdjustments).where(where),
  ])
  return { items, total: total?.count ?? 0 }
}
