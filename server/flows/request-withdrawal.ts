import { and, eq } from 'drizzle-orm'
import { isCurrencyCode, formatDecimal, type CurrencyCode } from '#common/money.ts'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { playerDocuments } from '#server/modules/documents/documents.tables.ts'
import {
  cancelActiveForWithdrawal,
  loadBonusRules,
  publishBonus,
  type PlayerBonusRow,
} from '#server/modules/bonuses/index.ts'
import {
  dailyWithdrawalLimitEurMinor,
  loadLoyaltyTables,
  playerStanding,
  type LoyaltyTables,
} from '#server/modules/engagement/index.ts'
import { accountBalance, inLedgerTransaction, postTransfer } from '#server/modules/ledger/index.ts'
import {
  allowanceOf,
  allowedByMethod,
  closedLoopMinor,
  insertWithdrawal,
  insufficientFunds,
  lockDepositWagering,
  paymentTotalsSince,
  planWithdrawal,
  releaseDepositWagering,
  repeatedWithdrawal,
  type CashierRules,
  type RequestWithdrawal,
} from '#server/modules/payments/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { publishWallet, type RateTable } from '#server/modules/wallet/index.ts'

export interface RequestWithdrawalDeps {
  db: Db
  bus: EventBus
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

/** The rolling window the daily withdrawal limit counts over. */
const DAILY_WINDOW_MS = 24 * 60 * 60 * 1000

/**
 * The daily withdrawal limit, a VIP perk: what the player withdrew over the last 24 hours
 * (pending and paid, in euros at today's rates) plus this withdrawal may not exceed their VIP
 * tier's limit, or the base limit below the first tier (`BASE_WITHDRAWAL_LIMIT_EUR_MINOR`,
 * €5,000). Called after `assertKycForWithdrawal` has locked the player's row, so two requests at
 * once are counted together. Refused with 409 `withdrawals.daily_limit`, the limit and what is
 * left of it in the wallet's currency.
 */
async function assertDailyLimit(
  tx: Tx,
  rates: RateTable,
  tables: LoyaltyTables,
  input: { playerId: string; eurMinor: bigint; walletCurrency: CurrencyCode },
): Promise<void> {
  const { tier } = await playerStanding(tx, input.playerId, tables)
  const limitEurMinor = dailyWithdrawalLimitEurMinor(tier)
  const since = new Date(Date.now() - DAILY_WINDOW_MS)
  let takenEurMinor = 0n
  for (const row of await paymentTotalsSince(tx, 'withdrawal', input.playerId, since)) {
    if (!isCurrencyCode(row.currency)) continue
    takenEurMinor += rates.convert(row.totalMinor, row.currency, 'EUR', 'half_even')
  }
  if (takenEurMinor + input.eurMinor <= limitEurMinor) return
  const remainingEurMinor = limitEurMinor > takenEurMinor ? limitEurMinor - takenEurMinor : 0n
  const inWallet = (eurMinor: bigint) =>
    formatDecimal(
      rates.convert(eurMinor, 'EUR', input.walletCurrency, 'toward_zero'),
      input.walletCurrency,
    )
  throw new AppError('withdrawals.daily_limit', {
    params: {
      limit: inWallet(limitEurMinor),
      remaining: inWallet(remainingEurMinor),
      currency: input.walletCurrency,
    },
  })
}

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
 * A player's withdrawal request: the cashier checks the method, its limits, the fields and the
 * destination (payments); then in one transaction the KYC threshold is checked (players,
 * documents), then the daily withdrawal limit of the player's VIP tier (engagement), the pending
 * payment row written, the deposit wagering rule applied and the amount moved from cash to held
 * (ledger). A repeated idempotency key answers the first request and
 * moves nothing. After commit the header's balance goes out (wallet).
 */
export function requestWithdrawalFlow(deps: RequestWithdrawalDeps): RequestWithdrawal {
  const { db } = deps
  return async (context, settings, input) => {
    const checked = await planWithdrawal(db, settings, input)
    if ('repeated' in checked) return { transaction: checked.repeated, isNew: false }
    const { plan } = checked
    // Read before the transaction (cached): on the embedded database a read outside a running
    // transaction waits for it.
    const loyaltyTables = await loadLoyaltyTables(db)
    let cancelled: PlayerBonusRow | undefined
    const created = await inLedgerTransaction(db, async (tx) => {
      cancelled = undefined
      await assertKycForWithdrawal(tx, plan.rates, settings.kycThresholdEurMinor, {
        playerId: input.playerId,
        eurMinor: plan.eurMinor,
      })
      await assertDailyLimit(tx, plan.rates, loyaltyTables, {
        playerId: input.playerId,
        eurMinor: plan.eurMinor,
        walletCurrency: plan.walletCurrency,
      })
      const id = uuidv7()
      const row = await insertWithdrawal(tx, id, plan, input)
      // The same key committed by a concurrent request meanwhile: answered after this transaction.
      if (!row) return undefined
      // Taking cash out leaves the bonus: the active one in this currency is cancelled and its
      // bonus money forfeited first (the form says so beforehand). The bonus row and its
      // accounts are locked before the wagering row and the cash, in the order every bonus
      // change takes them; the player's cash is not touched by it.
      cancelled = await cancelActiveForWithdrawal(tx, {
        playerId: input.playerId,
        currency: plan.walletCurrency,
      })
      await assertWagered(tx, settings.rules, {
        paymentId: id,
        playerId: input.playerId,
        methodId: plan.methodId,
        payoutCurrency: plan.payoutCurrency,
        walletCurrency: plan.walletCurrency,
        walletMinor: plan.walletMinor,
      })
      const hold = await postTransfer(tx, {
        idempotencyKey: `withdrawal_hold:${id}`,
        code: 'withdrawal_hold',
        debit: { playerId: input.playerId, kind: 'cash', currency: plan.walletCurrency },
        credit: { playerId: input.playerId, kind: 'held', currency: plan.walletCurrency },
        amountMinor: plan.walletMinor,
        reference: id,
      })
      if (hold.status === 'exceeds_balance')
        throw insufficientFunds(hold.availableMinor, plan.walletCurrency)
      // The key is derived from the new row's id, so anything but `posted` is a bug.
      if (hold.status !== 'posted')
        throw new Error(`withdrawal ${id}: ledger answered ${hold.status}`)
      return row
    })
    if (!created) return { transaction: await repeatedWithdrawal(db, input), isNew: false }
    // Tells the player's open pages the new balance; a failed push is only logged.
    try {
      if (cancelled) await publishBonus(db, deps.bus, await loadBonusRules(db), cancelled)
      await publishWallet(db, deps.bus, input.playerId, plan.walletCurrency)
    } catch (error) {
      context.log.warn({ err: error, playerId: input.playerId }, 'balance update not pushed')
    }
    return { transaction: created, isNew: true }
  }
}
