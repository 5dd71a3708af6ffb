import { and, count, desc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm'
import {
  ENDED_BONUS_STATUSES,
  isBonusCode,
  matchedBonus,
  wageringRequired,
  windowAt,
  type BonusCode,
  type BonusRule,
} from '#common/bonus-rules.ts'
import { formatDecimal, isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { accountBalance, postTransfer } from '#server/modules/ledger/index.ts'
import { assertNotBarredFromPlay } from '#server/modules/limits/index.ts'
import { paymentTransactions } from '#server/modules/payments/payments.tables.ts'
import { publishWallet, type RateTable } from '#server/modules/wallet/index.ts'
import { toPlayerBonus, type PlayerBonusRow } from './bonus-view.ts'
import { maxBetIn, rangeIn, ruleOf, type LiveBonusRules } from './bonus-rules-store.ts'
import type { PlayerBonus } from './bonuses.contract.ts'
import { playerBonuses } from './bonuses.tables.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Serialises the changes that may create a player's active bonus (a deposit's grant, an
 * activation, a claim) and those that end it: two of them at once could otherwise both find "no
 * active bonus" and the second would fail on the one-active index inside a deposit's
 * transaction. Taken before the bonus row, which is taken before the ledger's accounts; a bet
 * never takes it (it locks the active row only), so the order stays acyclic.
 */
export async function lockPlayerBonuses(tx: Tx, playerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bonus:${playerId}`}))`)
}

/** The player's active bonus, locked for the rest of `tx` (lock order: this row, then accounts). */
export async function lockActiveBonus(tx: Tx, playerId: string) {
  const [row] = await tx
    .select()
    .from(playerBonuses)
    .where(and(eq(playerBonuses.playerId, playerId), eq(playerBonuses.status, 'active')))
    .for('update')
  return row
}

/** Successful deposits so far (the welcome bonuses count them; the next deposit is this plus one). */
export async function successfulDeposits(db: Db | Tx, playerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.playerId, playerId),
        eq(paymentTransactions.direction, 'deposit'),
        eq(paymentTransactions.status, 'completed'),
      ),
    )
  return row?.n ?? 0
}

/** The time box a code belongs to at `at`: its key, and whether it is open. */
export function periodOf(
  rule: BonusRule,
  at: Date,
): { key: string; isOpen: boolean; endsAt: Date | null } {
  if (!rule.window) return { key: '', isOpen: true, endsAt: null }
  const box = windowAt(rule.window, at)
  return { key: box.key, isOpen: box.isOpen, endsAt: box.endsAt }
}

/** An open offer (claimed, or queued with its amount) of `code` in its time box. */
async function findOffer(db: Db | Tx, playerId: string, code: BonusCode, periodKey: string) {
  const [row] = await db
    .select()
    .from(playerBonuses)
    .where(
      and(
        eq(playerBonuses.playerId, playerId),
        eq(playerBonuses.code, code),
        eq(playerBonuses.periodKey, periodKey),
        eq(playerBonuses.status, 'offered'),
      ),
    )
  return row
}

/**
 * Whether the player may take `code` with their next deposit now; throws the reason (409) when
 * not. An open offer of the same code is no obstacle (it is what the deposit pays). `deposits`:
 * successful deposits so far. A player barred from play hears why first: their break or closure
 * (`protection.*`, with when it ends), or `bonus.barred` for a limit reached. `lock`: in a
 * transaction that then pays the bonus, the player's protection row is locked (`share`).
 */
export async function assertAvailable(
  db: Db | Tx,
  live: LiveBonusRules,
  input: {
    playerId: string
    code: BonusCode
    at: Date
    deposits?: number
    rates?: RateTable
    lock?: 'share'
  },
): Promise<{
  rule: BonusRule
  periodKey: string
  offer: PlayerBonusRow | undefined
  endsAt: Date | null
}> {
  const rule = ruleOf(live, input.code)
  if (!rule?.isEnabled) throw new AppError('bonus.disabled')
  await assertNotBarredFromPlay(db, input.playerId, {
    rates: input.rates,
    lock: input.lock,
    limitError: 'bonus.barred',
  })
  if (rule.depositNumber !== null) {
    const deposits = input.deposits ?? (await successfulDeposits(db, input.playerId))
    if (deposits + 1 !== rule.depositNumber) {
      throw new AppError('bonus.wrong_deposit', { params: { number: rule.depositNumber } })
    }
  }
  const period = periodOf(rule, input.at)
  if (!period.isOpen) throw new AppError('bonus.window_closed')
  const offer = await findOffer(db, input.playerId, input.code, period.key)
  if (!offer) {
    const [taken] = await db
      .select({ id: playerBonuses.id })
      .from(playerBonuses)
      .where(
        and(
          eq(playerBonuses.playerId, input.playerId),
          eq(playerBonuses.code, input.code),
          eq(playerBonuses.periodKey, period.key),
          notInArray(playerBonuses.status, ['declined']),
        ),
      )
    if (taken) throw new AppError('bonus.already_taken')
  }
  return { rule, periodKey: period.key, offer, endsAt: period.endsAt }
}

/** The bonus terms a row starts with once its money is known (copied, so a later edit never changes it). */
function termsFor(rule: BonusRule, amountMinor: bigint, currency: CurrencyCode, rates: RateTable) {
  return {
    amountMinor,
    wageringRequiredMinor: wageringRequired(amountMinor, rule.wageringTimes),
    maxBetMinor: maxBetIn(rule, currency, rates),
  }
}

/** Moves an active bonus's money from the house's bonus expense to the player's bonus account. */
export async function postGrant(tx: Tx, row: PlayerBonusRow): Promise<void> {
  const currency = row.currency as CurrencyCode
  const result = await postTransfer(tx, {
    idempotencyKey: `bonus_grant:${row.id}`,
    code: 'bonus_grant',
    debit: { system: 'bonus_expense', currency, shardKey: row.playerId },
    credit: { playerId: row.playerId, kind: 'bonus', currency },
    amountMinor: row.amountMinor,
    reference: row.id,
  })
  if (result.status === 'exceeds_balance') throw new Error('a house account never runs short')
}

/**
 * Ends an active bonus by forfeiting its whole bonus balance to the house (`bonus_forfeit`); the
 * row must be locked by the caller. Cash is not touched: only the bonus account pays.
 */
async function forfeitActive(
  tx: Tx,
  row: PlayerBonusRow,
  status: 'cancelled' | 'expired',
  now: Date,
): Promise<PlayerBonusRow> {
  const currency = row.currency as CurrencyCode
  const balance = await accountBalance(tx, { playerId: row.playerId, kind: 'bonus', currency })
  if (balance > 0n) {
    const result = await postTransfer(tx, {
      idempotencyKey: `bonus_forfeit:${row.id}`,
      code: 'bonus_forfeit',
      debit: { playerId: row.playerId, kind: 'bonus', currency },
      credit: { system: 'bonus_expense', currency, shardKey: row.playerId },
      amountMinor: balance,
      reference: row.id,
    })
    if (result.status === 'exceeds_balance') {
      throw new Error(`bonus ${row.id}: the balance read under the lock was not there`)
    }
  }
  const [ended] = await tx
    .update(playerBonuses)
    .set({ status, settledMinor: balance, endedAt: now })
    .where(eq(playerBonuses.id, row.id))
    .returning()
  if (!ended) throw new Error(`bonus ${row.id} vanished under its lock`)
  return ended
}

export interface DepositGrantInput {
  payment: {
    id: string
    playerId: string
    bonusCode: string | null
    walletCurrency: string
    createdAt: Date
  }
  /** What the deposit credits to cash, in the wallet's currency. */
  walletAmountMinor: bigint
  rates: RateTable
  live: LiveBonusRules
  now?: Date
}

/**
 * The bonus a deposit pays, inside the deposit's credit transaction (before its ledger
 * transfer, so the lock order is the bonus row, then accounts). Only when the player asked for a
 * code (`bonus_code`, which the dialog sends): none when the code no longer applies (another
 * deposit number, the box closed, taken, barred), or the amount is below the range. With no
 * active bonus the new one becomes active and its money moves (`bonus_grant:<id>`); with one
 * active it waits as an offer with its amount fixed until the player activates it. An offer the
 * player claimed by code becomes that bonus. Idempotent: a deposit pays at most one bonus (its
 * unique index), and the grant's key is the bonus's id.
 */
export async function grantDepositBonus(
  tx: Tx,
  input: DepositGrantInput,
): Promise<PlayerBonusRow | undefined> {
  const { payment, live, rates } = input
  const now = input.now ?? new Date()
  const code = payment.bonusCode
  if (!code || !isBonusCode(code) || !isCurrencyCode(payment.walletCurrency)) return undefined
  const currency = payment.walletCurrency
  await lockPlayerBonuses(tx, payment.playerId)
  const [paid] = await tx
    .select({ id: playerBonuses.id })
    .from(playerBonuses)
    .where(eq(playerBonuses.depositTransactionId, payment.id))
  if (paid) return undefined
  let available
  try {
    // The box is judged when the player paid (a card's 3-D Secure may finish after midnight).
    available = await assertAvailable(tx, live, {
      playerId: payment.playerId,
      code,
      at: payment.createdAt,
      rates,
      lock: 'share',
    })
  } catch (error) {
    if (error instanceof AppError) return undefined
    throw error
  }
  const { rule, periodKey, offer } = available
  const range = rangeIn(live, rule, currency, rates)
  const amountMinor = matchedBonus(input.walletAmountMinor, range, rule.matchPercent)
  if (amountMinor <= 0n) return undefined
  // An offer claimed in another wallet currency cannot hold this money: it is replaced.
  if (offer && offer.currency !== currency) {
    await tx
      .update(playerBonuses)
      .set({ status: 'declined', endedAt: now })
      .where(eq(playerBonuses.id, offer.id))
  }
  const reusable =
    offer && offer.currency === currency && offer.amountMinor === 0n ? offer : undefined
  const active = await lockActiveBonus(tx, payment.playerId)
  const terms = termsFor(rule, amountMinor, currency, rates)
  const values = active
    ? {
        // Queued: the money moves when the player activates it; the offer lapses after the
        // bonus's validity if they never do.
        status: 'offered' as const,
        expiresAt: new Date(now.getTime() + rule.validDays * DAY_MS),
      }
    : {
        status: 'active' as const,
        activatedAt: now,
        expiresAt: new Date(now.getTime() + rule.validDays * DAY_MS),
      }
  let row: PlayerBonusRow | undefined
  if (reusable) {
    ;[row] = await tx
      .update(playerBonuses)
      .set({ ...terms, ...values, depositTransactionId: payment.id })
      .where(and(eq(playerBonuses.id, reusable.id), eq(playerBonuses.status, 'offered')))
      .returning()
  } else if (!offer || offer.currency !== currency) {
    ;[row] = await tx
      .insert(playerBonuses)
      .values({
        id: uuidv7(now.getTime()),
        playerId: payment.playerId,
        code,
        periodKey,
        currency,
        depositTransactionId: payment.id,
        ...terms,
        ...values,
      })
      .onConflictDoNothing()
      .returning()
  }
  // An offer already paid by an earlier deposit (queued with its amount) takes nothing more.
  if (!row) return undefined
  if (row.status === 'active') await postGrant(tx, row)
  return row
}

/** A bonus's wire view with its live balance (the bonus account's, for the active one). */
export async function viewOf(
  db: Db | Tx,
  live: LiveBonusRules,
  row: PlayerBonusRow,
  rates?: RateTable,
): Promise<PlayerBonus> {
  const currency = row.currency as CurrencyCode
  const balance =
    row.status === 'active'
      ? await accountBalance(db, { playerId: row.playerId, kind: 'bonus', currency })
      : 0n
  const rule = ruleOf(live, row.code)
  const waiting = row.status === 'offered' && row.amountMinor === 0n
  if (waiting && rule && rates && isCurrencyCode(row.currency)) {
    return toPlayerBonus(row, balance, {
      range: rangeIn(live, rule, row.currency, rates),
      matchPercent: rule.matchPercent,
    })
  }
  return toPlayerBonus(row, balance)
}

/**
 * After a committed change: the cabinet's bonus (`bonus.changed`, the socket's `bonusUpdate`)
 * and the header's balances. A failed push is the caller's to log; the change is committed.
 */
export async function publishBonus(
  db: Db,
  bus: EventBus,
  live: LiveBonusRules,
  row: PlayerBonusRow,
  rates?: RateTable,
): Promise<void> {
  await bus.publish('bonus.changed', {
    playerId: row.playerId,
    bonus: await viewOf(db, live, row, rates),
  })
  await publishWallet(db, bus, row.playerId, row.currency)
}

/** A player's bonuses, newest first: the open ones (offered, active) or the ended ones. */
export async function listBonuses(
  db: Db,
  input: { playerId: string; ended: boolean; limit: number; offset: number },
): Promise<{ rows: PlayerBonusRow[]; total: number }> {
  const statuses = [...ENDED_BONUS_STATUSES]
  const where = and(
    eq(playerBonuses.playerId, input.playerId),
    input.ended
      ? inArray(playerBonuses.status, statuses)
      : notInArray(playerBonuses.status, statuses),
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(playerBonuses)
      .where(where)
      .orderBy(desc(playerBonuses.createdAt), desc(playerBonuses.id))
      .limit(input.limit)
      .offset(input.offset),
    db.select({ n: count() }).from(playerBonuses).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** The player's own bonus, locked; someone else's answers exactly like an unknown id. */
async function lockOwnBonus(tx: Tx, playerId: string, id: string): Promise<PlayerBonusRow> {
  const [row] = await tx
    .select()
    .from(playerBonuses)
    .where(and(eq(playerBonuses.id, id), eq(playerBonuses.playerId, playerId)))
    .for('update')
  if (!row) throw new AppError('bonus.not_found')
  return row
}

/** The deposit range of a code in a currency, as a refusal's parameters (decimals). */
function rangeParams(
  live: LiveBonusRules,
  rule: BonusRule,
  currency: CurrencyCode,
  rates: RateTable,
) {
  const range = rangeIn(live, rule, currency, rates)
  return {
    min: formatDecimal(range.minMinor, currency),
    max: formatDecimal(range.maxMinor, currency),
    currency,
  }
}

/**
 * `POST /bonus/activate-code`: the player claims a code for their next deposit. Answers the open
 * offer of that code when there is one (a repeat moves nothing); otherwise checks the code is
 * available now and stores an offer (amount 0) that the qualifying deposit pays. A time-boxed
 * offer lapses when its box closes.
 */
export async function claimCode(
  tx: Tx,
  live: LiveBonusRules,
  input: { playerId: string; code: string; currency: CurrencyCode; rates: RateTable; now?: Date },
): Promise<{ row: PlayerBonusRow; isNew: boolean }> {
  const now = input.now ?? new Date()
  if (!isBonusCode(input.code)) throw new AppError('bonus.unknown_code')
  const code = input.code
  await lockPlayerBonuses(tx, input.playerId)
  const { periodKey, offer, endsAt } = await assertAvailable(tx, live, {
    playerId: input.playerId,
    code,
    at: now,
    rates: input.rates,
  })
  if (offer) return { row: offer, isNew: false }
  const [row] = await tx
    .insert(playerBonuses)
    .values({
      id: uuidv7(now.getTime()),
      playerId: input.playerId,
      code,
      periodKey,
      status: 'offered',
      currency: input.currency,
      expiresAt: endsAt,
    })
    .returning()
  if (!row) throw new Error('an offer insert answered no row')
  return { row, isNew: true }
}

/**
 * `POST /bonus/activate`: a queued bonus (offered with its amount, paid by a deposit while
 * another bonus ran) becomes the active one; its wagering clock starts now. An offer still
 * waiting for its deposit answers `bonus.needs_deposit` with the range to deposit.
 */
export async function activateBonus(
  tx: Tx,
  live: LiveBonusRules,
  input: { playerId: string; id: string; rates: RateTable; now?: Date },
): Promise<{ row: PlayerBonusRow; wasActivated: boolean }> {
  const now = input.now ?? new Date()
  await lockPlayerBonuses(tx, input.playerId)
  const row = await lockOwnBonus(tx, input.playerId, input.id)
  // Activating the active bonus again (a repeated click) changes nothing.
  if (row.status === 'active') return { row, wasActivated: false }
  if (row.status !== 'offered') throw new AppError('bonus.already_ended')
  const rule = ruleOf(live, row.code)
  if (!rule || !isCurrencyCode(row.currency)) throw new AppError('bonus.disabled')
  if (row.amountMinor === 0n) {
    throw new AppError('bonus.needs_deposit', {
      params: rangeParams(live, rule, row.currency, input.rates),
    })
  }
  const active = await lockActiveBonus(tx, input.playerId)
  if (active) throw new AppError('bonus.already_active')
  // Activating moves bonus money to the player: as any bonus, not while they are barred from play.
  await assertNotBarredFromPlay(tx, input.playerId, {
    rates: input.rates,
    lock: 'share',
    limitError: 'bonus.barred',
  })
  const [activated] = await tx
    .update(playerBonuses)
    .set({
      status: 'active',
      activatedAt: now,
      expiresAt: new Date(now.getTime() + rule.validDays * DAY_MS),
    })
    .where(eq(playerBonuses.id, row.id))
    .returning()
  if (!activated) throw new Error(`bonus ${row.id} vanished under its lock`)
  await postGrant(tx, activated)
  return { row: activated, wasActivated: true }
}

/**
 * `POST /bonus/cancel`: an active bonus ends `cancelled`, its whole bonus balance forfeited (the
 * player's cash untouched); an offer is `declined`. An ended bonus answers 409.
 */
export async function cancelBonus(
  tx: Tx,
  input: { playerId: string; id: string; now?: Date },
): Promise<PlayerBonusRow> {
  const now = input.now ?? new Date()
  await lockPlayerBonuses(tx, input.playerId)
  const row = await lockOwnBonus(tx, input.playerId, input.id)
  if (row.status === 'active') return forfeitActive(tx, row, 'cancelled', now)
  if (row.status !== 'offered') throw new AppError('bonus.already_ended')
  const [declined] = await tx
    .update(playerBonuses)
    .set({ status: 'declined', endedAt: now })
    .where(eq(playerBonuses.id, row.id))
    .returning()
  if (!declined) throw new Error(`bonus ${row.id} vanished under its lock`)
  return declined
}

/**
 * A withdrawal request cancels the player's active bonus in its currency first, in the
 * withdrawal's own transaction (bonus row, then accounts): bonus money is never withdrawable, and
 * a player who takes cash out leaves the bonus. Answers the cancelled row, if there was one.
 */
export async function cancelActiveForWithdrawal(
  tx: Tx,
  input: { playerId: string; currency: string; now?: Date },
): Promise<PlayerBonusRow | undefined> {
  await lockPlayerBonuses(tx, input.playerId)
  const active = await lockActiveBonus(tx, input.playerId)
  if (active?.currency !== input.currency) return undefined
  return forfeitActive(tx, active, 'cancelled', input.now ?? new Date())
}

/**
 * One step of the expiry sweep: every offer past its time is `expired` in one statement, and
 * at most `batch` active bonuses past `expires_at` are forfeited and `expired`, each in its own
 * transaction. Rows another instance (or a bet) holds are skipped (`SKIP LOCKED`) and met on the
 * next run, so no bonus expires twice. Answers the rows it ended.
 */
export async function expireOffers(tx: Tx, now: Date): Promise<PlayerBonusRow[]> {
  const due = tx
    .select({ id: playerBonuses.id })
    .from(playerBonuses)
    .where(and(eq(playerBonuses.status, 'offered'), lt(playerBonuses.expiresAt, now)))
    .for('update', { skipLocked: true })
  return tx
    .update(playerBonuses)
    .set({ status: 'expired', endedAt: now })
    .where(and(inArray(playerBonuses.id, due), eq(playerBonuses.status, 'offered')))
    .returning()
}

/** Expires one active bonus past its time, if one is free to lock; undefined when none is due. */
export async function expireOneActive(tx: Tx, now: Date): Promise<PlayerBonusRow | undefined> {
  const [row] = await tx
    .select()
    .from(playerBonuses)
    .where(and(eq(playerBonuses.status, 'active'), lt(playerBonuses.expiresAt, now)))
    .orderBy(playerBonuses.expiresAt)
    .limit(1)
    .for('update', { skipLocked: true })
  if (!row) return undefined
  return forfeitActive(tx, row, 'expired', now)
}
