import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import type { FastifyRequest } from 'fastify'
import { requestLocale } from '#server/lib/request-locale.ts'
import { DEFAULT_LOCALE } from '#common/locales.ts'
import { translate } from '#common/translate.ts'
import type { CurrencyCode } from '#common/money.ts'
import { accountBalance } from '#server/modules/ledger/index.ts'
import type { SiteService } from '#server/modules/site/index.ts'
import type { Messages } from '#common/messages.ts'
import { allowanceOf, readDepositWagering } from './deposit-wagering.ts'
import type { NextAction, WireTransaction } from './payments.contract.ts'
import {
  paymentTransactions,
  type PaymentDirection,
  type PaymentStatus,
} from './payments.tables.ts'

export type PaymentRow = typeof paymentTransactions.$inferSelect

/**
 * Set in a withdrawal's details once an operator's approval asked the provider to pay: from then
 * on the player can no longer cancel it (the money may already be on its way).
 */
export const PAYOUT_STARTED_DETAIL = 'payout_started_at'
/** How a withdrawal request named its amount (`BTC:275000`), for a repeated idempotency key. */
export const REQUESTED_DETAIL = 'requested'
const INTERNAL_DETAILS = new Set([PAYOUT_STARTED_DETAIL, REQUESTED_DETAIL])

/** Details the player, operators and providers see; internal markers stay on the server. */
export function internalDetailsRemoved(details: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(details).filter(([key]) => !INTERNAL_DETAILS.has(key)))
}

/** Whether the player may still cancel this payment (a pending withdrawal not yet being paid). */
export function canCancel(row: Pick<PaymentRow, 'direction' | 'status' | 'details'>): boolean {
  return (
    row.direction === 'withdrawal' &&
    row.status === 'pending' &&
    row.details[PAYOUT_STARTED_DETAIL] === undefined
  )
}

/** The method's name in the player's language (`payments.methods.<id>`), else English, else the id. */
export function methodName(catalogues: readonly Messages[], methodId: string): string {
  const key = `payments.methods.${methodId}`
  for (const messages of catalogues) {
    const text = translate(messages, key)
    if (text) return text
  }
  return methodId
}

/**
 * The catalogues a history answer is written with: the locale cookie's language, else the best
 * match of `Accept-Language`, else English; English after it for texts not translated yet.
 */
export async function historyCatalogues(
  site: Pick<SiteService, 'messages'>,
  request: FastifyRequest,
  localeCookieName: string,
): Promise<Messages[]> {
  const locale = requestLocale(request, localeCookieName, { acceptLanguage: true })
  return Promise.all([site.messages(locale), site.messages(DEFAULT_LOCALE)])
}

/**
 * One payment row in the history's wire shape. `nextAction` is what the
 * player still has to do for a pending payment (`nextActionOf` in payments.repo.ts).
 */
export function toWireTransaction(
  row: PaymentRow,
  name: string,
  nextAction?: NextAction,
): WireTransaction {
  return {
    id: row.id,
    type: row.direction,
    status: row.status,
    method_id: row.methodId,
    method_name: name,
    currency: row.currency,
    amount: row.amountMinor.toString(),
    wallet_currency: row.walletCurrency,
    wallet_amount: row.walletAmountMinor.toString(),
    details: internalDetailsRemoved(row.details),
    can_cancel: canCancel(row),
    next_action: nextAction ?? null,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  }
}

export interface TransactionFilter {
  currency?: string | undefined
  status?: PaymentStatus | undefined
  transactionType?: PaymentDirection | undefined
  /** `YYYY/MM/DD` or `YYYY-MM-DD`, UTC, inclusive. */
  dateFrom?: string | undefined
  dateTo?: string | undefined
}

const DAY_MS = 86_400_000

/** Midnight UTC of a `YYYY/MM/DD` day; undefined for a day that does not exist (2024/02/31). */
export function utcDay(text: string): Date | undefined {
  const [year, month, day] = text.split(/[/-]/).map((part) => Number.parseInt(part, 10))
  if (year === undefined || month === undefined || day === undefined) return undefined
  const date = new Date(Date.UTC(year, month - 1, day))
  const isSameDay =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  return isSameDay ? date : undefined
}

/**
 * One page of the player's deposits and withdrawals, newest first, and how many match in all.
 * `currency` matches either side of a payment: the method's currency or the wallet's.
 */
export async function listPlayerTransactions(
  db: Db,
  playerId: string,
  filter: TransactionFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: PaymentRow[]; total: number }> {
  const conditions: SQL[] = [eq(paymentTransactions.playerId, playerId)]
  if (filter.currency) {
    conditions.push(
      sql`(${paymentTransactions.currency} = ${filter.currency} or ${paymentTransactions.walletCurrency} = ${filter.currency})`,
    )
  }
  if (filter.status) conditions.push(eq(paymentTransactions.status, filter.status))
  if (filter.transactionType) {
    conditions.push(eq(paymentTransactions.direction, filter.transactionType))
  }
  const from = filter.dateFrom ? utcDay(filter.dateFrom) : undefined
  if (from) conditions.push(gte(paymentTransactions.createdAt, from))
  const to = filter.dateTo ? utcDay(filter.dateTo) : undefined
  if (to) conditions.push(lt(paymentTransactions.createdAt, new Date(to.getTime() + DAY_MS)))
  const where = and(...conditions)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(paymentTransactions)
      .where(where)
      .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ value: count() }).from(paymentTransactions).where(where),
  ])
  return { rows, total: total?.value ?? 0 }
}

/**
 * Player info's `availableToWithdraw`, `wagerRemaining` and `totalDepositAmounts` in `currency`
 * (the player's current one), minor units: the real money on the cash account (held withdrawals
 * are already off it) that may leave by any method, what is still to wager before the rest may
 * (until then it may only go back the way it was deposited), and the sum of completed deposits
 * credited to that wallet.
 */
export async function withdrawableAndDeposited(
  db: Db | Tx,
  playerId: string,
  currency: CurrencyCode,
): Promise<{
  availableToWithdrawMinor: bigint
  wagerRemainingMinor: bigint
  totalDepositedMinor: bigint
}> {
  const [cash, outstanding, [deposited]] = await Promise.all([
    accountBalance(db, { playerId, kind: 'cash', currency }),
    readDepositWagering(db, playerId, currency),
    db
      .select({
        sumMinor: sql<string>`coalesce(sum(${paymentTransactions.walletAmountMinor}), 0)::text`,
      })
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.playerId, playerId),
          eq(paymentTransactions.direction, 'deposit'),
          eq(paymentTransactions.status, 'completed'),
          eq(paymentTransactions.walletCurrency, currency),
        ),
      ),
  ])
  const allowance = allowanceOf(cash, outstanding)
  return {
    availableToWithdrawMinor: allowance.freeMinor,
    wagerRemainingMinor: allowance.wagerRemainingMinor,
    totalDepositedMinor: BigInt(deposited?.sumMinor ?? '0'),
  }
}
