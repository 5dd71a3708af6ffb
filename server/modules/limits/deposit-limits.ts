import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import type { CurrencyCode } from '#common/money.ts'
import { loadRates, type RateTable } from '#server/modules/wallet/index.ts'
import {
  LIMIT_PERIOD_MS,
  changeLimit,
  inCurrency,
  settleLimit,
  tightestAllowance,
  type Allowance,
  type LimitState,
} from './limit-rules.ts'
import { LIMIT_PERIODS, depositLimits, type LimitPeriod } from './limits.tables.ts'

/**
 * The player's deposits (completed and pending) since an instant, per wallet currency: the
 * cashier's, handed in by whoever asks about deposit limits. `excludingId` leaves out a deposit.
 */
export type DepositTotalsSince = (
  db: Db | Tx,
  playerId: string,
  since: Date,
  excludingId?: string,
) => Promise<{ currency: string; totalMinor: bigint; oldestAt: Date }[]>

export interface DepositLimitView {
  period: LimitPeriod
  amountMinor: bigint | null
  pendingAmountMinor: bigint | null
  pendingFrom: Date | null
  usedMinor: bigint
  /** When the oldest deposit counted in `usedMinor` leaves the rolling period; null if none. */
  freesAt: Date | null
}

type LimitRow = typeof depositLimits.$inferSelect

/**
 * The player's limits in `currency` (the current wallet's), with waiting changes whose 24 hours
 * have passed applied (and stored) now.
 */
async function settledLimits(
  db: Db | Tx,
  rates: RateTable,
  playerId: string,
  currency: CurrencyCode,
  now: Date,
  lock: boolean,
): Promise<Map<LimitPeriod, LimitState>> {
  const query = db.select().from(depositLimits).where(eq(depositLimits.playerId, playerId))
  const rows: LimitRow[] = lock ? await query.for('update') : await query
  const states = new Map<LimitPeriod, LimitState>()
  for (const row of rows) {
    const stored: LimitState = {
      amountMinor: inCurrency(rates, row.amountMinor, row.currency, currency),
      pendingAmountMinor: inCurrency(rates, row.pendingAmountMinor, row.currency, currency),
      pendingFrom: row.pendingFrom,
    }
    const settled = settleLimit(stored, now)
    if (settled !== stored) {
      await db
        .update(depositLimits)
        .set({ ...settled, currency, updatedAt: now })
        .where(and(eq(depositLimits.playerId, playerId), eq(depositLimits.period, row.period)))
    }
    states.set(row.period, settled)
  }
  return states
}

/**
 * Deposits (completed and pending) within each rolling period, in `currency`; `excludingId` leaves
 * out the deposit being credited, which is itself still pending.
 */
async function usedByPeriod(
  db: Db | Tx,
  rates: RateTable,
  totalsSince: DepositTotalsSince,
  playerId: string,
  currency: CurrencyCode,
  now: Date,
  excludingId?: string,
): Promise<Record<LimitPeriod, { usedMinor: bigint; freesAt: Date | null }>> {
  const used = {
    day: { usedMinor: 0n, freesAt: null as Date | null },
    week: { usedMinor: 0n, freesAt: null as Date | null },
    month: { usedMinor: 0n, freesAt: null as Date | null },
  }
  for (const period of LIMIT_PERIODS) {
    const since = new Date(now.getTime() - LIMIT_PERIOD_MS[period])
    for (const total of await totalsSince(db, playerId, since, excludingId)) {
      const entry = used[period]
      entry.usedMinor += inCurrency(rates, total.totalMinor, total.currency, currency) ?? 0n
      const freesAt = new Date(total.oldestAt.getTime() + LIMIT_PERIOD_MS[period])
      if (entry.freesAt === null || freesAt < entry.freesAt) entry.freesAt = freesAt
    }
  }
  return used
}

/** `GET /player/deposit-limits`: every period, in the player's current currency. */
export async function getDepositLimits(
  db: Db,
  input: { playerId: string; currency: CurrencyCode; totalsSince: DepositTotalsSince },
  now = new Date(),
): Promise<DepositLimitView[]> {
  const { playerId, currency } = input
  const rates = await loadRates(db)
  return db.transaction(async (tx) => {
    const states = await settledLimits(tx, rates, playerId, currency, now, true)
    const used = await usedByPeriod(tx, rates, input.totalsSince, playerId, currency, now)
    return LIMIT_PERIODS.map((period) => {
      const state = states.get(period)
      return {
        period,
        amountMinor: state?.amountMinor ?? null,
        pendingAmountMinor: state?.pendingAmountMinor ?? null,
        pendingFrom: state?.pendingFrom ?? null,
        ...used[period],
      }
    })
  })
}

/**
 * `POST /player/deposit-limits`: lowering a limit (or setting a first one) applies at once;
 * raising or removing one waits 24 hours.
 */
export async function setDepositLimit(
  db: Db,
  player: { id: string; currency: CurrencyCode },
  period: LimitPeriod,
  amountMinor: bigint | null,
  now = new Date(),
): Promise<void> {
  const playerId = player.id
  const rates = await loadRates(db)
  await db.transaction(async (tx) => {
    const states = await settledLimits(tx, rates, playerId, player.currency, now, true)
    const current = states.get(period) ?? {
      amountMinor: null,
      pendingAmountMinor: null,
      pendingFrom: null,
    }
    const next = changeLimit(current, amountMinor, now)
    await tx
      .insert(depositLimits)
      .values({ playerId, period, currency: player.currency, ...next, updatedAt: now })
      .onConflictDoUpdate({
        target: [depositLimits.playerId, depositLimits.period],
        set: { currency: player.currency, ...next, updatedAt: now },
      })
  })
}

/**
 * What the limits in force still leave the player in `currency` (the tightest period), or
 * undefined when no limit is set. Locks the player's limit rows for the rest of the transaction,
 * so two deposits at once cannot both take the last of an allowance. `excludingId` is a pending
 * deposit being credited, which must not count against itself.
 */
export async function depositAllowance(
  tx: Tx,
  rates: RateTable,
  input: {
    playerId: string
    currency: CurrencyCode
    totalsSince: DepositTotalsSince
    excludingId?: string
  },
  now = new Date(),
): Promise<Allowance | undefined> {
  const states = await settledLimits(tx, rates, input.playerId, input.currency, now, true)
  if (![...states.values()].some((state) => state.amountMinor !== null)) return undefined
  const used = await usedByPeriod(
    tx,
    rates,
    input.totalsSince,
    input.playerId,
    input.currency,
    now,
    input.excludingId,
  )
  return tightestAllowance(
    LIMIT_PERIODS.map((period) => ({
      period,
      amountMinor: states.get(period)?.amountMinor ?? null,
      usedMinor: used[period].usedMinor,
    })),
  )
}
