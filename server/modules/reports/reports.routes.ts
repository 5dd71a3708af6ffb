import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyReply } from 'fastify'
import type { z } from 'zod'
import type { Db } from '#db/client.ts'
import { OPERATOR_ROLES } from '#common/back-office.ts'
import { csvAttachment, csvStream, type CsvValue } from '#server/lib/csv.ts'
import { ok } from '#server/lib/envelope.ts'
import { requireOperatorRole } from '#server/modules/auth/index.ts'
import { loadDashboard } from './dashboard.ts'
import {
  BonusCostReportResponseSchema,
  DashboardResponseSchema,
  GgrReportQuerySchema,
  GgrReportResponseSchema,
  MoneyReportQuerySchema,
  MoneyReportResponseSchema,
  PlayersReportResponseSchema,
  REPORT_MAX_DAYS,
  ReportRangeSchema,
  type ReportRange,
} from './reports.contract.ts'
import { bonusCostReport, ggrReport, moneyReport, playersReport } from './report-queries.ts'

const tags = ['operator', 'reports']
const RANGE_NOTE = `\`from\` and \`to\` are UTC days (YYYY-MM-DD), both included, from ≤ to, at most ${String(REPORT_MAX_DAYS)} days (400 \`request.invalid\` otherwise). Amounts are minor units as decimal text; EUR equivalents use today's mid rates (half-even). The \`.csv\` twin of this path answers the rows as a CSV download.`
const ROLE_NOTE =
  'Finance or auditor (admin): 401 without an operator session, 403 without the role.'
const REPORT_ROLES = ['finance', 'auditor'] as const

/** One report: its query, its answer, and the use case that makes it. */
interface ReportDefinition {
  query: z.ZodType<ReportRange & { groupBy?: string }>
  response: z.ZodType
  summary: string
  description: string
  load: (db: Db, query: never) => Promise<{ rows: object[] }>
}

/**
 * Ties a report's use case to its query schema once, so the routes made in a loop run it with
 * what that schema parsed (the loop itself only sees a union of the four).
 */
function defineReport<Q extends z.ZodType<ReportRange & { groupBy?: string }>>(definition: {
  query: Q
  response: z.ZodType
  summary: string
  description: string
  load: (db: Db, query: z.output<Q>) => Promise<{ rows: object[] }>
}): ReportDefinition & { run: (db: Db, query: unknown) => Promise<{ rows: object[] }> } {
  return { ...definition, run: (db, query) => definition.load(db, definition.query.parse(query)) }
}

/** The report calls: what each answers, the same for its JSON and its CSV. */
const REPORTS = {
  money: defineReport({
    query: MoneyReportQuerySchema,
    response: MoneyReportResponseSchema,
    summary: 'Deposits and withdrawals completed',
    description:
      'Completed deposits and withdrawals per day of completion (`groupBy=day`, each day split by currency) or per currency: count and sum in the currency the wallet was credited or debited in, with EUR equivalents; totals in EUR, and net (deposits − withdrawals).',
    load: moneyReport,
  }),
  ggr: defineReport({
    query: GgrReportQuerySchema,
    response: GgrReportResponseSchema,
    summary: 'Gross gaming revenue',
    description:
      "Real money only, from settled bets (by the day they settled): stakes and wins without the bonus money's part (a bet's bonus stake and the bonus share of its win, as wagering splits them), GGR = stakes − wins, per day, currency or game (each split by currency). Net = GGR − bonus cost, where the bonus cost is the bonus money released to cash (`bonus_release`) in the same day and currency; per game there is no net (a release belongs to no game), and the totals hold it.",
    load: ggrReport,
  }),
  'bonus-cost': defineReport({
    query: ReportRangeSchema,
    response: BonusCostReportResponseSchema,
    summary: 'Bonus money granted, released and forfeited',
    description:
      "Per currency, from the ledger's transfers: bonus money granted (`bonus_grant`), released to cash once wagered (`bonus_release`: what bonuses cost) and forfeited back (`bonus_forfeit`), with EUR equivalents.",
    load: bonusCostReport,
  }),
  players: defineReport({
    query: ReportRangeSchema,
    response: PlayersReportResponseSchema,
    summary: 'Active players, registrations and depositors per day',
    description:
      'Every day of the range: players who placed a real-money bet that settled that day, new registrations, players with a completed deposit. The totals count each player once over the whole range.',
    load: playersReport,
  }),
} as const

type ReportName = keyof typeof REPORTS

/** One CSV line per row, its columns the row's fields (nested ones never occur). */
function sendCsv(reply: FastifyReply, name: string, rows: readonly Record<string, unknown>[]) {
  const header = Object.keys(rows[0] ?? {})
  async function* batches() {
    yield rows.map((row) => header.map((key) => row[key] as CsvValue))
  }
  return reply
    .header('cache-control', 'no-store')
    .header('content-disposition', csvAttachment(name))
    .type('text/csv; charset=utf-8')
    .send(csvStream(header, batches()))
}

/** The reports and the dashboard, as JSON in the API scope. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database
  for (const name of Object.keys(REPORTS) as ReportName[]) {
    const report = REPORTS[name]
    app.get(
      `/admin/api/reports/${name}`,
      {
        schema: {
          tags,
          summary: report.summary,
          description: `${report.description} ${RANGE_NOTE} ${ROLE_NOTE}`,
          querystring: report.query,
          response: { 200: report.response },
        },
      },
      async (request, reply) => {
        await requireOperatorRole(request, REPORT_ROLES)
        void reply.header('cache-control', 'no-store')
        return ok(await report.run(db, request.query))
      },
    )
  }

  app.get(
    '/admin/api/dashboard',
    {
      schema: {
        tags,
        summary: "The console's first page",
        description:
          "Today's (UTC) completed deposits and withdrawals and GGR in EUR equivalents (null unless finance or auditor), and the queues' counts: pending KYC documents (kyc, auditor), pending withdrawals, bank deposits waiting for confirmation and deposits held for review (finance, auditor), balance adjustments waiting for a decision (finance, auditor); a count the role may not see is null. Any operator role; admin sees everything. 401 without an operator session.",
        response: { 200: DashboardResponseSchema },
      },
    },
    async (request, reply) => {
      const operator = await requireOperatorRole(request, OPERATOR_ROLES)
      void reply.header('cache-control', 'no-store')
      return ok(await loadDashboard(db, operator.roles))
    },
  )
}

/**
 * The reports as CSV downloads, outside the JSON API scope: the console links to them, and a
 * plain link sends neither the marker header nor a CSRF token (a read needs neither; the
 * operator's same-site session cookie is the check).
 */
export const reportsCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database
  for (const name of Object.keys(REPORTS) as ReportName[]) {
    const report = REPORTS[name]
    app.get(
      `/admin/api/reports/${name}.csv`,
      {
        schema: {
          tags,
          summary: `${report.summary} (CSV)`,
          description: `The rows of \`GET /admin/api/reports/${name}\` as \`text/csv\`, one column per field. ${RANGE_NOTE} ${ROLE_NOTE}`,
          querystring: report.query,
        },
      },
      async (request, reply) => {
        await requireOperatorRole(request, REPORT_ROLES)
        const query = request.query
        const { rows } = await report.run(db, request.query)
        const suffix = query.groupBy ? `-by-${query.groupBy}` : ''
        return sendCsv(
          reply,
          `${name}${suffix}-${query.from}-${query.to}`,
          rows as Record<string, unknown>[],
        )
      },
    )
  }
}
