import { and, eq, sql } from 'drizzle-orm'
import { DEFAULT_LOCALE } from '#app/lib/locales.ts'
import { translate } from '#app/lib/translate.ts'
import type { Db, Tx } from '#db/client.ts'
import type { CurrencyCode } from '#server/lib/money.ts'
import { inLedgerTransaction, postTransfer } from '#server/modules/ledger/index.ts'
import {
  insertNotification,
  publishNotification,
} from '#server/modules/notifications/send-notification.ts'
import type { Notification } from '#server/modules/notifications/notifications.contract.ts'
import { publishWallet } from '#server/modules/wallet/index.ts'
import { findCashierPlayer, moneyText, type Cashier } from './cashier.ts'
import { addDepositWagering, lockDepositWagering } from './deposit-wagering.ts'
import { paymentTransactions, savedPaymentProfiles } from './payments.tables.ts'
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
  /** The payment was no longer pending: nothing moved. */
  | { status: 'not_pending'; payment: PaymentRow }

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
  const outcome = await inLedgerTransaction(cashier.db, async (tx) => {
    const [locked] = await tx
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, paymentId))
      .for('update')
    if (!locked) throw new Error(`payment ${paymentId} is not there`)
    if (locked.status !== 'pending' || locked.direction !== 'deposit') {
      return { status: 'not_pending' as const, payment: locked }
    }
    const walletCurrency = locked.walletCurrency as CurrencyCode
    const walletAmountMinor = changes.walletAmountMinor ?? locked.walletAmountMinor
    // Deposited money is wagered before it may leave another way (decisions §4). The wagering
    // row is locked before the accounts, in the order a withdrawal takes them.
    await lockDepositWagering(tx, locked.playerId, walletCurrency, { create: true })
    await addDepositWagering(tx, {
      playerId: locked.playerId,
      currency: walletCurrency,
      amountMinor: walletAmountMinor,
      multiplier: depositWagerMultiplier,
    })
    const transfer = await postTransfer(tx, {
      idempotencyKey: `deposit:${locked.id}`,
      code: 'deposit',
      debit: { system: 'payment_clearing', currency: walletCurrency, shardKey: locked.playerId },
      credit: { playerId: locked.playerId, kind: 'cash', currency: walletCurrency },
      amountMinor: walletAmountMinor,
      reference: locked.id,
    })
    if (transfer.status === 'exceeds_balance')
      throw new Error('a clearing account never runs short')
    let savedProfileId = locked.savedProfileId
    if (changes.saveProfile) {
      savedProfileId = await saveProfile(tx, locked.playerId, locked.methodId, changes.saveProfile)
    }
    const now = new Date()
    const [payment] = await tx
      .update(paymentTransactions)
      .set({
        status: 'completed',
        nextAction: null,
        amountMinor: changes.amountMinor ?? locked.amountMinor,
        walletAmountMinor,
        rate: changes.rate ?? locked.rate,
        providerReference: changes.providerReference ?? locked.providerReference,
        details: { ...locked.details, ...changes.details },
        savedProfileId,
        updatedAt: now,
        completedAt: now,
      })
      .where(eq(paymentTransactions.id, locked.id))
      .returning()
    if (!payment) throw new Error('payment update returned nothing')
    const notification = await insertNotification(tx, {
      playerId: payment.playerId,
      type: 'deposit_credited',
      text: texts.credited(payment.walletAmountMinor, payment.walletCurrency as CurrencyCode),
    })
    return { status: 'credited' as const, payment, notification }
  })
  if (outcome.status === 'credited')
    await announceCredit(cashier, outcome.payment, outcome.notification)
  return outcome.status === 'credited'
    ? { status: 'credited', payment: outcome.payment }
    : { status: 'not_pending', payment: outcome.payment }
}

/** The player's `deposit_credited` text, in their language, for whatever amount is credited. */
async function notificationTexts(cashier: Cashier, paymentId: string) {
  const [row] = await cashier.db
    .select({ playerId: paymentTransactions.playerId })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, paymentId))
  const locale = row ? (await findCashierPlayer(cashier.db, row.playerId)).locale : DEFAULT_LOCALE
  const [own, english] = await Promise.all([
    cashier.messages(locale),
    cashier.messages(DEFAULT_LOCALE),
  ])
  return {
    credited: (minor: bigint, currency: CurrencyCode) => {
      const params = { amount: moneyText(minor, currency, locale) }
      const key = 'notifications_text.deposit_credited'
      return translate(own, key, params) ?? translate(english, key, params) ?? key
    },
  }
}

/**
 * After commit: the header's balance, the `deposit.completed` event (bonuses, quests) and the
 * notification's toast. Note: a failed push is logged, not retried; the money and the stored
 * notification are there, and the page shows them on its next load.
 */
async function announceCredit(
  cashier: Cashier,
  payment: PaymentRow,
  notification: Notification,
): Promise<void> {
  try {
    await publishWallet(cashier.db, cashier.bus, payment.playerId, payment.walletCurrency)
    await cashier.bus.publish('deposit.completed', {
      playerId: payment.playerId,
      depositId: payment.id,
      currency: payment.walletCurrency,
      amountMinor: payment.walletAmountMinor.toString(),
    })
    await publishNotification(cashier.bus, payment.playerId, notification)
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
