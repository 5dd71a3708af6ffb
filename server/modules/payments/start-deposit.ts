import { and, eq } from 'drizzle-orm'
import { AppError, FieldErrors } from '#server/lib/errors.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { formatDecimal, parseMinor, type CurrencyCode } from '#common/money.ts'
import { assertDepositBonusCode } from '#server/modules/bonuses/index.ts'
import { assertNotBarred } from '#server/modules/limits/index.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import {
  findCashierPlayer,
  missingPlayerFields,
  type Cashier,
  type CashierPlayer,
} from './cashier.ts'
import { failDeposit } from './deposit-settlement.ts'
import { assertWithinDepositLimits } from './deposit-limits.ts'
import { isFiat } from './list-payment-methods.ts'
import { checkMethodFields, refuseCardData } from './method-fields.ts'
import type { DepositBody, NextAction } from './payments.contract.ts'
import {
  findMethod,
  findMethodLimit,
  findPaymentByKey,
  methodCurrency,
  nextActionOf,
  type LimitRow,
  type MethodRow,
  type PaymentRow,
} from './payments.repo.ts'
import { paymentTransactions, savedPaymentProfiles, type PaymentStatus } from './payments.tables.ts'
import type { DepositOutcome } from './providers/provider.ts'

/** An amount in a refusal's message: `10.00 EUR` (the message has no locale-aware formatter). */
const amountText = (minor: bigint, currency: CurrencyCode) =>
  `${formatDecimal(minor, currency)} ${currency}`

export interface PaymentResult {
  transaction_id: string
  status: PaymentStatus
  next_action?: NextAction
  /** Why a failed payment failed (`card_declined`…). */
  reason?: string
}

/** The answer for a stored payment (a repeated request gets exactly this). */
export async function paymentResult(
  cashier: Pick<Cashier, 'cryptoConfirmations'>,
  payment: PaymentRow,
): Promise<PaymentResult> {
  const nextAction = await nextActionOf(payment, cashier.cryptoConfirmations)
  const reason = payment.status === 'failed' ? payment.details.reason : undefined
  return {
    transaction_id: payment.id,
    status: payment.status,
    ...(nextAction && { next_action: nextAction }),
    ...(reason && { reason }),
  }
}

/**
 * The method as offered to this player for a deposit in `currency`, or the refusal: unknown or
 * switched off (404), not in the player's country (403), not moving this currency into the
 * player's wallet (400).
 */
export async function offeredMethod(
  cashier: Pick<Cashier, 'db'>,
  player: CashierPlayer,
  methodId: string,
  currency: CurrencyCode,
): Promise<{ method: MethodRow; limit: LimitRow }> {
  const method = await findMethod(cashier.db, methodId)
  if (!method?.isEnabled) throw new AppError('payments.method_not_found')
  if (method.countries.length > 0 && !method.countries.includes(player.country)) {
    throw new AppError('payments.method_not_available')
  }
  const limit =
    methodCurrency(method, player.currency, isFiat) === currency
      ? await findMethodLimit(cashier.db, method.id, 'deposit', currency)
      : undefined
  if (!limit) throw new AppError('payments.currency_not_offered', { params: { currency } })
  return { method, limit }
}

/**
 * `POST /payment/deposit`: checks the request, records the deposit, asks the method's provider
 * and moves money when it answers that money arrived. Idempotent by the player's key: a repeat
 * answers the first result and moves nothing; a key reused for another payment is refused. A
 * player under a standing protection bar (a break, a closed account, a register match) is refused
 * with its own message (409 `protection.*`) and nothing is stored.
 */
export async function startDeposit(
  cashier: Cashier,
  playerId: string,
  body: DepositBody,
): Promise<PaymentResult> {
  const { db } = cashier
  refuseCardData(body.fields)
  const previous = await findPaymentByKey(db, playerId, body.idempotency_key)
  if (previous) return repeated(cashier, previous, body)

  const amountMinor = parseMinor(body.amount)
  if (amountMinor === undefined || amountMinor <= 0n) throw new AppError('payments.amount_invalid')
  const player = await findCashierPlayer(db, playerId)
  const { method, limit } = await offeredMethod(cashier, player, body.method_id, body.currency)
  if (amountMinor < limit.minMinor) {
    throw new AppError('payments.amount_below_min', {
      params: { min: amountText(limit.minMinor, body.currency), currency: body.currency },
    })
  }
  if (amountMinor > limit.maxMinor) {
    throw new AppError('payments.amount_above_max', {
      params: { max: amountText(limit.maxMinor, body.currency), currency: body.currency },
    })
  }

  const provider = cashier.providers[method.provider]
  let fieldsAsked = provider.fieldsFor('deposit', method.methodFields)
  let savedProfile: typeof savedPaymentProfiles.$inferSelect | undefined
  if (body.saved_profile_id) {
    ;[savedProfile] = await db
      .select()
      .from(savedPaymentProfiles)
      .where(
        and(
          eq(savedPaymentProfiles.id, body.saved_profile_id),
          eq(savedPaymentProfiles.playerId, playerId),
          eq(savedPaymentProfiles.methodId, method.id),
        ),
      )
    if (!savedProfile) throw new AppError('payments.saved_profile_not_found')
    // A saved account stands in for everything it keeps, a saved card for the hosted fields: the
    // provider charges its reusable token.
    fieldsAsked = fieldsAsked.filter((field) => !field.saved && field.type !== 'hosted_card')
  }
  const fields = checkMethodFields(fieldsAsked, body.fields)
  const missing = missingPlayerFields(player, method.playerFields)
  if (missing.length > 0) {
    throw new FieldErrors(
      Object.fromEntries(missing.map((name) => [name, { code: 'required' as const }])),
      'payments.player_fields_missing',
    )
  }

  const rates = await loadRates(db)
  const walletCurrency = player.currency
  // A bonus the player cannot take is refused now, before anything is stored or paid.
  if (body.bonus_code) {
    await assertDepositBonusCode(db, { playerId, code: body.bonus_code, rates })
  }
  // Money moves at this rate: the spread applies, toward zero, refused while rates are stale.
  const { exchange: policy } = await cashier.rules()
  const exchanged = rates.exchange(amountMinor, body.currency, walletCurrency, policy)
  const walletAmountMinor = exchanged.amountMinor
  if (walletAmountMinor <= 0n) {
    throw new AppError('payments.amount_below_min', {
      params: { min: amountText(limit.minMinor, body.currency), currency: body.currency },
    })
  }

  // Recorded first, under the limit rows' lock, so the limits see it before the provider is asked.
  const id = uuidv7()
  const inserted = await db.transaction(async (tx) => {
    // A break, a closed account or a register match stops every deposit (withdrawals go on). The
    // row is locked until the payment is recorded: a break being taken waits for it, or it waits
    // for the break and is refused.
    await assertNotBarred(tx, playerId, new Date(), 'share')
    await assertWithinDepositLimits(tx, rates, {
      playerId,
      currency: walletCurrency,
      walletAmountMinor,
      locale: player.locale,
    })
    const [row] = await tx
      .insert(paymentTransactions)
      .values({
        id,
        playerId,
        direction: 'deposit',
        methodId: method.id,
        currency: body.currency,
        amountMinor,
        walletCurrency,
        walletAmountMinor,
        rate: exchanged.rate,
        status: 'pending',
        idempotencyKey: body.idempotency_key,
        savedProfileId: savedProfile?.id ?? null,
        bonusCode: body.bonus_code ?? null,
      })
      .onConflictDoNothing()
      .returning()
    return row
  })
  if (!inserted) {
    // The same key arrived twice at once: the other request recorded it.
    const first = await findPaymentByKey(db, playerId, body.idempotency_key)
    if (!first) throw new Error('idempotency conflict without a row')
    return repeated(cashier, first, body)
  }

  let outcome: DepositOutcome
  try {
    outcome = await provider.startDeposit({
      db,
      transactionId: id,
      playerId,
      methodId: method.id,
      currency: body.currency,
      amountMinor,
      fields,
      savedProfile: savedProfile && {
        id: savedProfile.id,
        label: savedProfile.label,
        providerToken: savedProfile.providerToken,
        fields: savedProfile.fields,
      },
    })
  } catch (error) {
    cashier.log.error({ err: error, paymentId: id }, 'payment provider failed')
    outcome = { status: 'failed', reason: 'provider_error', details: {} }
  }
  return applyOutcome(cashier, inserted, outcome)
}

async function repeated(
  cashier: Cashier,
  previous: PaymentRow,
  body: DepositBody,
): Promise<PaymentResult> {
  const isSame =
    previous.direction === 'deposit' &&
    previous.methodId === body.method_id &&
    previous.currency === body.currency &&
    previous.amountMinor.toString() === body.amount
  if (!isSame) throw new AppError('payments.idempotency_key_reused')
  return paymentResult(cashier, previous)
}

/**
 * Records a provider's answer for a pending deposit: credits it, fails it, or stores what the
 * player does next. Crediting and failing move a pending row only, so a repeated answer (a
 * webhook delivered twice) changes nothing.
 */
export async function applyOutcome(
  cashier: Cashier,
  payment: PaymentRow,
  outcome: DepositOutcome,
): Promise<PaymentResult> {
  switch (outcome.status) {
    case 'completed': {
      const credit = await cashier.deposits.credit(cashier.log, payment.id, {
        details: outcome.details,
        ...(outcome.providerReference && { providerReference: outcome.providerReference }),
        saveProfile: outcome.saveProfile,
      })
      if (payment.savedProfileId) {
        await cashier.db
          .update(savedPaymentProfiles)
          .set({ lastUsedAt: new Date() })
          .where(eq(savedPaymentProfiles.id, payment.savedProfileId))
      }
      return paymentResult(cashier, credit.payment)
    }
    case 'failed': {
      const failed = await failDeposit(cashier.db, payment.id, outcome.reason, outcome.details)
      return paymentResult(cashier, failed ?? payment)
    }
    case 'pending': {
      const [row] = await cashier.db
        .update(paymentTransactions)
        .set({
          nextAction: outcome.nextAction.type,
          details: outcome.details,
          providerReference: outcome.providerReference ?? null,
          updatedAt: new Date(),
        })
        .where(eq(paymentTransactions.id, payment.id))
        .returning()
      return {
        transaction_id: payment.id,
        status: row?.status ?? 'pending',
        next_action: outcome.nextAction,
      }
    }
  }
}
