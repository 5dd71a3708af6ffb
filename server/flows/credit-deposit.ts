import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import { DEFAULT_LOCALE } from '#common/locales.ts'
import type { CurrencyCode } from '#common/money.ts'
import type { Messages } from '#common/messages.ts'
import type { Db, Tx } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import {
  bonusNotice,
  bonusWording,
  grantDepositBonus,
  loadBonusRules,
  publishBonus,
  type BonusWording,
  type PlayerBonusRow,
} from '#server/modules/bonuses/index.ts'
import { recordEngagementEvent } from '#server/modules/engagement/index.ts'
import { inLedgerTransaction, postTransfer } from '#server/modules/ledger/index.ts'
import { depositAllowance, inCurrency } from '#server/modules/limits/index.ts'
import { notifyAfterCommit } from '#server/modules/notifications/index.ts'
import {
  addDepositWagering,
  depositLimitExceeded,
  depositTotalsSince,
  findCashierPlayer,
  lockDepositForCredit,
  lockDepositWagering,
  lockHeld,
  moneyText,
  moveHeld,
  paymentLocale,
  recordCredit,
  recordDecision,
  reviewReason,
  type CashierRules,
  type DepositCredits,
  type PaymentRow,
} from '#server/modules/payments/index.ts'
import { paymentTransactions } from '#server/modules/payments/payments.tables.ts'
import { textsIn } from '#server/modules/site/index.ts'
import { loadRates, publishWallet, type RateTable } from '#server/modules/wallet/index.ts'

export interface CreditDepositDeps {
  db: Db
  bus: EventBus
  /** A locale's catalogue with the operator's overrides, for the player's notification. */
  messages: (locale: string) => Promise<Messages>
  /** The wagering multiplier in force (operator settings). */
  rules: () => Promise<Pick<CashierRules, 'depositWagerMultiplier'>>
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>

/**
 * Crediting a deposit, for every way one arrives (a card's answer, a bank transfer an operator
 * confirms, a crypto transfer's confirmations) and for held money an operator releases. In one
 * transaction the payment row is locked (payments), deposited money is added to what is still to
 * wager, the ledger moves its wallet amount from the provider's clearing account to the player's
 * cash (key `deposit:<id>`), the row is marked completed and the player's notification stored.
 * After commit the notification, the header and `deposit.completed` go out.
 *
 * A deposit above its method's maximum or the player's deposit limit (money a gateway delivers
 * whatever was announced, or a bank transfer bigger than the reference said) goes to the
 * player's held account instead, under the same key, and waits `pending` with the next action
 * `operator_review` until an operator releases or returns it.
 */
export function creditDepositFlow(deps: CreditDepositDeps): DepositCredits {
  /** The engine's `deposit` event (quests), in the credit's transaction: once per deposit. */
  async function recordDeposit(tx: Tx, rates: RateTable, payment: PaymentRow) {
    const currency = payment.walletCurrency as CurrencyCode
    let amountEurMinor = 0n
    try {
      amountEurMinor = rates.convert(payment.walletAmountMinor, currency, 'EUR', 'half_even')
    } catch {
      // A currency the rate table cannot convert counts as a deposit of no euros: the credit
      // itself must never fail for a quest.
    }
    await recordEngagementEvent(tx, {
      kind: 'deposit',
      sourceId: payment.id,
      playerId: payment.playerId,
      data: { amountEurMinor: amountEurMinor.toString() },
    })
  }

  /** The player's `deposit_credited` text, in their language, for whatever amount is credited. */
  async function creditedText(paymentId: string) {
    // Read before the transaction: on the embedded database a read outside the transaction would
    // wait for the transaction itself.
    const locale = await paymentLocale(deps.db, paymentId)
    const text = await textsIn(deps.messages, locale)
    return (minor: bigint, currency: CurrencyCode) =>
      text('notifications_text.deposit_credited', { amount: moneyText(minor, currency, locale) })
  }

  /**
   * After commit: the header's balance and the `deposit.completed` event (bonuses, quests). A
   * failed push is logged, not retried; the money is there, and the page shows it on its next
   * load.
   */
  async function announceCredit(log: Log, payment: PaymentRow): Promise<void> {
    try {
      await publishWallet(deps.db, deps.bus, payment.playerId, payment.walletCurrency)
      await deps.bus.publish('deposit.completed', {
        playerId: payment.playerId,
        depositId: payment.id,
        currency: payment.walletCurrency,
        amountMinor: payment.walletAmountMinor.toString(),
      })
      await deps.bus.publish('engagement.recorded', { kind: 'deposit' })
    } catch (error) {
      log.warn({ err: error, paymentId: payment.id }, 'deposit credited but not announced')
    }
  }

  /**
   * The player's words for a bonus notification, read before the transaction; only for a deposit
   * that asked for a bonus (most do not, and pay nothing for it).
   */
  async function bonusWordingOf(paymentId: string): Promise<BonusWording | undefined> {
    const [row] = await deps.db
      .select({ playerId: paymentTransactions.playerId, bonusCode: paymentTransactions.bonusCode })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, paymentId))
    if (!row?.bonusCode) return undefined
    return bonusWording(deps.db, deps.messages, row.playerId)
  }

  async function credit(
    log: Log,
    paymentId: string,
    changes: Parameters<DepositCredits['credit']>[2] = {},
  ) {
    const credited = await creditedText(paymentId)
    const { depositWagerMultiplier } = await deps.rules()
    const rates = await loadRates(deps.db)
    // Read before the transaction, as the texts are: the bonus rules and the player's words.
    const live = await loadBonusRules(deps.db)
    const wording = await bonusWordingOf(paymentId)
    let bonus: PlayerBonusRow | undefined
    const outcome = await notifyAfterCommit({ bus: deps.bus, log }, (notify) =>
      inLedgerTransaction(deps.db, async (tx) => {
        bonus = undefined
        const { row: locked, waiting } = await lockDepositForCredit(tx, paymentId)
        if (!waiting) return { status: 'not_pending' as const, payment: locked }
        const walletCurrency = locked.walletCurrency as CurrencyCode
        const amountMinor = changes.amountMinor ?? locked.amountMinor
        const walletAmountMinor = changes.walletAmountMinor ?? locked.walletAmountMinor
        const review = await reviewReason(tx, rates, locked, { amountMinor, walletAmountMinor })
        if (!review) {
          // The bonus the player asked for (`bonus_code`), before the wagering row and the
          // accounts: the lock order is the bonus row, then accounts. Held money earns none.
          bonus = await grantDepositBonus(tx, {
            payment: locked,
            walletAmountMinor,
            rates,
            live,
          })
          // Deposited money is wagered before it may leave another way. The wagering row is
          // locked before the accounts, in the order a withdrawal takes them. Held money counts
          // once an operator releases it.
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
          debit: {
            system: 'payment_clearing',
            currency: walletCurrency,
            shardKey: locked.playerId,
          },
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
        const payment = await recordCredit(tx, locked, {
          review,
          amountMinor,
          walletAmountMinor,
          changes,
        })
        if (review) return { status: 'held' as const, payment }
        await recordDeposit(tx, rates, payment)
        await notify(tx, {
          playerId: payment.playerId,
          type: 'deposit_credited',
          text: credited(payment.walletAmountMinor, payment.walletCurrency as CurrencyCode),
        })
        if (bonus?.status === 'active' && wording) {
          await notify(tx, bonusNotice('bonus_credited', bonus, wording))
        }
        return { status: 'credited' as const, payment }
      }),
    )
    if (outcome.status === 'credited') await announceCredit(log, outcome.payment)
    if (outcome.status === 'credited' && bonus) {
      try {
        await publishBonus(deps.db, deps.bus, live, bonus, rates)
      } catch (error) {
        log.warn({ err: error, paymentId }, 'bonus granted but not announced')
      }
    }
    if (outcome.status === 'held') {
      // The header's held balance.
      try {
        await publishWallet(
          deps.db,
          deps.bus,
          outcome.payment.playerId,
          outcome.payment.walletCurrency,
        )
      } catch (error) {
        log.warn({ err: error, paymentId: outcome.payment.id }, 'deposit held but not announced')
      }
    }
    return outcome
  }

  /**
   * An operator releases held money to the player's cash, only when the player's deposit limits
   * now leave room for it: an operator may vouch for the source of a large sum, never lift a
   * limit the player set.
   */
  async function release(
    log: Log,
    request: Pick<FastifyRequest, 'ip' | 'headers'>,
    input: { operatorId: string; id: string },
  ): Promise<PaymentRow> {
    const credited = await creditedText(input.id)
    const rates = await loadRates(deps.db)
    const { depositWagerMultiplier } = await deps.rules()
    const payment = await notifyAfterCommit({ bus: deps.bus, log }, (notify) =>
      inLedgerTransaction(deps.db, async (tx) => {
        const row = await lockHeld(tx, input.id)
        const player = await findCashierPlayer(tx, row.playerId)
        const allowance = await depositAllowance(tx, rates, {
          playerId: row.playerId,
          currency: player.currency,
          totalsSince: depositTotalsSince,
          excludingId: row.id,
        })
        const counted = inCurrency(
          rates,
          row.walletAmountMinor,
          row.walletCurrency,
          player.currency,
        )
        if (allowance && (counted ?? 0n) > allowance.remainingMinor) {
          throw depositLimitExceeded(allowance, player.currency, DEFAULT_LOCALE)
        }
        const currency = row.walletCurrency as CurrencyCode
        // Released money is deposited money: wagered before it may leave another way (as a
        // credit does), the wagering row locked before the accounts.
        await lockDepositWagering(tx, row.playerId, currency, { create: true })
        await addDepositWagering(tx, {
          playerId: row.playerId,
          currency,
          amountMinor: row.walletAmountMinor,
          multiplier: depositWagerMultiplier,
        })
        await moveHeld(tx, row, 'deposit_release', 'cash')
        const payment = await recordDecision(tx, request, row, {
          operatorId: input.operatorId,
          status: 'completed',
        })
        await recordDeposit(tx, rates, payment)
        await notify(tx, {
          playerId: row.playerId,
          type: 'deposit_credited',
          text: credited(row.walletAmountMinor, currency),
        })
        return payment
      }),
    )
    await announceCredit(log, payment)
    return payment
  }

  return { credit, release }
}
