import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { formatDecimal, type CurrencyCode } from '#common/money.ts'
import type { RateTable } from '#server/modules/wallet/index.ts'
import {
  LIMIT_PERIOD_MS,
  NO_LIMIT,
  changeLimit,
  freesAt,
  inCurrency,
  settleLimit,
  tightestAllowance,
  usedOf,
  type LimitState,
  type PlayUsage,
} from './limit-rules.ts'
import {
  LIMIT_PERIODS,
  PLAY_LIMIT_KINDS,
  playLimits,
  type LimitPeriod,
  type PlayLimitKind,
} from './limits.tables.ts'

// Loss and wager limits (docs/decisions/007). The games module knows where stakes
// and payouts are recorded; this module knows the limits. A bet path hands over a subquery of its
// stakes (`PlayUsageRows`) and gets one statement back that reads the limits and the sums.

/**
 * A subquery of every real-money stake of a player since `since`, one row per bet with the
 * columns `currency`, `stake_minor`, `payout_minor` and `at` (when it counts from).
 */
export type PlayUsageRows = (playerId: string, since: Date) => SQL

const MONTH_MS = LIMIT_PERIOD_MS.month

/**
 * A boolean SQL expression for a statement the bet path already runs: it locks every play-limit
 * row of the player (FOR UPDATE) and is true when there is one. Note: `count(*)` rather than
 * `exists` so that every row is locked, not only the first; and the lock is taken here, in an
 * earlier statement than the sums, because under READ COMMITTED a statement that waited for a
 * lock still reads with the snapshot it started with and would miss the bet it waited for.
 */
export const lockPlayLimitsSql = (playerId: string | SQL): SQL<boolean> =>
  sql<boolean>`((select count(*) from (select 1 from ${playLimits} where ${playLimits.playerId} = ${playerId} for update) as locked_limits) > 0)`

/** Locks the player's play-limit rows for the rest of `tx`: sums read after it see every bet. */
export async function lockPlayLimits(tx: Tx, playerId: string): Promise<void> {
  await tx.execute(sql`select ${lockPlayLimitsSql(playerId)}`)
}

/** True when the player has any play limit (no lock: for a read ahead of the locked check). */
export const hasPlayLimitsSql = (playerId: string): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${playLimits} where ${playLimits.playerId} = ${playerId})`

export interface PlayLimitView {
  period: LimitPeriod
  amountMinor: bigint | null
  pendingAmountMinor: bigint | null
  pendingFrom: Date | null
  usedMinor: bigint
}
export type PlayLimitsView = Record<PlayLimitKind, PlayLimitView[]>

interface StoredLimit extends LimitState {
  kind: PlayLimitKind
  period: LimitPeriod
}

interface UsageRow {
  currency: string
  stake_day: string | null
  payout_day: string | null
  oldest_day: string | null
  stake_week: string | null
  payout_week: string | null
  oldest_week: string | null
  stake_month: string | null
  payout_month: string | null
  oldest_month: string | null
}
interface LimitJson {
  kind: PlayLimitKind
  period: LimitPeriod
  currency: string
  amount: string | null
  pending: string | null
  pending_from: string | null
}

const parsed = <T>(value: T[] | string | null): T[] =>
  value === null ? [] : typeof value === 'string' ? (JSON.parse(value) as T[]) : value
const big = (text: string | null) => (text === null ? null : BigInt(text))

/**
 * One statement: the player's limit rows and their stakes and payouts per window, per currency.
 * It takes no lock; callers lock first (`lockPlayLimitsSql`) when they are about to bet.
 */
async function readLimitsAndUsage(
  tx: Db | Tx,
  playerId: string,
  usageRows: PlayUsageRows,
  now: Date,
): Promise<{ limits: LimitJson[]; usage: UsageRow[] }> {
  const since = (period: LimitPeriod) => new Date(now.getTime() - LIMIT_PERIOD_MS[period])
  const window = (period: LimitPeriod) => sql.raw(period)
  const sums = LIMIT_PERIODS.map(
    (period) => sql`
      (sum(stake_minor) filter (where at > ${since(period)}))::text as stake_${window(period)},
      (sum(payout_minor) filter (where at > ${since(period)}))::text as payout_${window(period)},
      min(at) filter (where at > ${since(period)}) as oldest_${window(period)}`,
  )
  const result = await tx.execute(sql`
    select
      (select json_agg(json_build_object('kind', kind, 'period', period, 'currency', currency,
          'amount', amount_minor::text, 'pending', pending_amount_minor::text,
          'pending_from', pending_from))
        from ${playLimits} where ${playLimits.playerId} = ${playerId}) as limits,
      (select json_agg(by_currency) from (
        select currency, ${sql.join(sums, sql`, `)}
        from (${usageRows(playerId, new Date(now.getTime() - MONTH_MS))}) as stakes
        group by currency) as by_currency) as usage`)
  const [row] = (result as { rows: { limits: unknown; usage: unknown }[] }).rows
  return {
    limits: parsed((row?.limits ?? null) as LimitJson[] | string | null),
    usage: parsed((row?.usage ?? null) as UsageRow[] | string | null),
  }
}

/** The stored limits in `currency`, with waiting changes whose time has come applied. */
function settledLimits(
  limits: LimitJson[],
  rates: RateTable | null,
  currency: CurrencyCode,
  now: Date,
): StoredLimit[] {
  return limits.map((row) => {
    const convert = (amount: bigint | null) =>
      rates ? inCurrency(rates, amount, row.currency, currency) : amount
    const stored: LimitState = {
      amountMinor: convert(big(row.amount)),
      pendingAmountMinor: convert(big(row.pending)),
      pendingFrom: row.pending_from === null ? null : new Date(row.pending_from),
    }
    return { kind: row.kind, period: row.period, ...settleLimit(stored, now) }
  })
}

/** The stakes and payouts of each window in `currency`. */
function usageByPeriod(
  rows: UsageRow[],
  rates: RateTable | null,
  currency: CurrencyCode,
): Record<LimitPeriod, PlayUsage> {
  const usage = Object.fromEntries(
    LIMIT_PERIODS.map((period) => [period, { stakeMinor: 0n, payoutMinor: 0n, oldestAt: null }]),
  ) as Record<LimitPeriod, PlayUsage>
  for (const row of rows) {
    const convert = (amount: bigint | null) =>
      (rates ? inCurrency(rates, amount, row.currency, currency) : amount) ?? 0n
    for (const period of LIMIT_PERIODS) {
      const into = usage[period]
      into.stakeMinor += convert(big(row[`stake_${period}`]))
      into.payoutMinor += convert(big(row[`payout_${period}`]))
      const oldest = row[`oldest_${period}`]
      if (oldest !== null && (!into.oldestAt || new Date(oldest) < into.oldestAt)) {
        into.oldestAt = new Date(oldest)
      }
    }
  }
  return usage
}

const needsRates = (limits: LimitJson[], usage: UsageRow[], currency: string) =>
  limits.some((row) => row.currency !== currency) || usage.some((row) => row.currency !== currency)

/** `GET /player/deposit-limits` (loss and wager part): every kind and period, with what is used. */
export async function getPlayLimits(
  db: Db | Tx,
  input: { playerId: string; currency: CurrencyCode; rates: RateTable; usageRows: PlayUsageRows },
  now = new Date(),
): Promise<PlayLimitsView> {
  const read = await readLimitsAndUsage(db, input.playerId, input.usageRows, now)
  const limits = settledLimits(read.limits, input.rates, input.currency, now)
  const usage = usageByPeriod(read.usage, input.rates, input.currency)
  const viewOf = (kind: PlayLimitKind): PlayLimitView[] =>
    LIMIT_PERIODS.map((period) => {
      const state = limits.find((limit) => limit.kind === kind && limit.period === period)
      return {
        period,
        amountMinor: state?.amountMinor ?? null,
        pendingAmountMinor: state?.pendingAmountMinor ?? null,
        pendingFrom: state?.pendingFrom ?? null,
        usedMinor: usedOf(kind, usage[period]),
      }
    })
  return { loss: viewOf('loss'), wager: viewOf('wager') }
}

/**
 * `POST /player/deposit-limits` with `kind` loss or wager: lowering (or a first limit) applies at
 * once; raising or removing waits 24 hours. The rows are locked, so a bet in
 * flight finishes against the old limit or waits and meets the new one.
 */
export async function setPlayLimit(
  db: Db,
  input: {
    playerId: string
    currency: CurrencyCode
    rates: RateTable
    kind: PlayLimitKind
    period: LimitPeriod
    amountMinor: bigint | null
  },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(playLimits)
      .where(
        and(
          eq(playLimits.playerId, input.playerId),
          eq(playLimits.kind, input.kind),
          eq(playLimits.period, input.period),
        ),
      )
      .for('update')
    const current: LimitState = row
      ? {
          amountMinor: inCurrency(input.rates, row.amountMinor, row.currency, input.currency),
          pendingAmountMinor: inCurrency(
            input.rates,
            row.pendingAmountMinor,
            row.currency,
            input.currency,
          ),
          pendingFrom: row.pendingFrom,
        }
      : NO_LIMIT
    const next = changeLimit(current, input.amountMinor, now)
    const values = { currency: input.currency, ...next, updatedAt: now }
    await tx
      .insert(playLimits)
      .values({ playerId: input.playerId, kind: input.kind, period: input.period, ...values })
      .onConflictDoUpdate({
        target: [playLimits.playerId, playLimits.kind, playLimits.period],
        set: values,
      })
  })
}

/** Why a stake was refused: the binding limit, what it still allows, and when room frees up. */
export interface PlayLimitBreach {
  kind: PlayLimitKind
  period: LimitPeriod
  remainingMinor: bigint
  freesAt: Date | null
}

/**
 * Whether `stakeMinor` fits every loss and wager limit in force: the lowest remaining allowance
 * across kinds and windows binds. Runs inside the bet's transaction after `lockPlayLimitsSql`
 * locked the rows, as one statement; rates are read (cached per instance) only when a limit or
 * a counted bet is in another currency.
 */
export async function checkPlayLimits(
  tx: Tx,
  input: {
    playerId: string
    currency: CurrencyCode
    stakeMinor: bigint
    usageRows: PlayUsageRows
    loadRates: () => Promise<RateTable>
  },
  now = new Date(),
): Promise<PlayLimitBreach | undefined> {
  const read = await readLimitsAndUsage(tx, input.playerId, input.usageRows, now)
  const rates = needsRates(read.limits, read.usage, input.currency) ? await input.loadRates() : null
  const limits = settledLimits(read.limits, rates, input.currency, now)
  const usage = usageByPeriod(read.usage, rates, input.currency)
  let breach: PlayLimitBreach | undefined
  for (const kind of PLAY_LIMIT_KINDS) {
    const allowance = tightestAllowance(
      limits
        .filter((limit) => limit.kind === kind)
        .map((limit) => ({
          period: limit.period,
          amountMinor: limit.amountMinor,
          usedMinor: usedOf(kind, usage[limit.period]),
        })),
    )
    if (!allowance || input.stakeMinor <= allowance.remainingMinor) continue
    if (!breach || allowance.remainingMinor < breach.remainingMinor) {
      breach = { kind, ...allowance, freesAt: freesAt(allowance.period, usage[allowance.period]) }
    }
  }
  return breach
}

/** The refusal of a stake over a play limit, in the shape the player's API answers it. */
export function playLimitError(breach: PlayLimitBreach, currency: CurrencyCode, now = new Date()) {
  // A wait rather than a date: the message says it in words (`waitSeconds`, error-handler.ts).
  // With nothing counted (one stake above the whole limit) the window's length is the answer.
  const untilMs =
    breach.freesAt === null
      ? LIMIT_PERIOD_MS[breach.period]
      : breach.freesAt.getTime() - now.getTime()
  const waitSeconds = Math.max(1, Math.ceil(untilMs / 1000))
  return new AppError(breach.kind === 'loss' ? 'limits.loss_exceeded' : 'limits.wager_exceeded', {
    params: {
      remaining: formatDecimal(breach.remainingMinor, currency),
      currency,
      period: breach.period,
      waitSeconds,
    },
    details: {
      remaining: breach.remainingMinor.toString(),
      period: breach.period,
      frees_at: breach.freesAt?.toISOString() ?? null,
    },
  })
}

/** `checkPlayLimits` for the site's own games: throws the player's refusal (409). */
export async function assertWithinPlayLimits(
  tx: Tx,
  input: Parameters<typeof checkPlayLimits>[1],
  now = new Date(),
): Promise<void> {
  const breach = await checkPlayLimits(tx, input, now)
  if (breach) throw playLimitError(breach, input.currency, now)
}
