import { and, asc, eq, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { failure, ok } from '#server/lib/envelope.ts'
import { AppError, type ErrorCode } from '#server/lib/errors.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import { findCashierPlayer, type Cashier } from './cashier.ts'
import { settleDepositWebhook } from './confirm-deposit.ts'
import { failDeposit } from './deposit-settlement.ts'
import { AmountInputSchema, CurrencySchema } from '#server/modules/wallet/index.ts'
import {
  cryptoDepositAddresses,
  paymentMethods,
  paymentTransactions,
  paymentWebhooks,
  type PaymentProviderId,
  type PaymentStatus,
} from './payments.tables.ts'
import type { PaymentRow } from './payments.repo.ts'

/** What the crypto gateway posts when a transfer to a deposit address is seen or confirmed. */
export const CryptoWebhookSchema = z.object({
  type: z.literal('crypto.deposit'),
  data: z.object({
    address: z.string().min(1).max(200),
    currency: CurrencySchema,
    amount: AmountInputSchema.describe('What was sent, in minor units of `currency`'),
    txid: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/),
    confirmations: z.number().int().min(0).max(1_000_000),
  }),
})
export type CryptoWebhook = z.infer<typeof CryptoWebhookSchema>

export const WebhookAnswerDataSchema = z.object({
  transaction_id: z.string(),
  status: z.enum(['pending', 'completed', 'failed', 'cancelled', 'rejected']),
  confirmations: z.number().int(),
})

/** The answer a webhook delivery got, stored and given again to a repeated delivery. */
export interface WebhookAnswer {
  statusCode: number
  body: unknown
}

const refusal = (code: ErrorCode, message: string): WebhookAnswer => ({
  statusCode: 400,
  body: failure(message, { code }),
})

/**
 * A verified webhook delivery: the first delivery of an id is processed and its answer stored; a
 * repeated id gets the stored answer and moves nothing.
 */
export async function handleWebhook(
  cashier: Cashier,
  provider: PaymentProviderId,
  webhookId: string,
  rawBody: string,
): Promise<WebhookAnswer> {
  const stored = async () => {
    const [row] = await cashier.db
      .select()
      .from(paymentWebhooks)
      .where(and(eq(paymentWebhooks.provider, provider), eq(paymentWebhooks.webhookId, webhookId)))
    return row && { statusCode: row.statusCode, body: row.response }
  }
  const first = await stored()
  if (first) return first
  const answer = await processWebhook(cashier, provider, rawBody)
  const [kept] = await cashier.db
    .insert(paymentWebhooks)
    .values({ provider, webhookId, statusCode: answer.statusCode, response: answer.body })
    .onConflictDoNothing()
    .returning({ webhookId: paymentWebhooks.webhookId })
  // Two deliveries of one id at once: both were processed (the txid keeps the money moving once),
  // and the answer stored first is the one every delivery gets.
  if (!kept) return (await stored()) ?? answer
  return answer
}

async function processWebhook(
  cashier: Cashier,
  provider: PaymentProviderId,
  rawBody: string,
): Promise<WebhookAnswer> {
  let json: unknown
  try {
    json = JSON.parse(rawBody)
  } catch {
    return refusal('payments.webhook_payload_invalid', 'The body is not JSON.')
  }
  try {
    if (provider !== 'sandbox_crypto') {
      return { statusCode: 200, body: ok(await settleDepositWebhook(cashier, provider, json)) }
    }
    const parsed = CryptoWebhookSchema.safeParse(json)
    if (!parsed.success) {
      return refusal(
        'payments.webhook_payload_invalid',
        'The payload is not a crypto.deposit event.',
      )
    }
    const result = await creditCryptoTransfer(cashier, parsed.data.data)
    return { statusCode: 200, body: ok(result) }
  } catch (error) {
    if (error instanceof AppError && error.status === 400) {
      return refusal(error.code, error.message)
    }
    throw error
  }
}

/**
 * A transfer to a player's deposit address: matched to the deposit it pays (by its txid, else the
 * oldest pending deposit of that coin waiting for one, else a new deposit), its confirmations
 * recorded, and credited exactly once when they reach the configured number. The credit is the
 * amount actually sent, converted into the wallet's currency at the rate of the moment less the
 * operator's spread, toward zero (the rate is recorded with it).
 */
export async function creditCryptoTransfer(
  cashier: Cashier,
  transfer: CryptoWebhook['data'],
): Promise<z.infer<typeof WebhookAnswerDataSchema>> {
  const { db } = cashier
  const sentMinor = BigInt(transfer.amount)
  if (sentMinor <= 0n) {
    throw new AppError('payments.webhook_payload_invalid', {
      message: 'The amount must be above zero.',
    })
  }
  const rates = await loadRates(db)
  const { exchange: policy } = await cashier.rules()
  const matched = await db.transaction(async (tx) => {
    // One delivery per address at a time: matching a txid to a deposit cannot race.
    const [owner] = await tx
      .select()
      .from(cryptoDepositAddresses)
      .where(eq(cryptoDepositAddresses.address, transfer.address))
      .for('update')
    if (owner?.currency !== transfer.currency) {
      throw new AppError('payments.webhook_payload_invalid', {
        message: 'No deposit address of this currency is known.',
      })
    }
    const [method] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.provider, 'sandbox_crypto'),
          eq(paymentMethods.cryptoCurrency, transfer.currency),
        ),
      )
    if (!method) {
      throw new AppError('payments.webhook_payload_invalid', {
        message: 'No method moves this coin.',
      })
    }
    const details = {
      address: transfer.address,
      txid: transfer.txid,
      confirmations: String(transfer.confirmations),
    }
    const [known] = await tx
      .select()
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.methodId, method.id),
          eq(paymentTransactions.providerReference, transfer.txid),
        ),
      )
    if (known) {
      if (known.status !== 'pending') return known
      const [updated] = await tx
        .update(paymentTransactions)
        .set({ details: { ...known.details, ...details }, updatedAt: new Date() })
        .where(eq(paymentTransactions.id, known.id))
        .returning()
      return updated ?? known
    }
    const [waiting] = await tx
      .select()
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.playerId, owner.playerId),
          eq(paymentTransactions.methodId, method.id),
          eq(paymentTransactions.direction, 'deposit'),
          eq(paymentTransactions.status, 'pending'),
          isNull(paymentTransactions.providerReference),
        ),
      )
      .orderBy(asc(paymentTransactions.createdAt))
      .limit(1)
    // Money moves at this rate: the spread applies, toward zero. While the rates are stale this
    // answers 503 and stores nothing: the gateway delivers the webhook again later.
    const converted = (walletCurrency: CurrencyCode) => {
      const exchanged = rates.exchange(sentMinor, transfer.currency, walletCurrency, policy)
      return {
        amountMinor: sentMinor,
        walletAmountMinor: exchanged.amountMinor,
        rate: exchanged.rate,
      }
    }
    if (waiting) {
      const walletCurrency = waiting.walletCurrency as CurrencyCode
      const [updated] = await tx
        .update(paymentTransactions)
        .set({
          ...converted(walletCurrency),
          providerReference: transfer.txid,
          details: { ...waiting.details, ...details },
          updatedAt: new Date(),
        })
        .where(eq(paymentTransactions.id, waiting.id))
        .returning()
      if (!updated) throw new Error('pending deposit vanished under its lock')
      return updated
    }
    // Money sent without a deposit started first: it is the player's all the same.
    const player = await findCashierPlayer(tx, owner.playerId)
    const walletCurrency = isCurrencyCode(player.currency) ? player.currency : transfer.currency
    const [created] = await tx
      .insert(paymentTransactions)
      .values({
        id: uuidv7(),
        playerId: owner.playerId,
        direction: 'deposit',
        methodId: method.id,
        currency: transfer.currency,
        walletCurrency,
        ...converted(walletCurrency),
        status: 'pending',
        nextAction: 'send_crypto',
        idempotencyKey: `crypto:${transfer.txid}`,
        providerReference: transfer.txid,
        details,
      })
      .returning()
    if (!created) throw new Error('insert returned no deposit')
    return created
  })
  return settle(cashier, matched, transfer.confirmations)
}

async function settle(
  cashier: Cashier,
  payment: PaymentRow,
  confirmations: number,
): Promise<z.infer<typeof WebhookAnswerDataSchema>> {
  const answer = (status: PaymentStatus) => ({
    transaction_id: payment.id,
    status,
    confirmations,
  })
  if (payment.status !== 'pending' || confirmations < cashier.cryptoConfirmations) {
    return answer(payment.status)
  }
  if (payment.walletAmountMinor <= 0n) {
    // Dust: less than one minor unit of the wallet's currency once converted.
    const failed = await failDeposit(cashier.db, payment.id, 'amount_too_small')
    return answer(failed?.status ?? payment.status)
  }
  const credit = await cashier.deposits.credit(cashier.log, payment.id)
  return answer(credit.payment.status)
}
