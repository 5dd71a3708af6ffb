import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import type { CurrencyCode } from '#common/money.ts'
import type { NextAction } from './payments.contract.ts'
import {
  paymentMethodLimits,
  paymentMethods,
  paymentTransactions,
  savedPaymentProfiles,
  type PaymentDirection,
} from './payments.tables.ts'
import { sendCryptoAction } from './providers/sandbox-crypto.ts'

export type MethodRow = typeof paymentMethods.$inferSelect
export type LimitRow = typeof paymentMethodLimits.$inferSelect
export type PaymentRow = typeof paymentTransactions.$inferSelect
export type SavedProfileRow = typeof savedPaymentProfiles.$inferSelect

/** Enabled methods with their limits for one direction, in the cashier's order. */
export async function listMethodsWithLimits(
  db: Db | Tx,
  direction: PaymentDirection,
): Promise<{ method: MethodRow; limit: LimitRow }[]> {
  return db
    .select({ method: paymentMethods, limit: paymentMethodLimits })
    .from(paymentMethods)
    .innerJoin(
      paymentMethodLimits,
      and(
        eq(paymentMethodLimits.methodId, paymentMethods.id),
        eq(paymentMethodLimits.direction, direction),
      ),
    )
    .where(eq(paymentMethods.isEnabled, true))
    .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.id))
}

export async function findMethod(db: Db | Tx, methodId: string): Promise<MethodRow | undefined> {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, methodId))
  return row
}

export async function findMethodLimit(
  db: Db | Tx,
  methodId: string,
  direction: PaymentDirection,
  currency: string,
): Promise<LimitRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethodLimits)
    .where(
      and(
        eq(paymentMethodLimits.methodId, methodId),
        eq(paymentMethodLimits.direction, direction),
        eq(paymentMethodLimits.currency, currency),
      ),
    )
  return row
}

/**
 * The currency a method moves into a wallet of `walletCurrency`: a crypto method its own coin
 * (converted into any wallet), the others the wallet's own currency (fiat wallets only).
 */
export function methodCurrency(
  method: Pick<MethodRow, 'cryptoCurrency'>,
  walletCurrency: CurrencyCode,
  isFiat: (currency: string) => boolean,
): string | undefined {
  if (method.cryptoCurrency) return method.cryptoCurrency
  return isFiat(walletCurrency) ? walletCurrency : undefined
}

export async function findPlayerPayment(
  db: Db | Tx,
  playerId: string,
  id: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.playerId, playerId)))
  return row
}

export async function findPaymentByKey(
  db: Db | Tx,
  playerId: string,
  idempotencyKey: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.playerId, playerId),
        eq(paymentTransactions.idempotencyKey, idempotencyKey),
      ),
    )
  return row
}

/** The player's saved accounts, the one used last first. */
export async function listSavedProfiles(db: Db | Tx, playerId: string): Promise<SavedProfileRow[]> {
  return db
    .select()
    .from(savedPaymentProfiles)
    .where(eq(savedPaymentProfiles.playerId, playerId))
    .orderBy(desc(savedPaymentProfiles.lastUsedAt), desc(savedPaymentProfiles.createdAt))
}

/** The method of the player's newest deposit, whatever became of it. */
export async function lastDepositMethod(db: Db | Tx, playerId: string): Promise<string | null> {
  const [row] = await db
    .select({ methodId: paymentTransactions.methodId })
    .from(paymentTransactions)
    .where(
      and(eq(paymentTransactions.playerId, playerId), eq(paymentTransactions.direction, 'deposit')),
    )
    .orderBy(desc(paymentTransactions.createdAt))
    .limit(1)
  return row?.methodId ?? null
}

/**
 * A player's payments in one direction that count against a limit (completed and pending) since
 * `since`, summed per wallet currency in minor units.
 */
export async function paymentTotalsSince(
  db: Db | Tx,
  direction: PaymentDirection,
  playerId: string,
  since: Date,
  excludingId?: string,
): Promise<{ currency: string; totalMinor: bigint; oldestAt: Date }[]> {
  const rows = await db
    .select({
      currency: paymentTransactions.walletCurrency,
      total: sql<string>`sum(${paymentTransactions.walletAmountMinor})::text`,
      oldest: sql<string>`min(${paymentTransactions.createdAt})::text`,
    })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.playerId, playerId),
        eq(paymentTransactions.direction, direction),
        inArray(paymentTransactions.status, ['completed', 'pending']),
        gt(paymentTransactions.createdAt, since),
        excludingId === undefined ? undefined : ne(paymentTransactions.id, excludingId),
      ),
    )
    .groupBy(paymentTransactions.walletCurrency)
  return rows.map((row) => ({
    currency: row.currency,
    totalMinor: BigInt(row.total),
    oldestAt: new Date(row.oldest),
  }))
}

/**
 * What the player does next for a pending payment, rebuilt from what was stored (a repeated
 * request, the history list): the QR code is drawn again rather than stored.
 */
export async function nextActionOf(
  payment: Pick<
    PaymentRow,
    'id' | 'status' | 'nextAction' | 'details' | 'currency' | 'amountMinor'
  >,
  cryptoConfirmations: number,
): Promise<NextAction | undefined> {
  if (payment.status !== 'pending') return undefined
  const details = payment.details
  switch (payment.nextAction) {
    case 'three_ds':
      return { type: 'three_ds', transaction_id: payment.id, url: details.three_ds_url ?? '' }
    case 'bank_transfer':
      return {
        type: 'bank_transfer',
        iban: details.iban ?? '',
        bic: details.bic ?? '',
        beneficiary: details.beneficiary ?? '',
        reference: details.reference ?? '',
      }
    case 'send_crypto':
      if (!details.address) return undefined
      return sendCryptoAction(
        details.address,
        payment.currency as CurrencyCode,
        payment.amountMinor,
        cryptoConfirmations,
      )
    case 'operator_review':
      return {
        type: 'operator_review',
        reason: details.review === 'method_max' ? 'method_max' : 'deposit_limit',
      }
    case null:
    default:
      return undefined
  }
}
