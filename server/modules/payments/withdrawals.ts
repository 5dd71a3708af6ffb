import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { DEFAULT_LOCALE, isLocalePrefix } from '#common/locales.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { formatDecimal, isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import { recordAudit } from '#server/modules/audit/index.ts'
import { inLedgerTransaction } from '#server/modules/ledger/index.ts'
import { operators } from '#server/modules/operators/operators.tables.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { loadRates, publishWallet, type RateTable } from '#server/modules/wallet/index.ts'
import {
  paymentMethodLimits,
  paymentMethods,
  paymentTransactions,
  savedPaymentProfiles,
  type PaymentProviderId,
  type PaymentStatus,
} from './payments.tables.ts'
import { approvalsNeeded, type ApprovalRule } from './four-eyes.ts'
import { moveHeld } from './held-money.ts'
import type { WithdrawalSort } from './withdrawals.contract.ts'
import type { Payout } from './withdrawals-payout.ts'
import type { CashierRules } from './cashier.ts'
import { checkWithdrawalFields, lastFourOf, type KnownCard } from './withdrawals-fields.ts'
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

export const insufficientFunds = (availableMinor: bigint, currency: CurrencyCode) =>
  new AppError('withdrawals.insufficient_funds', {
    params: { available: formatDecimal(availableMinor, currency), currency },
  })

/** The settings a withdrawal request is checked with. */
export interface WithdrawalSettings {
  kycThresholdEurMinor: bigint
  rules: CashierRules
  secretBox: SecretBox
  rates?: RateTable
}

/** A checked withdrawal request: what leaves the wallet, what is paid out, at which rate. */
export interface WithdrawalPlan {
  methodId: string
  payoutCurrency: CurrencyCode
  payoutMinor: bigint
  walletCurrency: CurrencyCode
  walletMinor: bigint
  /** The wallet amount in euros, for the KYC threshold. */
  eurMinor: bigint
  rate: string
  details: Record<string, string>
  rates: RateTable
}

/** A player's withdrawal request, built by `server/flows/request-withdrawal.ts`. */
export type RequestWithdrawal = (
  context: { log: Pick<FastifyBaseLogger, 'warn'> },
  settings: WithdrawalSettings,
  input: WithdrawalRequest,
) => Promise<{ transaction: PaymentRow; isNew: boolean }>

/**
 * The cashier's checks of a withdrawal request: the method, its limits, the fields and the
 * destination's confirmation, and the conversion of a crypto payout. A repeated idempotency key
 * answers the first request instead.
 */
export async function planWithdrawal(
  db: Db,
  settings: WithdrawalSettings,
  input: WithdrawalRequest,
): Promise<{ repeated: PaymentRow } | { plan: WithdrawalPlan }> {
  const existing = await findByIdempotencyKey(db, input.playerId, input.idempotencyKey)
  if (existing) return { repeated: sameRequest(existing, input) }

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
  return {
    plan: {
      methodId: method.id,
      payoutCurrency,
      payoutMinor,
      walletCurrency,
      walletMinor,
      eurMinor,
      rate,
      details,
      rates,
    },
  }
}

/**
 * Writes the pending withdrawal row; undefined when a concurrent request with the same key
 * committed meanwhile (`repeatedWithdrawal` answers it after the transaction).
 */
export async function insertWithdrawal(
  tx: Tx,
  id: string,
  plan: WithdrawalPlan,
  input: WithdrawalRequest,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .insert(paymentTransactions)
    .values({
      id,
      playerId: input.playerId,
      direction: 'withdrawal',
      methodId: plan.methodId,
      currency: plan.payoutCurrency,
      amountMinor: plan.payoutMinor,
      walletCurrency: plan.walletCurrency,
      walletAmountMinor: plan.walletMinor,
      rate: plan.rate,
      status: 'pending',
      idempotencyKey: input.idempotencyKey,
      details: { ...plan.details, [REQUESTED_DETAIL]: requestedOf(input) },
    })
    .onConflictDoNothing({
      target: [paymentTransactions.playerId, paymentTransactions.idempotencyKey],
    })
    .returning()
  return row
}

/** The first withdrawal of a key a concurrent request committed. */
export async function repeatedWithdrawal(db: Db, input: WithdrawalRequest): Promise<PaymentRow> {
  const first = await findByIdempotencyKey(db, input.playerId, input.idempotencyKey)
  if (!first) throw new Error(`withdrawal ${input.idempotencyKey} conflicted but is not there`)
  return sameRequest(first, input)
}

/** Locks a withdrawal row for the rest of the transaction. */
export async function lockWithdrawal(tx: Tx, id: string, playerId?: string) {
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

/** Writes a locked withdrawal's final status. */
export async function finishWithdrawal(
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
    return finishWithdrawal(tx, row, 'cancelled')
  })
  await announceBalance(deps, cancelled.playerId, cancelled.walletCurrency)
  return cancelled
}

/** Who decides, for the audit entry, and where a failed push is logged. */
export interface DecisionContext {
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>
  request: Pick<FastifyRequest, 'ip' | 'headers'>
}

/** An operator's decisions on a withdrawal, built by `server/flows/decide-withdrawal.ts`. */
export interface WithdrawalDecisions {
  /**
   * Pays a pending withdrawal out through its method's provider (`payout`), or, when it needs two
   * approvals and has none, records this one as the first and leaves it pending (`four-eyes.ts`).
   */
  approve(
    context: DecisionContext,
    payout: Payout,
    input: { operatorId: string; id: string; rule: Omit<ApprovalRule, 'rates'> },
  ): Promise<PaymentRow>
  /** Gives the held money back to the player's cash, with a reason. */
  reject(
    context: DecisionContext,
    input: { operatorId: string; id: string; reason: string },
  ): Promise<PaymentRow>
}

/** The language of the withdrawal's player, read before the decision's transaction. */
export async function withdrawalLocale(db: Db, withdrawalId: string) {
  const [player] = await db
    .select({ locale: players.locale })
    .from(paymentTransactions)
    .innerJoin(players, eq(players.id, paymentTransactions.playerId))
    .where(eq(paymentTransactions.id, withdrawalId))
  const stored = player?.locale ?? DEFAULT_LOCALE
  return isLocalePrefix(stored) ? stored : DEFAULT_LOCALE
}

/** What an approval started: a recorded first approval, or a payout to ask the provider for. */
export type ApprovalStart =
  | { kind: 'first_approval'; row: PaymentRow }
  | {
      kind: 'payout'
      row: PaymentRow
      provider: PaymentProviderId
      fields: Record<string, string>
    }

/**
 * The first step of an approval, under the row's lock. A withdrawal that needs two approvals
 * (`four-eyes.ts`) and has none yet records this operator's as the first (audited) and stays
 * pending; the same operator approving it again is refused (409
 * `withdrawals.second_approver_required`). Otherwise the pending withdrawal is marked as being
 * paid (the player can no longer cancel it), once; answers it with its method's provider and the
 * fields the provider pays to.
 */
export async function startApproval(
  db: Db,
  id: string,
  approval: {
    operatorId: string
    rule: Omit<ApprovalRule, 'rates'>
    request: DecisionContext['request']
  },
): Promise<ApprovalStart> {
  // Read before the transaction, which would hold the embedded database's only connection.
  const rule: ApprovalRule = { ...approval.rule, rates: await loadRates(db) }
  const started = await inLedgerTransaction(db, async (tx) => {
    const row = await lockWithdrawal(tx, id)
    if (!row) throw new AppError('withdrawals.not_found')
    if (row.status !== 'pending') throw new AppError('withdrawals.not_pending')
    if (approvalsNeeded(row, rule) === 2) {
      if (row.firstApproverId === null) {
        return { kind: 'first_approval' as const, row: await recordFirst(tx, row) }
      }
      if (row.firstApproverId === approval.operatorId) {
        throw new AppError('withdrawals.second_approver_required')
      }
    }
    const [method] = await tx
      .select({ provider: paymentMethods.provider })
      .from(paymentMethods)
      .where(eq(paymentMethods.id, row.methodId))
    if (!method) throw new Error(`withdrawal ${row.id}: method ${row.methodId} is gone`)
    const payout = { kind: 'payout' as const, provider: method.provider }
    if (row.details[PAYOUT_STARTED_DETAIL] !== undefined) return { ...payout, row }
    const marked = await tx
      .update(paymentTransactions)
      .set({
        details: { ...row.details, [PAYOUT_STARTED_DETAIL]: new Date().toISOString() },
        updatedAt: sql`now()`,
      })
      .where(eq(paymentTransactions.id, row.id))
      .returning()
    return { ...payout, row: marked[0] ?? row }
  })

  async function recordFirst(tx: Tx, row: PaymentRow): Promise<PaymentRow> {
    const [recorded] = await tx
      .update(paymentTransactions)
      .set({
        firstApproverId: approval.operatorId,
        firstApprovedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(paymentTransactions.id, row.id))
      .returning()
    if (!recorded) throw new Error(`withdrawal ${row.id} vanished under its lock`)
    await recordAudit(tx, approval.request, {
      actorType: 'operator',
      actorId: approval.operatorId,
      playerId: row.playerId,
      action: 'withdrawal.first_approved',
      details: {
        withdrawalId: row.id,
        amountMinor: row.walletAmountMinor.toString(),
        currency: row.walletCurrency,
        secondApprovalAboveEurMinor: rule.secondApprovalAboveEurMinor.toString(),
      },
    })
    return recorded
  }

  return started.kind === 'payout'
    ? { ...started, fields: internalDetailsRemoved(started.row.details) }
    : started
}

/** A refused payout clears the mark: the withdrawal stays pending and held (audited). */
export async function payoutFailed(
  db: Db,
  request: DecisionContext['request'],
  row: PaymentRow,
  failure: { operatorId: string; reason: string },
): Promise<void> {
  await inLedgerTransaction(db, async (tx) => {
    const current = await lockWithdrawal(tx, row.id)
    if (current?.status !== 'pending') return
    const { [PAYOUT_STARTED_DETAIL]: _started, ...details } = current.details
    await tx
      .update(paymentTransactions)
      .set({ details, updatedAt: sql`now()` })
      .where(eq(paymentTransactions.id, row.id))
    await recordAudit(tx, request, {
      actorType: 'operator',
      actorId: failure.operatorId,
      playerId: row.playerId,
      action: 'withdrawal.payout_failed',
      details: { withdrawalId: row.id, reason: failure.reason },
    })
  })
}

export type WithdrawalWithPlayer = PaymentRow & {
  player: { email: string; firstName: string; lastName: string }
  /** The operator who gave a first approval (four-eyes), by name, else e-mail. */
  firstApprover: { name: string } | null
}

const withPlayerColumns = {
  payment: paymentTransactions,
  player: { email: players.email, firstName: players.firstName, lastName: players.lastName },
  approverName: operators.name,
  approverEmail: operators.email,
}

export function withPlayer(row: {
  payment: PaymentRow
  player: WithdrawalWithPlayer['player']
  approverName: string | null
  approverEmail: string | null
}): WithdrawalWithPlayer {
  const approver = row.approverName || row.approverEmail
  return {
    ...row.payment,
    player: row.player,
    firstApprover: approver ? { name: approver } : null,
  }
}

/** Payments joined with their players and first approvers (operators only). */
export const paymentsWithPlayers = (db: Db) =>
  db
    .select(withPlayerColumns)
    .from(paymentTransactions)
    .innerJoin(players, eq(players.id, paymentTransactions.playerId))
    .leftJoin(operators, eq(operators.id, paymentTransactions.firstApproverId))

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
  const [row] = await paymentsWithPlayers(db).where(eq(paymentTransactions.id, id))
  return row && withPlayer(row)
}

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
export const containsPattern = (text: string) =>
  `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`

/** The withdrawal queue's filters and order (`OperatorWithdrawalListQuerySchema`). */
export interface WithdrawalListFilter {
  status: PaymentStatus
  email?: string | undefined
  currency?: string | undefined
  amountMin?: string | undefined
  amountMax?: string | undefined
  approval?: 'awaiting_first' | 'awaiting_second' | undefined
  sort?: WithdrawalSort | undefined
}

/**
 * One page of withdrawals with their players. By default pending ones come oldest first (a
 * queue), the others newest first; ties break by id so pages never overlap.
 */
export async function listWithdrawals(
  db: Db,
  filter: WithdrawalListFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: WithdrawalWithPlayer[]; total: number }> {
  const sort = filter.sort ?? (filter.status === 'pending' ? 'createdAt' : '-createdAt')
  const direction = sort.startsWith('-') ? desc : asc
  const column =
    sort.replace('-', '') === 'amount'
      ? paymentTransactions.walletAmountMinor
      : paymentTransactions.createdAt
  const where = and(
    eq(paymentTransactions.direction, 'withdrawal'),
    eq(paymentTransactions.status, filter.status),
    filter.email ? ilike(players.email, containsPattern(filter.email)) : undefined,
    filter.currency ? eq(paymentTransactions.walletCurrency, filter.currency) : undefined,
    filter.amountMin === undefined
      ? undefined
      : gte(paymentTransactions.walletAmountMinor, BigInt(filter.amountMin)),
    filter.amountMax === undefined
      ? undefined
      : lte(paymentTransactions.walletAmountMinor, BigInt(filter.amountMax)),
    // Only a pending withdrawal waits for an approval.
    filter.approval === undefined ? undefined : eq(paymentTransactions.status, 'pending'),
    filter.approval === 'awaiting_second'
      ? isNotNull(paymentTransactions.firstApproverId)
      : filter.approval === 'awaiting_first'
        ? isNull(paymentTransactions.firstApproverId)
        : undefined,
  )
  const [rows, [total]] = await Promise.all([
    paymentsWithPlayers(db)
      .where(where)
      .orderBy(direction(column), direction(paymentTransactions.id))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ value: count() })
      .from(paymentTransactions)
      .innerJoin(players, eq(players.id, paymentTransactions.playerId))
      .where(where),
  ])
  return { rows: rows.map(withPlayer), total: total?.value ?? 0 }
}
