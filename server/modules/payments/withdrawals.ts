import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { DEFAULT_LOCALE, getLocale, isLocalePrefix } from '#common/locales.ts'
import { formatMoney } from '#common/format-money.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { formatDecimal, isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { playerDocuments } from '#server/modules/documents/documents.tables.ts'
import {
  accountBalance,
  inLedgerTransaction,
  postTransfer,
  type TransferResult,
} from '#server/modules/ledger/index.ts'
import { notifyAfterCommit, type Notify } from '#server/modules/notifications/index.ts'
import { textsIn, type Texts } from '#server/modules/site/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import type { Messages } from '#common/messages.ts'
import { loadRates, publishWallet, type RateTable } from '#server/modules/wallet/index.ts'
import {
  paymentMethodLimits,
  paymentMethods,
  paymentTransactions,
  savedPaymentProfiles,
  type PaymentStatus,
} from './payments.tables.ts'
import { moveHeld } from './held-money.ts'
import { paymentTotalsSince } from './payments.repo.ts'
import type { CashierRules } from './cashier.ts'
import {
  allowanceOf,
  allowedByMethod,
  closedLoopMinor,
  lockDepositWagering,
  releaseDepositWagering,
} from './deposit-wagering.ts'
import { checkWithdrawalFields, lastFourOf, type KnownCard } from './withdrawals-fields.ts'
import type { Payout } from './withdrawals-payout.ts'
import {
  assertDestinationConfirmed,
  type DestinationConfirmation,
} from './withdrawal-destination.ts'
import {
  PAYOUT_STARTED_DETAIL,
  REQUESTED_DETAIL,
  canCancel,
  internalDetailsRemoved,
  type PaymentRow,
} from './transactions.ts'

/** What the withdrawal use cases need around them. */
export interface WithdrawalDeps {
  db: Db
  bus: EventBus
  log: Pick<FastifyBaseLogger, 'warn'>
}

export interface WithdrawalRequest {
  playerId: string
  methodId: string
  /** The wallet the money leaves; crypto methods pay it out converted into their coin. */
  currency: CurrencyCode
  amountMinor: bigint
  fields: Record<string, string>
  idempotencyKey: string
  /** The password or 2FA code a destination not used before needs (`withdrawal-destination.ts`). */
  confirmation: DestinationConfirmation
}

/** Tells the player's open pages the new balance; a failed push is only logged (see publishWallet). */
async function announceBalance(deps: WithdrawalDeps, playerId: string, currency: string) {
  try {
    await publishWallet(deps.db, deps.bus, playerId, currency)
  } catch (error) {
    deps.log.warn({ err: error, playerId }, 'balance update not pushed')
  }
}

async function findByIdempotencyKey(db: Db | Tx, playerId: string, key: string) {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(
      and(eq(paymentTransactions.playerId, playerId), eq(paymentTransactions.idempotencyKey, key)),
    )
  return row
}

/** How the request named its amount, kept on the row for a repeated key to compare with. */
const requestedOf = (input: Pick<WithdrawalRequest, 'currency' | 'amountMinor'>) =>
  `${input.currency}:${input.amountMinor.toString()}`

/** A repeated key answers the first withdrawal, provided it asked for the same thing. */
function sameRequest(row: PaymentRow, input: WithdrawalRequest): PaymentRow {
  const requested =
    row.details[REQUESTED_DETAIL] ?? `${row.walletCurrency}:${row.walletAmountMinor.toString()}`
  const isSame =
    row.direction === 'withdrawal' &&
    row.methodId === input.methodId &&
    requested === requestedOf(input)
  if (!isSame) throw new AppError('withdrawals.idempotency_conflict')
  return row
}

/** Cards the player deposited with: every card that paid is kept as a saved card. */
async function knownCards(db: Db, playerId: string, methodId: string): Promise<KnownCard[]> {
  const profiles = await db
    .select()
    .from(savedPaymentProfiles)
    .where(
      and(eq(savedPaymentProfiles.playerId, playerId), eq(savedPaymentProfiles.methodId, methodId)),
    )
  return profiles.map((profile) => ({
    profileId: profile.id,
    lastFour: lastFourOf(profile.fields, profile.label) ?? '',
    label: profile.label,
    token: profile.providerToken,
  }))
}

async function hasApprovedDocument(db: Db | Tx, playerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: playerDocuments.id })
    .from(playerDocuments)
    .where(and(eq(playerDocuments.playerId, playerId), eq(playerDocuments.status, 'approved')))
    .limit(1)
  return row !== undefined
}

/** The rolling window the KYC threshold counts withdrawals over. */
const KYC_WINDOW_MS = 30 * 24 * 60 * 60 * 1000

/**
 * Refuses a withdrawal that takes what the player withdrew over the last 30 days (pending and
 * paid, in euros at today's rates) above the KYC threshold, unless the player has an approved
 * identity document and a verified e-mail address. Locks the player's row first, so two
 * withdrawals at once, each below the threshold but above it together, are counted together:
 * the second waits for the first to commit and then sees it in the sum.
 */
async function assertKycForWithdrawal(
  tx: Tx,
  rates: RateTable,
  thresholdEurMinor: bigint,
  input: { playerId: string; eurMinor: bigint },
): Promise<void> {
  const [player] = await tx
    .select({ emailVerifiedAt: players.emailVerifiedAt })
    .from(players)
    .where(eq(players.id, input.playerId))
    .for('no key update')
  if (!player) throw new AppError('auth.sign_in_required')
  const since = new Date(Date.now() - KYC_WINDOW_MS)
  let totalEurMinor = input.eurMinor
  for (const row of await paymentTotalsSince(tx, 'withdrawal', input.playerId, since)) {
    if (!isCurrencyCode(row.currency)) continue
    totalEurMinor += rates.convert(row.totalMinor, row.currency, 'EUR', 'half_even')
  }
  if (totalEurMinor <= thresholdEurMinor) return
  const params = { threshold: formatDecimal(thresholdEurMinor, 'EUR'), currency: 'EUR' }
  if (!(await hasApprovedDocument(tx, input.playerId))) {
    throw new AppError('withdrawals.kyc_required', { params })
  }
  if (!player.emailVerifiedAt) throw new AppError('withdrawals.email_unverified', { params })
}

const insufficientFunds = (availableMinor: bigint, currency: CurrencyCode) =>
  new AppError('withdrawals.insufficient_funds', {
    params: { available: formatDecimal(availableMinor, currency), currency },
  })

/**
 * The deposit wagering rule, checked under the lock of the player's wagering row
 * so that two withdrawals at once cannot both take the same free money: deposited money still to
 * wager may only go back the way it came (method and currency); a withdrawal that takes some of
 * it that way owes that much less wagering. The cash is read after the lock.
 */
async function assertWagered(
  tx: Tx,
  rules: CashierRules,
  input: {
    paymentId: string
    playerId: string
    methodId: string
    payoutCurrency: CurrencyCode
    walletCurrency: CurrencyCode
    walletMinor: bigint
  },
): Promise<void> {
  const outstanding = await lockDepositWagering(tx, input.playerId, input.walletCurrency)
  if (outstanding === 0n) return
  const cash = await accountBalance(tx, {
    playerId: input.playerId,
    kind: 'cash',
    currency: input.walletCurrency,
  })
  // More than the cash: the ledger's refusal (insufficient funds) says it better.
  if (input.walletMinor > cash) return
  const allowance = allowanceOf(cash, outstanding)
  if (input.walletMinor <= allowance.freeMinor) return
  const loop = await closedLoopMinor(tx, {
    playerId: input.playerId,
    methodId: input.methodId,
    currency: input.payoutCurrency,
    walletCurrency: input.walletCurrency,
    exceptId: input.paymentId,
  })
  const allowed = allowedByMethod(cash, allowance, loop)
  if (input.walletMinor > allowed) {
    throw new AppError('withdrawals.wagering_required', {
      params: {
        remaining: formatDecimal(outstanding, input.walletCurrency),
        available: formatDecimal(allowed, input.walletCurrency),
        currency: input.walletCurrency,
      },
    })
  }
  await releaseDepositWagering(tx, {
    playerId: input.playerId,
    currency: input.walletCurrency,
    amountMinor: input.walletMinor - allowance.freeMinor,
    multiplier: rules.depositWagerMultiplier,
  })
}

/**
 * A player's withdrawal request: checks the method, limits, fields and the KYC
 * threshold, then in one transaction writes the pending payment row and moves the amount from
 * cash to held. A repeated idempotency key answers the first request and moves nothing.
 */
export async function requestWithdrawal(
  deps: WithdrawalDeps,
  settings: {
    kycThresholdEurMinor: bigint
    rules: CashierRules
    secretBox: SecretBox
    rates?: RateTable
  },
  input: WithdrawalRequest,
): Promise<{ transaction: PaymentRow; isNew: boolean }> {
  const { db } = deps
  const existing = await findByIdempotencyKey(db, input.playerId, input.idempotencyKey)
  if (existing) return { transaction: sameRequest(existing, input), isNew: false }

  const unavailable = () =>
    new AppError('withdrawals.method_unavailable', {
      params: { method: input.methodId, currency: input.currency },
    })
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, input.methodId), eq(paymentMethods.isEnabled, true)))
  if (!method) throw unavailable()
  const cryptoCurrency = method.cryptoCurrency
  const payoutCurrency: CurrencyCode =
    cryptoCurrency !== null && isCurrencyCode(cryptoCurrency) ? cryptoCurrency : input.currency
  const [limits] = await db
    .select()
    .from(paymentMethodLimits)
    .where(
      and(
        eq(paymentMethodLimits.methodId, method.id),
        eq(paymentMethodLimits.direction, 'withdrawal'),
        eq(paymentMethodLimits.currency, payoutCurrency),
      ),
    )
  if (!limits) throw unavailable()
  const [player] = await db
    .select({
      country: players.country,
      currency: players.currency,
    })
    .from(players)
    .where(eq(players.id, input.playerId))
  if (!player) throw new AppError('auth.sign_in_required')
  if (method.countries.length > 0 && !method.countries.includes(player.country)) {
    throw unavailable()
  }

  // The cashier may name a crypto payout in its coin (`PaymentInfo.currency`): the money then
  // leaves the player's current wallet, as much of it as buys that coin amount.
  const rates = settings.rates ?? (await loadRates(db))
  const policy = settings.rules.exchange
  const playerCurrency = isCurrencyCode(player.currency) ? player.currency : undefined
  const isNamedInCoin =
    cryptoCurrency !== null &&
    input.currency === payoutCurrency &&
    playerCurrency !== undefined &&
    playerCurrency !== payoutCurrency
  const walletCurrency: CurrencyCode = isNamedInCoin ? playerCurrency : input.currency
  const walletMinor = isNamedInCoin
    ? rates.costOf(input.amountMinor, walletCurrency, payoutCurrency, policy)
    : input.amountMinor
  // Crypto pays out in its coin: converted from the wallet amount with the spread, toward zero
  // (the house never pays a fraction it was not given), at a rate recorded on the row (refused
  // while the rates are stale).
  const exchanged = rates.exchange(walletMinor, walletCurrency, payoutCurrency, policy)
  const payoutMinor = exchanged.amountMinor
  const rate = exchanged.inverseRate
  // The limits apply to the amount the player asked for.
  const limitedMinor = isNamedInCoin ? input.amountMinor : payoutMinor
  if (limitedMinor < limits.minMinor || payoutMinor <= 0n || walletMinor <= 0n) {
    throw new AppError('withdrawals.amount_below_min', {
      params: { min: formatDecimal(limits.minMinor, payoutCurrency), currency: payoutCurrency },
    })
  }
  if (limitedMinor > limits.maxMinor) {
    throw new AppError('withdrawals.amount_above_max', {
      params: { max: formatDecimal(limits.maxMinor, payoutCurrency), currency: payoutCurrency },
    })
  }

  const cards =
    method.provider === 'sandbox_card' ? await knownCards(db, input.playerId, method.id) : []
  const { details } = checkWithdrawalFields(
    method.provider,
    method.methodFields,
    input.fields,
    cards,
  )
  // A card payout only ever goes back to a card that paid (checked above): the player has used it
  // already, so it is no new destination a taken-over session could send the money to.
  if (method.provider !== 'sandbox_card') {
    await assertDestinationConfirmed(db, settings.secretBox, {
      playerId: input.playerId,
      methodId: method.id,
      details,
      confirmation: input.confirmation,
    })
  }

  const eurMinor = rates.convert(walletMinor, walletCurrency, 'EUR', 'half_even')
  const created = await inLedgerTransaction(db, async (tx) => {
    await assertKycForWithdrawal(tx, rates, settings.kycThresholdEurMinor, {
      playerId: input.playerId,
      eurMinor,
    })
    const id = uuidv7()
    const [row] = await tx
      .insert(paymentTransactions)
      .values({
        id,
        playerId: input.playerId,
        direction: 'withdrawal',
        methodId: method.id,
        currency: payoutCurrency,
        amountMinor: payoutMinor,
        walletCurrency,
        walletAmountMinor: walletMinor,
        rate,
        status: 'pending',
        idempotencyKey: input.idempotencyKey,
        details: { ...details, [REQUESTED_DETAIL]: requestedOf(input) },
      })
      .onConflictDoNothing({
        target: [paymentTransactions.playerId, paymentTransactions.idempotencyKey],
      })
      .returning()
    // The same key committed by a concurrent request meanwhile: answered after this transaction.
    if (!row) return undefined
    await assertWagered(tx, settings.rules, {
      paymentId: id,
      playerId: input.playerId,
      methodId: method.id,
      payoutCurrency,
      walletCurrency,
      walletMinor,
    })
    const hold = await postTransfer(tx, {
      idempotencyKey: `withdrawal_hold:${id}`,
      code: 'withdrawal_hold',
      debit: { playerId: input.playerId, kind: 'cash', currency: walletCurrency },
      credit: { playerId: input.playerId, kind: 'held', currency: walletCurrency },
      amountMinor: walletMinor,
      reference: id,
    })
    if (hold.status === 'exceeds_balance')
      throw insufficientFunds(hold.availableMinor, walletCurrency)
    expectPosted(hold, id)
    return row
  })
  if (!created) {
    const first = await findByIdempotencyKey(db, input.playerId, input.idempotencyKey)
    if (!first) throw new Error(`withdrawal ${input.idempotencyKey} conflicted but is not there`)
    return { transaction: sameRequest(first, input), isNew: false }
  }
  await announceBalance(deps, input.playerId, walletCurrency)
  return { transaction: created, isNew: true }
}

/** Every transfer key here is derived from a new row's id, so anything but `posted` is a bug. */
function expectPosted(result: TransferResult, paymentId: string): void {
  if (result.status !== 'posted') {
    throw new Error(`withdrawal ${paymentId}: ledger answered ${result.status}`)
  }
}

/** Locks a withdrawal row for the rest of the transaction. */
async function lockWithdrawal(tx: Tx, id: string, playerId?: string) {
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.id, id),
        eq(paymentTransactions.direction, 'withdrawal'),
        playerId === undefined ? undefined : eq(paymentTransactions.playerId, playerId),
      ),
    )
    .for('update')
  return row
}

async function finish(
  tx: Tx,
  row: PaymentRow,
  status: PaymentStatus,
  changes: { details?: Record<string, string>; providerReference?: string } = {},
): Promise<PaymentRow> {
  const [updated] = await tx
    .update(paymentTransactions)
    .set({
      status,
      updatedAt: sql`now()`,
      ...(status === 'completed' && { completedAt: sql`now()` }),
      ...(changes.details && { details: changes.details }),
      ...(changes.providerReference && { providerReference: changes.providerReference }),
    })
    .where(eq(paymentTransactions.id, row.id))
    .returning()
  if (!updated) throw new Error(`withdrawal ${row.id} vanished`)
  return updated
}

/**
 * The player cancels their own pending withdrawal: the held money goes back to cash. Another
 * player's id answers 404 like an unknown one; a finished (or already paying) one 409.
 */
export async function cancelWithdrawal(
  deps: WithdrawalDeps,
  input: { playerId: string; id: string },
): Promise<PaymentRow> {
  const cancelled = await inLedgerTransaction(deps.db, async (tx) => {
    const row = await lockWithdrawal(tx, input.id, input.playerId)
    if (!row) throw new AppError('withdrawals.not_found')
    if (!canCancel(row)) throw new AppError('withdrawals.not_pending')
    await moveHeld(tx, row, 'withdrawal_release', 'cash')
    return finish(tx, row, 'cancelled')
  })
  await announceBalance(deps, cancelled.playerId, cancelled.walletCurrency)
  return cancelled
}

export interface OperatorDecisionDeps extends WithdrawalDeps {
  /** A locale's catalogue with the operator's overrides, for the player's notification. */
  messages: (locale: string) => Promise<Messages>
  request: Pick<FastifyRequest, 'ip' | 'headers'>
}

/** The language of the withdrawal's player, read before the decision's transaction. */
async function playerLocaleOf(db: Db, withdrawalId: string) {
  const [player] = await db
    .select({ locale: players.locale })
    .from(paymentTransactions)
    .innerJoin(players, eq(players.id, paymentTransactions.playerId))
    .where(eq(paymentTransactions.id, withdrawalId))
  const stored = player?.locale ?? DEFAULT_LOCALE
  return isLocalePrefix(stored) ? stored : DEFAULT_LOCALE
}

/** The decision's notification text in the player's language, English where it is not translated. */
export function withdrawalNotificationText(
  text: Texts,
  locale: string,
  row: Pick<PaymentRow, 'walletAmountMinor' | 'walletCurrency'>,
  decision: { status: 'completed' } | { status: 'rejected'; reason: string },
): string {
  const currency = row.walletCurrency
  const amount = isCurrencyCode(currency)
    ? formatMoney(row.walletAmountMinor, currency, getLocale(locale).tag)
    : `${row.walletAmountMinor.toString()} ${currency}`
  const key =
    decision.status === 'completed'
      ? 'notifications_text.withdrawal_approved'
      : 'notifications_text.withdrawal_rejected'
  const values = { amount, ...(decision.status === 'rejected' && { reason: decision.reason }) }
  return text(key, values)
}

/** The player's texts for a decision on a withdrawal, read before its transaction. */
async function decisionTexts(deps: OperatorDecisionDeps, withdrawalId: string) {
  const locale = await playerLocaleOf(deps.db, withdrawalId)
  return { locale, text: await textsIn(deps.messages, locale) }
}

async function notifyDecision(
  tx: Tx,
  notify: Notify,
  { locale, text }: { locale: string; text: Texts },
  row: PaymentRow,
  decision: { status: 'completed' } | { status: 'rejected'; reason: string },
) {
  await notify(tx, {
    playerId: row.playerId,
    type: decision.status === 'completed' ? 'withdrawal_approved' : 'withdrawal_rejected',
    text: withdrawalNotificationText(text, locale, row, decision),
    url: `/${locale}/account/transactions/withdrawals`,
    durationS: decision.status === 'rejected' ? 10 : undefined,
  })
}

/**
 * An operator approves a pending withdrawal: the provider pays it out, then the held money leaves
 * to the provider's clearing account and the row is completed, with an audit entry and the
 * player's notification.
 *
 * Note: the provider is called outside any database transaction (it may be another company's
 * server). First the row is marked as being paid (the player can no longer cancel it), then the
 * provider pays with the row's id as its idempotency key, then the outcome is recorded. If the
 * process dies between the two, approving again asks the provider again with the same id and
 * gets the same payout, never a second one; the ledger's key `withdrawal_payout:<id>` makes the
 * transfer once. A failed payout clears the mark: the withdrawal stays pending and held.
 */
export async function approveWithdrawal(
  deps: OperatorDecisionDeps,
  payout: Payout,
  input: { operatorId: string; id: string },
): Promise<PaymentRow> {
  const { db } = deps
  const { row, provider } = await inLedgerTransaction(db, async (tx) => {
    const row = await lockWithdrawal(tx, input.id)
    if (!row) throw new AppError('withdrawals.not_found')
    if (row.status !== 'pending') throw new AppError('withdrawals.not_pending')
    const [method] = await tx
      .select({ provider: paymentMethods.provider })
      .from(paymentMethods)
      .where(eq(paymentMethods.id, row.methodId))
    if (!method) throw new Error(`withdrawal ${row.id}: method ${row.methodId} is gone`)
    if (row.details[PAYOUT_STARTED_DETAIL] !== undefined) return { row, provider: method.provider }
    const marked = await tx
      .update(paymentTransactions)
      .set({
        details: { ...row.details, [PAYOUT_STARTED_DETAIL]: new Date().toISOString() },
        updatedAt: sql`now()`,
      })
      .where(eq(paymentTransactions.id, row.id))
      .returning()
    return { row: marked[0] ?? row, provider: method.provider }
  })

  const outcome = await payout(provider, {
    transactionId: row.id,
    playerId: row.playerId,
    methodId: row.methodId,
    currency: row.currency as CurrencyCode,
    amountMinor: row.amountMinor,
    fields: internalDetailsRemoved(row.details),
  })

  if (outcome.status === 'failed') {
    await inLedgerTransaction(db, async (tx) => {
      const current = await lockWithdrawal(tx, row.id)
      if (current?.status !== 'pending') return
      const { [PAYOUT_STARTED_DETAIL]: _started, ...details } = current.details
      await tx
        .update(paymentTransactions)
        .set({ details, updatedAt: sql`now()` })
        .where(eq(paymentTransactions.id, row.id))
      await recordAudit(tx, deps.request, {
        actorType: 'operator',
        actorId: input.operatorId,
        playerId: row.playerId,
        action: 'withdrawal.payout_failed',
        details: { withdrawalId: row.id, reason: outcome.reason },
      })
    })
    throw new AppError('withdrawals.payout_failed')
  }

  const texts = await decisionTexts(deps, row.id)
  const completed = await notifyAfterCommit(deps, (notify) =>
    inLedgerTransaction(db, async (tx) => {
      const current = await lockWithdrawal(tx, row.id)
      if (!current) throw new AppError('withdrawals.not_found')
      // Two approvals at once: the provider paid once (same id), the second finds it done.
      if (current.status !== 'pending') throw new AppError('withdrawals.not_pending')
      const currency = current.walletCurrency as CurrencyCode
      await moveHeld(tx, current, 'withdrawal_payout', 'clearing')
      const { [PAYOUT_STARTED_DETAIL]: _started, ...details } = current.details
      const completed = await finish(tx, current, 'completed', {
        details: { ...details, ...outcome.details },
        providerReference: outcome.providerReference,
      })
      await recordAudit(tx, deps.request, {
        actorType: 'operator',
        actorId: input.operatorId,
        playerId: current.playerId,
        action: 'withdrawal.approved',
        details: {
          withdrawalId: current.id,
          amountMinor: current.walletAmountMinor.toString(),
          currency,
          providerReference: outcome.providerReference,
        },
      })
      await notifyDecision(tx, notify, texts, completed, { status: 'completed' })
      return completed
    }),
  )
  await announceBalance(deps, completed.playerId, completed.walletCurrency)
  return completed
}

/**
 * An operator rejects a pending withdrawal with a reason: the held money goes back to the player's
 * cash, with an audit entry and the player's notification. One already being paid out cannot be
 * rejected (409): the provider may have paid it.
 */
export async function rejectWithdrawal(
  deps: OperatorDecisionDeps,
  input: { operatorId: string; id: string; reason: string },
): Promise<PaymentRow> {
  const texts = await decisionTexts(deps, input.id)
  const rejected = await notifyAfterCommit(deps, (notify) =>
    inLedgerTransaction(deps.db, async (tx) => {
      const row = await lockWithdrawal(tx, input.id)
      if (!row) throw new AppError('withdrawals.not_found')
      if (!canCancel(row)) throw new AppError('withdrawals.not_pending')
      await moveHeld(tx, row, 'withdrawal_release', 'cash')
      const rejected = await finish(tx, row, 'rejected', {
        details: { ...row.details, reason: input.reason },
      })
      await recordAudit(tx, deps.request, {
        actorType: 'operator',
        actorId: input.operatorId,
        playerId: row.playerId,
        action: 'withdrawal.rejected',
        details: {
          withdrawalId: row.id,
          amountMinor: row.walletAmountMinor.toString(),
          currency: row.walletCurrency,
          reason: input.reason,
        },
      })
      await notifyDecision(tx, notify, texts, rejected, {
        status: 'rejected',
        reason: input.reason,
      })
      return rejected
    }),
  )
  await announceBalance(deps, rejected.playerId, rejected.walletCurrency)
  return rejected
}

export type WithdrawalWithPlayer = PaymentRow & {
  player: { email: string; firstName: string; lastName: string }
}

/** Any player's withdrawal with its owner (operators only). */
export async function findWithdrawalWithPlayer(
  db: Db,
  id: string,
): Promise<WithdrawalWithPlayer | undefined> {
  const row = await findPaymentWithPlayer(db, id)
  return row?.direction === 'withdrawal' ? row : undefined
}

/** Any player's payment (a deposit or a withdrawal) with its owner (operators only). */
export async function findPaymentWithPlayer(
  db: Db,
  id: string,
): Promise<WithdrawalWithPlayer | undefined> {
  const [row] = await db
    .select({
      payment: paymentTransactions,
      player: { email: players.email, firstName: players.firstName, lastName: players.lastName },
    })
    .from(paymentTransactions)
    .innerJoin(players, eq(players.id, paymentTransactions.playerId))
    .where(eq(paymentTransactions.id, id))
  return row && { ...row.payment, player: row.player }
}

/**
 * One page of withdrawals with a status and their players: pending ones oldest first (a queue),
 * the others newest first.
 */
export async function listWithdrawals(
  db: Db,
  status: PaymentStatus,
  page: { offset: number; limit: number },
): Promise<{ rows: WithdrawalWithPlayer[]; total: number }> {
  const direction = status === 'pending' ? asc : desc
  const where = and(
    eq(paymentTransactions.direction, 'withdrawal'),
    eq(paymentTransactions.status, status),
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({
        payment: paymentTransactions,
        player: { email: players.email, firstName: players.firstName, lastName: players.lastName },
      })
      .from(paymentTransactions)
      .innerJoin(players, eq(players.id, paymentTransactions.playerId))
      .where(where)
      .orderBy(direction(paymentTransactions.createdAt), direction(paymentTransactions.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ value: count() }).from(paymentTransactions).where(where),
  ])
  return {
    rows: rows.map((row) => ({ ...row.payment, player: row.player })),
    total: total?.value ?? 0,
  }
}
