import { z } from 'zod'
import { envelopeOf } from '#server/lib/envelope.ts'

/** The longest range one report covers: a year, leap day included. */
export const REPORT_MAX_DAYS = 366

const DAY_MS = 86_400_000
export const dayStart = (day: string) => new Date(`${day}T00:00:00Z`)
/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS) + 1

/** A report's range: UTC days, both included, from ≤ to, at most `REPORT_MAX_DAYS` days. */
export const ReportRangeSchema = z
  .object({ from: z.iso.date(), to: z.iso.date() })
  .refine((range) => range.from <= range.to, {
    message: 'the first day comes before the last',
    path: ['to'],
  })
  .refine((range) => daysBetween(range.from, range.to) <= REPORT_MAX_DAYS, {
    message: `at most ${String(REPORT_MAX_DAYS)} days`,
    path: ['to'],
  })
export type ReportRange = z.infer<typeof ReportRangeSchema>

export const MoneyReportQuerySchema = ReportRangeSchema.and(
  z.object({ groupBy: z.enum(['day', 'currency']).default('day') }),
)
export const GgrReportQuerySchema = ReportRangeSchema.and(
  z.object({ groupBy: z.enum(['day', 'currency', 'game']).default('day') }),
)

/** Minor units as decimal text: amounts are bigint and JSON numbers are not. */
const Minor = z.string()

export const MoneyRowSchema = z.object({
  /** Null when grouped by currency. */
  day: z.string().nullable(),
  currency: z.string(),
  depositCount: z.number().int(),
  depositMinor: Minor,
  withdrawalCount: z.number().int(),
  withdrawalMinor: Minor,
  depositEurMinor: Minor,
  withdrawalEurMinor: Minor,
})
export type MoneyRow = z.infer<typeof MoneyRowSchema>

export const MoneyReportSchema = z.object({
  rows: z.array(MoneyRowSchema),
  totals: z.object({
    depositCount: z.number().int(),
    withdrawalCount: z.number().int(),
    depositEurMinor: Minor,
    withdrawalEurMinor: Minor,
    /** Deposits minus withdrawals. */
    netEurMinor: Minor,
  }),
})
export type MoneyReport = z.infer<typeof MoneyReportSchema>

export const GgrRowSchema = z.object({
  day: z.string().nullable(),
  game: z.string().nullable(),
  currency: z.string(),
  betCount: z.number().int(),
  /** Real money only: the bonus money's part of stakes and wins is left out. */
  stakeMinor: Minor,
  winMinor: Minor,
  ggrMinor: Minor,
  /** Bonus money released to cash in this day and currency; null when grouped by game. */
  bonusCostMinor: Minor.nullable(),
  netMinor: Minor.nullable(),
  ggrEurMinor: Minor,
  netEurMinor: Minor.nullable(),
})
export type GgrRow = z.infer<typeof GgrRowSchema>

export const GgrReportSchema = z.object({
  rows: z.array(GgrRowSchema),
  totals: z.object({
    betCount: z.number().int(),
    stakeEurMinor: Minor,
    winEurMinor: Minor,
    ggrEurMinor: Minor,
    bonusCostEurMinor: Minor,
    netEurMinor: Minor,
  }),
})
export type GgrReport = z.infer<typeof GgrReportSchema>

export const BonusCostRowSchema = z.object({
  currency: z.string(),
  grantedMinor: Minor,
  releasedMinor: Minor,
  forfeitedMinor: Minor,
  grantedEurMinor: Minor,
  releasedEurMinor: Minor,
  forfeitedEurMinor: Minor,
})
export type BonusCostRow = z.infer<typeof BonusCostRowSchema>

export const BonusCostReportSchema = z.object({
  rows: z.array(BonusCostRowSchema),
  totals: z.object({
    grantedEurMinor: Minor,
    releasedEurMinor: Minor,
    forfeitedEurMinor: Minor,
  }),
})
export type BonusCostReport = z.infer<typeof BonusCostReportSchema>

export const PlayersRowSchema = z.object({
  day: z.string(),
  /** Players who placed at least one real-money bet that day. */
  activePlayers: z.number().int(),
  registrations: z.number().int(),
  /** Players with at least one completed deposit that day. */
  depositors: z.number().int(),
})
export type PlayersRow = z.infer<typeof PlayersRowSchema>

export const PlayersReportSchema = z.object({
  rows: z.array(PlayersRowSchema),
  totals: z.object({
    /** Distinct over the whole range (not the sum of the days). */
    activePlayers: z.number().int(),
    registrations: z.number().int(),
    depositors: z.number().int(),
  }),
})
export type PlayersReport = z.infer<typeof PlayersReportSchema>

export const MoneyReportResponseSchema = envelopeOf(MoneyReportSchema)
export const GgrReportResponseSchema = envelopeOf(GgrReportSchema)
export const BonusCostReportResponseSchema = envelopeOf(BonusCostReportSchema)
export const PlayersReportResponseSchema = envelopeOf(PlayersReportSchema)

const CountSchema = z.number().int().nullable()

/** The console's first page: today's money (finance, auditor) and the queues each role works. */
export const DashboardSchema = z.object({
  /** Today in UTC; null for a role that may not see money figures. */
  today: z
    .object({
      day: z.string(),
      depositCount: z.number().int(),
      depositEurMinor: Minor,
      withdrawalCount: z.number().int(),
      withdrawalEurMinor: Minor,
      ggrEurMinor: Minor,
    })
    .nullable(),
  /** Each count is null for a role that may not see that queue. */
  queues: z.object({
    kycDocuments: CountSchema,
    withdrawals: CountSchema,
    bankDeposits: CountSchema,
    heldDeposits: CountSchema,
    adjustments: CountSchema,
  }),
})
export type Dashboard = z.infer<typeof DashboardSchema>
export const DashboardResponseSchema = envelopeOf(DashboardSchema)
