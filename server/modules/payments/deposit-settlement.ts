import { and, eq, sql } from 'drizzle-orm'
import { DEFAULT_LOCALE } from '#common/locales.ts'
import type { Db, Tx } from '#db/client.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { depositAllowance, inCurrency } from '#server/modules/limits/index.ts'
import type { RateTable } from '#server/modules/wallet/index.ts'
import { findCashierPlayer, type CreditChanges, type ReviewReason } from './cashier.ts'
import { depositTotalsSince } from './deposit-limits.ts'
import {
  paymentMethodLimits,
  paymentTransactions,
  savedPaymentProfiles,
} from './payments.tables.ts'
import type { PaymentRow } from './payments.repo.ts'
import type { SavedProfileInput } from './providers/provider.ts'
import { uuidv7 } from '#server/lib/ids.ts'

// The payments' own part of crediting a deposit: which row waits, whether it goes to review,
// how the row reads once credited. The money, the wagering and the notification cross modules:
// they are the credit-deposit flow's, which the cashier receives as `deposits`.

/** The next action of a deposit whose money is held until an operator releases or returns it. */
export const REVIEW_ACTION = 'operator_review'

/**
 * Locks a payment row for the rest of the transaction; `waiting` when it is a deposit still to
 * be credited (pending, not held for review).
 */
export async function lockDepositForCredit(
  tx: Tx,
  paymentId: string,
): Promise<{ row: PaymentRow; waiting: boolean }> {
  const [locked] = await tx
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, paymentId))
    .for('update')
  if (!locked) throw new Error(`payment ${paymentId} is not there`)
  const waiting =
    locked.status === 'pending' &&
    locked.direction === 'deposit' &&
    locked.nextAction !== REVIEW_ACTION
  return { row: locked, waiting }
}

/**
 * Why a deposit of this size may not go to play, if it may not: above its method's maximum (or
 * a method that no longer takes this currency), or above what the player's deposit limits leave
 * (the limit rows are locked for the rest of the transaction, so two credits at once cannot both
 * use the last of an allowance).
 */
export async function reviewReason(
  tx: Tx,
  rates: RateTable,
  payment: PaymentRow,
  amounts: { amountMinor: bigint; walletAmountMinor: bigint },
): Promise<ReviewReason | undefined> {
  const [limits] = await tx
    .select({ maxMinor: paymentMethodLimits.maxMinor })
    .from(paymentMethodLimits)
    .where(
      and(
        eq(paymentMethodLimits.methodId, payment.methodId),
        eq(paymentMethodLimits.direction, 'deposit'),
        eq(paymentMethodLimits.currency, payment.currency),
      ),
    )
  if (!limits || amounts.amountMinor > limits.maxMinor) return 'method_max'
  const player = await findCashierPlayer(tx, payment.playerId)
  const allowance = await depositAllowance(tx, rates, {
    playerId: payment.playerId,
    currency: player.currency,
    totalsSince: depositTotalsSince,
    excludingId: payment.id,
  })
  const counted = inCurrency(
    rates,
    amounts.walletAmountMinor,
    payment.walletCurrency,
    player.currency,
  )
  if (allowance && (counted ?? 0n) > allowance.remainingMinor) return 'deposit_limit'
  return undefined
}

/**
 * Writes a locked deposit's credit (or its hold for review) once its money has moved: the
 * amounts that arrived, the provider's details, the saved account.
 */
export async function recordCredit(
  tx: Tx,
  locked: PaymentRow,
  credit: {
    review: ReviewReason | undefined
    amountMinor: bigint
    walletAmountMinor: bigint
    changes: CreditChanges
  },
): Promise<PaymentRow> {
  const { review, changes } = credit
  let savedProfileId = locked.savedProfileId
  if (changes.saveProfile) {
    savedProfileId = await saveProfile(tx, locked.playerId, locked.methodId, changes.saveProfile)
  }
  const now = new Date()
  const [payment] = await tx
    .update(paymentTransactions)
    .set({
      ...(review
        ? { nextAction: REVIEW_ACTION }
        : { status: 'completed' as const, nextAction: null, completedAt: now }),
      amountMinor: credit.amountMinor,
      walletAmountMinor: credit.walletAmountMinor,
      rate: changes.rate ?? locked.rate,
      providerReference: changes.providerReference ?? locked.providerReference,
      details: { ...locked.details, ...changes.details, ...(review && { review }) },
      savedProfileId,
      updatedAt: now,
    })
    .where(eq(paymentTransactions.id, locked.id))
    .returning()
  if (!payment) throw new Error('payment update returned nothing')
  if (changes.confirmedBy) {
    await recordAudit(tx, changes.confirmedBy.request, {
      actorType: 'operator',
      actorId: changes.confirmedBy.operatorId,
      playerId: payment.playerId,
      action: 'deposit.confirmed',
      details: {
        paymentId: payment.id,
        amountMinor: payment.amountMinor.toString(),
        currency: payment.currency,
        announcedMinor: locked.amountMinor.toString(),
        ...(review && { review }),
      },
    })
  }
  return payment
}

/**
 * Stores a saved account, or marks the same card (label and expiry) as used now with the
 * provider's latest token for it.
 */
async function saveProfile(
  tx: Tx,
  playerId: string,
  methodId: string,
  profile: SavedProfileInput,
): Promise<string> {
  const [same] = await tx
    .select({ id: savedPaymentProfiles.id })
    .from(savedPaymentProfiles)
    .where(
      and(
        eq(savedPaymentProfiles.playerId, playerId),
        eq(savedPaymentProfiles.methodId, methodId),
        eq(savedPaymentProfiles.label, profile.label),
        sql`${savedPaymentProfiles.fields} = ${JSON.stringify(profile.fields)}::jsonb`,
      ),
    )
  if (same) {
    await tx
      .update(savedPaymentProfiles)
      .set({ lastUsedAt: new Date(), providerToken: profile.providerToken })
      .where(eq(savedPaymentProfiles.id, same.id))
    return same.id
  }
  const id = uuidv7()
  await tx.insert(savedPaymentProfiles).values({
    id,
    playerId,
    methodId,
    label: profile.label,
    fields: profile.fields,
    providerToken: profile.providerToken,
  })
  return id
}

/** The language of the player a payment belongs to (English for a payment that is not there). */
export async function paymentLocale(db: Db, paymentId: string): Promise<string> {
  const [row] = await db
    .select({ playerId: paymentTransactions.playerId })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, paymentId))
  return row ? (await findCashierPlayer(db, row.playerId)).locale : DEFAULT_LOCALE
}

/** Marks a pending deposit failed with the provider's reason; nothing moves. */
export async function failDeposit(
  db: Db | Tx,
  paymentId: string,
  reason: string,
  details: Record<string, string> = {},
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(paymentTransactions)
    .set({
      status: 'failed',
      nextAction: null,
      details: sql`${paymentTransactions.details} || ${JSON.stringify({ ...details, reason })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(paymentTransactions.id, paymentId), eq(paymentTransactions.status, 'pending')))
    .returning()
  return row
}
