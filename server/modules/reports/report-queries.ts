import { and, count, countDistinct, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '#db/client.ts'
import { isCurrencyCode } from '#common/money.ts'
import { bets } from '#server/modules/bets/bets.tables.ts'
import { ledgerTransfers } from '#server/modules/ledger/ledger.tables.ts'
import { paymentTransactions } from '#server/modules/payments/payments.tables.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { loadRates, type RateTable } from '#server/modules/wallet/index.ts'
import {
  dayStart,
  type BonusCostReport,
  type GgrReport,
  type GgrRow,
  type MoneyReport,
  type MoneyRow,
  type PlayersReport,
  type ReportRange,
} from './reports.contract.ts'

const DAY_MS = 86_400_000
const end = (range: ReportRange) => new Date(dayStart(range.to).getTime() + DAY_MS)

/** The UTC day of a timestamp column, as `YYYY-MM-DD`. */
const utcDay = (column: PgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`
const inRange = (column: PgColumn, range: ReportRange) =>
  and(gte(column, dayStart(range.from)), lt(column, end(range)))
/** A sum of a bigint expression as decimal text (0 for no rows): exact, whatever its size. */
const sumText = (expression: SQL | PgColumn) => sql<string>`coalesce(sum(${expression}), 0)::text`

/** A grouping's columns without the ones left out (PostgreSQL refuses a constant in GROUP BY). */
const groupingOf = (...columns: (SQL | PgColumn | null)[]) =>
  columns.filter((column): column is SQL | PgColumn => column !== null)

/** Amounts in one currency to EUR-equivalent minor units, at today's mid rate (half-even). */
const eurOf = (rates: RateTable) => (currency: string, minor: bigint) =>
  currency === 'EUR'
    ? minor
    : isCurrencyCode(currency)
      ? rates.convert(minor, currency, 'EUR', 'half_even')
      : 0n
const sumOf = (values: bigint[]) => values.reduce((total, value) => total + value, 0n)

/**
 * Completed deposits and withdrawals per day (of completion, UTC) or currency, in the currency
 * the wallet was credited or debited in, with EUR equivalents at today's rates.
 */
export async function moneyReport(
  db: Db,
  range: ReportRange & { groupBy: 'day' | 'currency' },
): Promise<MoneyReport> {
  const p = paymentTransactions
  const day = range.groupBy === 'day' ? utcDay(p.completedAt) : null
  const rows = await db
    .select({
      day: day ?? sql<null>`null`,
      currency: p.walletCurrency,
      direction: p.direction,
      count: count(),
      amountMinor: sumText(p.walletAmountMinor),
    })
    .from(p)
    .where(
      and(
        inArray(p.direction, ['deposit', 'withdrawal']),
        eq(p.status, 'completed'),
        inRange(p.completedAt, range),
      ),
    )
    .groupBy(...groupingOf(day), p.walletCurrency, p.direction)
  const eur = eurOf(await loadRates(db))
  const grouped = new Map<string, MoneyRow>()
  for (const row of rows) {
    const key = `${row.day ?? ''}|${row.currency}`
    const entry = grouped.get(key) ?? {
      day: row.day,
      currency: row.currency,
      depositCount: 0,
      depositMinor: '0',
      withdrawalCount: 0,
      withdrawalMinor: '0',
      depositEurMinor: '0',
      withdrawalEurMinor: '0',
    }
    const inEur = eur(row.currency, BigInt(row.amountMinor)).toString()
    if (row.direction === 'deposit') {
      Object.assign(entry, {
        depositCount: row.count,
        depositMinor: row.amountMinor,
        depositEurMinor: inEur,
      })
    } else {
      Object.assign(entry, {
        withdrawalCount: row.count,
        withdrawalMinor: row.amountMinor,
        withdrawalEurMinor: inEur,
      })
    }
    grouped.set(key, entry)
  }
  const sorted = [...grouped.values()].sort(
    (a, b) => (a.day ?? '').localeCompare(b.day ?? '') || a.currency.localeCompare(b.currency),
  )
  const deposits = sumOf(sorted.map((row) => BigInt(row.depositEurMinor)))
  const withdrawals = sumOf(sorted.map((row) => BigInt(row.withdrawalEurMinor)))
  return {
    rows: sorted,
    totals: {
      depositCount: sorted.reduce((total, row) => total + row.depositCount, 0),
      withdrawalCount: sorted.reduce((total, row) => total + row.withdrawalCount, 0),
      depositEurMinor: deposits.toString(),
      withdrawalEurMinor: withdrawals.toString(),
      netEurMinor: (deposits - withdrawals).toString(),
    },
  }
}

/**
 * Bonus money released to cash per day and currency (`bonus_release` transfers): the bonus cost
 * that GGR's net takes off. Note: the ledger's ids are UUIDv7 written with the transfer, so the
 * range also bounds the primary key (an hour wider each side, for clocks), which the database
 * can use; `created_at` keeps the result exact.
 */
async function releasedBonus(db: Db, range: ReportRange) {
  const t = ledgerTransfers
  const day = utcDay(t.createdAt)
  return db
    .select({ day, currency: t.currency, amountMinor: sumText(t.amountMinor) })
    .from(t)
    .where(and(transfersIn(range), eq(t.code, 'bonus_release')))
    .groupBy(day, t.currency)
}

/** The lowest UUIDv7 of a moment: its 48-bit millisecond time, then zeros. */
function uuidv7Floor(atMs: number): string {
  const hex = Math.max(0, atMs).toString(16).padStart(12, '0')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`
}
const CLOCK_SLACK_MS = 3_600_000

function transfersIn(range: ReportRange): SQL | undefined {
  const t = ledgerTransfers
  return and(
    sql`${t.id} >= ${uuidv7Floor(dayStart(range.from).getTime() - CLOCK_SLACK_MS)}::uuid`,
    sql`${t.id} < ${uuidv7Floor(end(range).getTime() + CLOCK_SLACK_MS)}::uuid`,
    inRange(t.createdAt, range),
  )
}

/**
 * The real-money part of a bet's win: its stake's bonus share goes back to bonus money
 * (`splitWin` in common/bonus-rules.ts, rounded down), the rest is cash. In numeric, so a large
 * payout times a large bonus stake cannot overflow 64 bits.
 */
const cashWin = sql`case
  when ${bets.bonusStakeMinor} <= 0 then ${bets.payoutMinor}
  when ${bets.bonusStakeMinor} >= ${bets.stakeMinor} then 0
  else ${bets.payoutMinor} - div(${bets.payoutMinor}::numeric * ${bets.bonusStakeMinor}, ${bets.stakeMinor})
end`
const cashStake = sql`greatest(${bets.stakeMinor} - ${bets.bonusStakeMinor}, 0)`

/**
 * Stakes, wins and GGR (stakes − wins) of real money, from settled bets, per day (of settlement,
 * UTC), currency or game; net takes off the bonus money released to cash in the same day and
 * currency (not per game: a release belongs to no game).
 */
export async function ggrReport(
  db: Db,
  range: ReportRange & { groupBy: 'day' | 'currency' | 'game' },
): Promise<GgrReport> {
  const day = range.groupBy === 'day' ? utcDay(bets.createdAt) : null
  const game = range.groupBy === 'game' ? bets.game : null
  const [rows, released, rates] = await Promise.all([
    db
      .select({
        day: day ?? sql<null>`null`,
        game: game ?? sql<null>`null`,
        currency: bets.currency,
        betCount: count(),
        stakeMinor: sumText(cashStake),
        winMinor: sumText(cashWin),
      })
      .from(bets)
      .where(inRange(bets.createdAt, range))
      .groupBy(...groupingOf(day, game), bets.currency),
    releasedBonus(db, range),
    loadRates(db),
  ])
  const eur = eurOf(rates)
  const bonusCostOf = new Map<string, bigint>()
  for (const row of released) {
    const key = `${range.groupBy === 'day' ? row.day : ''}|${row.currency}`
    bonusCostOf.set(key, (bonusCostOf.get(key) ?? 0n) + BigInt(row.amountMinor))
  }
  const byKey = new Map<string, GgrRow>()
  for (const row of rows) {
    const stake = BigInt(row.stakeMinor)
    const win = BigInt(row.winMinor)
    const ggr = stake - win
    const key = `${row.day ?? ''}|${row.currency}`
    const bonusCost = range.groupBy === 'game' ? null : (bonusCostOf.get(key) ?? 0n)
    const net = bonusCost === null ? null : ggr - bonusCost
    byKey.set(`${key}|${row.game ?? ''}`, {
      day: row.day,
      game: row.game,
      currency: row.currency,
      betCount: row.betCount,
      stakeMinor: stake.toString(),
      winMinor: win.toString(),
      ggrMinor: ggr.toString(),
      bonusCostMinor: bonusCost?.toString() ?? null,
      netMinor: net?.toString() ?? null,
      ggrEurMinor: eur(row.currency, ggr).toString(),
      netEurMinor: net === null ? null : eur(row.currency, net).toString(),
    })
  }
  // A day and currency with a bonus cost and no bets still costs: it gets its own row.
  if (range.groupBy !== 'game') {
    for (const [key, bonusCost] of bonusCostOf) {
      if (byKey.has(`${key}|`)) continue
      const [dayOf = '', currency = ''] = key.split('|')
      byKey.set(`${key}|`, {
        day: range.groupBy === 'day' ? dayOf : null,
        game: null,
        currency,
        betCount: 0,
        stakeMinor: '0',
        winMinor: '0',
        ggrMinor: '0',
        bonusCostMinor: bonusCost.toString(),
        netMinor: (-bonusCost).toString(),
        ggrEurMinor: '0',
        netEurMinor: eur(currency, -bonusCost).toString(),
      })
    }
  }
  const sorted = [...byKey.values()].sort(
    (a, b) =>
      (a.day ?? '').localeCompare(b.day ?? '') ||
      (a.game ?? '').localeCompare(b.game ?? '') ||
      a.currency.localeCompare(b.currency),
  )
  const stakeEur = sumOf(sorted.map((row) => eur(row.currency, BigInt(row.stakeMinor))))
  const winEur = sumOf(sorted.map((row) => eur(row.currency, BigInt(row.winMinor))))
  const ggrEur = sumOf(sorted.map((row) => BigInt(row.ggrEurMinor)))
  const bonusCostEur = sumOf(released.map((row) => eur(row.currency, BigInt(row.amountMinor))))
  return {
    rows: sorted,
    totals: {
      betCount: sorted.reduce((total, row) => total + row.betCount, 0),
      stakeEurMinor: stakeEur.toString(),
      winEurMinor: winEur.toString(),
      ggrEurMinor: ggrEur.toString(),
      bonusCostEurMinor: bonusCostEur.toString(),
      netEurMinor: (ggrEur - bonusCostEur).toString(),
    },
  }
}

/** Bonus money granted, released to cash and forfeited, per currency, from the ledger's codes. */
export async function bonusCostReport(db: Db, range: ReportRange): Promise<BonusCostReport> {
  const t = ledgerTransfers
  const [rows, rates] = await Promise.all([
    db
      .select({ currency: t.currency, code: t.code, amountMinor: sumText(t.amountMinor) })
      .from(t)
      .where(
        and(transfersIn(range), inArray(t.code, ['bonus_grant', 'bonus_release', 'bonus_forfeit'])),
      )
      .groupBy(t.currency, t.code),
    loadRates(db),
  ])
  const eur = eurOf(rates)
  const currencies = [...new Set(rows.map((row) => row.currency))].sort()
  const amountOf = (currency: string, code: string) =>
    BigInt(rows.find((row) => row.currency === currency && row.code === code)?.amountMinor ?? '0')
  const out = currencies.map((currency) => {
    const granted = amountOf(currency, 'bonus_grant')
    const released = amountOf(currency, 'bonus_release')
    const forfeited = amountOf(currency, 'bonus_forfeit')
    return {
      currency,
      grantedMinor: granted.toString(),
      releasedMinor: released.toString(),
      forfeitedMinor: forfeited.toString(),
      grantedEurMinor: eur(currency, granted).toString(),
      releasedEurMinor: eur(currency, released).toString(),
      forfeitedEurMinor: eur(currency, forfeited).toString(),
    }
  })
  const total = (field: 'grantedEurMinor' | 'releasedEurMinor' | 'forfeitedEurMinor') =>
    sumOf(out.map((row) => BigInt(row[field]))).toString()
  return {
    rows: out,
    totals: {
      grantedEurMinor: total('grantedEurMinor'),
      releasedEurMinor: total('releasedEurMinor'),
      forfeitedEurMinor: total('forfeitedEurMinor'),
    },
  }
}

/** Every UTC day of the range, in order. */
export function daysOf(range: ReportRange): string[] {
  const days: string[] = []
  for (let at = dayStart(range.from).getTime(); at < end(range).getTime(); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10))
  }
  return days
}

/** Per UTC day: players who bet, new registrations, players who completed a deposit. */
export async function playersReport(db: Db, range: ReportRange): Promise<PlayersReport> {
  const p = paymentTransactions
  const isDeposit = and(eq(p.direction, 'deposit'), eq(p.status, 'completed'))
  const [active, registered, depositing, activeTotal, registeredTotal, depositingTotal] =
    await Promise.all([
      db
        .select({ day: utcDay(bets.createdAt), n: countDistinct(bets.playerId) })
        .from(bets)
        .where(inRange(bets.createdAt, range))
        .groupBy(utcDay(bets.createdAt)),
      db
        .select({ day: utcDay(players.createdAt), n: count() })
        .from(players)
        .where(inRange(players.createdAt, range))
        .groupBy(utcDay(players.createdAt)),
      db
        .select({ day: utcDay(p.completedAt), n: countDistinct(p.playerId) })
        .from(p)
        .where(and(isDeposit, inRange(p.completedAt, range)))
        .groupBy(utcDay(p.completedAt)),
      db
        .select({ n: countDistinct(bets.playerId) })
        .from(bets)
        .where(inRange(bets.createdAt, range)),
      db.select({ n: count() }).from(players).where(inRange(players.createdAt, range)),
      db
        .select({ n: countDistinct(p.playerId) })
        .from(p)
        .where(and(isDeposit, inRange(p.completedAt, range))),
    ])
  const perDay = (rows: { day: string; n: number }[]) =>
    new Map(rows.map((row) => [row.day, row.n]))
  const [activeOf, registeredOf, depositingOf] = [
    perDay(active),
    perDay(registered),
    perDay(depositing),
  ]
  return {
    rows: daysOf(range).map((day) => ({
      day,
      activePlayers: activeOf.get(day) ?? 0,
      registrations: registeredOf.get(day) ?? 0,
      depositors: depositingOf.get(day) ?? 0,
    })),
    totals: {
      activePlayers: activeTotal[0]?.n ?? 0,
      registrations: registeredTotal[0]?.n ?? 0,
      depositors: depositingTotal[0]?.n ?? 0,
    },
  }
}
