import { and, eq, sql } from 'drizzle-orm'
import { DEFAULT_LOCALE } from '#common/locales.ts'
import type { Db, Tx } from '#db/client.ts'
import type { CurrencyCode } from '#common/money.ts'
import { inLedgerTransaction, postTransfer } from '#server/modules/ledger/index.ts'
import { notifyAfterCommit } from '#server/modules/notifications/index.ts'
import { textsIn } from '#server/modules/site/index.ts'
import { inCurrency } from '#server/modules/limits/index.ts'
import { loadRates, publishWallet, type RateTable } from '#server/modules/wallet/index.ts'
import { findCashierPlayer, moneyText, type Cashier } from './cashier.ts'
import { addDepositWagering, lockDepositWagering } from './deposit-wagering.ts'
import { depositAllowance } from './deposit-limits.ts'
import {
  paymentMethodLimits,
  paymentTransactions,
  savedPaymentProfiles,
} from './payments.tables.ts'
import type { PaymentRow } from './payments.repo.ts'
import type { SavedProfileInput } from './providers/provider.ts'
import { uuidv7 } from '#server/lib/ids.ts'

/** What a credit may settle beyond the stored row: the amount a crypto transfer actually sent. */
export interface CreditChanges {
  amountMinor?: bigint
  walletAmountMinor?: bigint
  rate?: string
  providerReference?: string
  details?: Record<string, string>
  saveProfile?: SavedProfileInput | undefined
}

export type CreditResult =
  | { status: 'credited'; payment: PaymentRow }
  /** Above the method's maximum or the player's deposit limit: held for an operator's review. */
  | { status: 'held'; payment: PaymentRow }
  /** The payment was no longer pending (or already held for review): nothing moved. */
  | { status: 'not_pending'; payment: PaymentRow }

/** The next action of a deposit whose money is held until an operator releases or returns it. */
export const REVIEW_ACTION = 'operator_review'
/** Why a deposit is held for review, kept in its details as `review`. */
export type ReviewReason = 'method_max' | 'deposit_limit'

/**
 * Why a deposit of this size may not go to play, if it may not: above its method's maximum (or
 * a method that no longer takes this currency), or above what the player's deposit limits leave
 * (the limit rows are locked for the rest of the transaction, so two credits at once cannot both
 * use the last of an allowance).
 */
async function reviewReason(
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
 * Stores a saved account, or marks the same card (label and expiry) as used now with the
 * provider's latest token for it.
 */
export async function saveProfile(
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

/**
 * Credits a pending deposit exactly once: in one transaction the payment row is locked, the
 * ledger moves its wallet amount from the provider's clearing account to the player's cash (key
 * `deposit:<id>`), the row is marked completed, a saved account is kept and the player's
 * notification stored. After commit the header, the domain event and the notification go out.
 * A payment that is no longer pending moves nothing.
 *
 * A deposit above its method's maximum or the player's deposit limit (money a gateway delivers
 * whatever was announced, or a bank transfer bigger than the reference said) goes to the
 * player's held account instead, under the same key, and waits `pending` with the next action
 * `operator_review` until an operator releases or returns it (`review-deposit.ts`).
 */
export async function creditDeposit(
  cashier: Cashier,
  paymentId: string,
  changes: CreditChanges = {},
): Promise<CreditResult> {
  // The notification's catalogues are read before the transaction: on the embedded database a
  // read outside the transaction would wait for the transaction itself.
  const texts = await notificationTexts(cashier, paymentId)
  const { depositWagerMultiplier } = await cashier.rules()
  const rates = await loadRates(cashier.db)
  const outcome = await notifyAfterCommit(cashier, (notify) =>
    inLedgerTransaction(cashier.db, async (tx) => {
      const [locked] = await tx
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.id, paymentId))
        .for('update')
      if (!locked) throw new Error(`payment ${paymentId} is not there`)
      const isWaiting =
        locked.status === 'pending' &&
        locked.direction === 'deposit' &&
        locked.nextAction !== REVIEW_ACTION
      if (!isWaiting) return { status: 'not_pending' as const, payment: locked }
      const walletCurrency = locked.walletCurrency as CurrencyCode
      const amountMinor = changes.amountMinor ?? locked.amountMinor
      const walletAmountMinor = changes.walletAmountMinor ?? locked.walletAmountMinor
      const review = await reviewReason(tx, rates, locked, { amountMinor, walletAmountMinor })
      if (!review) {
        // Deposited money is wagered before it may leave another way. The wagering
        // row is locked before the accounts, in the order a withdrawal takes them. Held money
        // counts once an operator releases it (`review-deposit.ts`).
        await lockDepositWagering(tx, locked.playerId, walletCurrency, { create: true })
        await addDepositWagering(tx, {
          playerId: locked.playerId,
          currency: walletCurrency,
          amountMinor: walletAmountMinor,
          multiplier: depositWagerMultiplier,
        })
      }
      const transfer = await postTransfer(tx, {
        idempotencyKey: `deposit:${locked.id}`,
        code: review ? 'deposit_held' : 'deposit',
        debit: { system: 'payment_clearing', currency: walletCurrency, shardKey: locked.playerId },
        credit: {
          playerId: locked.playerId,
          kind: review ? 'held' : 'cash',
          currency: walletCurrency,
        },
        amountMinor: walletAmountMinor,
        reference: locked.id,
      })
      if (transfer.status === 'exceeds_balance')
        throw new Error('a clearing account never runs short')
      let savedProfileId = locked.savedProfileId
      if (changes.saveProfile) {
        savedProfileId = await saveProfile(
          tx,
          locked.playerId,
          locked.methodId,
          changes.saveProfile,
        )
      }
      const now = new Date()
      const [payment] = await tx
        .update(paymentTransactions)
        .set({
          ...(review
            ? { nextAction: REVIEW_ACTION }
            : { status: 'completed' as const, nextAction: null, completedAt: now }),
          amountMinor,
          walletAmountMinor,
          rate: changes.rate ?? locked.rate,
          providerReference: changes.providerReference ?? locked.providerReference,
          details: { ...locked.details, ...changes.details, ...(review && { review }) },
          savedProfileId,
          updatedAt: now,
        })
        .where(eq(paymentTransactions.id, locked.id))
        .returning()
      if (!payment) throw new Error('payment update returned nothing')
      if (review) return { status: 'held' as const, payment }
      await notify(tx, {
        playerId: payment.playerId,
        type: 'deposit_credited',
        text: texts.credited(payment.walletAmountMinor, payment.walletCurrency as CurrencyCode),
      })
      return { status: 'credited' as const, payment }
    }),
  )
  if (outcome.status === 'credited') {
    await announceCredit(cashier, outcome.payment)
    return { status: 'credited', payment: outcome.payment }
  }
  if (outcome.status === 'held') {
    await announceHeld(cashier, outcome.payment)
    return { status: 'held', payment: outcome.payment }
  }
  return { status: 'not_pending', payment: outcome.payment }
}

/** After a deposit went to held for review: the header's held balance. */
async function announceHeld(cashier: Cashier, payment: PaymentRow): Promise<void> {
  try {
    await publishWallet(cashier.db, cashier.bus, payment.playerId, payment.walletCurrency)
  } catch (error) {
    cashier.log.warn({ err: error, paymentId: payment.id }, 'deposit held but not announced')
  }
}

/** The player's `deposit_credited` text, in their language, for whatever amount is credited. */
export async function notificationTexts(cashier: Cashier, paymentId: string) {
  const [row] = await cashier.db
    .select({ playerId: paymentTransactions.playerId })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, paymentId))
  const locale = row ? (await findCashierPlayer(cashier.db, row.playerId)).locale : DEFAULT_LOCALE
  const text = await textsIn(cashier.messages, locale)
  return {
    credited: (minor: bigint, currency: CurrencyCode) =>
      text('notifications_text.deposit_credited', { amount: moneyText(minor, currency, locale) }),
  }
}

/**
 * After commit (the notification goes out with `notifyAfterCommit`): the header's balance and
 * the `deposit.completed` event (bonuses, quests). Note: a failed push is logged, not retried;
 * the money is there, and the page shows it on its next load.
 */
export async function announceCredit(cashier: Cashier, payment: PaymentRow): Promise<void> {
  try {
    await publishWallet(cashier.db, cashier.bus, payment.playerId, payment.walletCurrency)
    await cashier.bus.publish('deposit.completed', {
      playerId: payment.playerId,
      depositId: payment.id,
      currency: payment.walletCurrency,
      amountMinor: payment.walletAmountMinor.toString(),
    })
  } catch (error) {
    cashier.log.warn({ err: error, paymentId: payment.id }, 'deposit credited but not announced')
  }
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
