import { useState, type ReactNode, type SubmitEvent } from 'react'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { adminCsvUrl } from '#app/components/admin/admin-api.ts'
import { DataTable, type Column } from '#app/components/admin/data-table.tsx'
import { Field, Select, TextInput } from '#app/components/admin/form.tsx'
import { Money } from '#app/components/admin/money.tsx'
import { readStateProps, useAdminData } from '#app/components/admin/use-admin-data.ts'
import { Chart, daysFrom, type ChartSeries } from '#app/components/admin/reports/chart.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { formatMoney } from '#common/format-money.ts'

interface MoneyRow {
  day: string | null
  currency: string
  depositCount: number
  depositMinor: string
  withdrawalCount: number
  withdrawalMinor: string
  depositEurMinor: string
  withdrawalEurMinor: string
}
interface MoneyReport {
  rows: MoneyRow[]
  totals: {
    depositCount: number
    withdrawalCount: number
    depositEurMinor: string
    withdrawalEurMinor: string
    netEurMinor: string
  }
}
interface GgrRow {
  day: string | null
  game: string | null
  currency: string
  betCount: number
  stakeMinor: string
  winMinor: string
  ggrMinor: string
  bonusCostMinor: string | null
  netMinor: string | null
  ggrEurMinor: string
  netEurMinor: string | null
}
interface GgrReport {
  rows: GgrRow[]
  totals: {
    betCount: number
    stakeEurMinor: string
    winEurMinor: string
    ggrEurMinor: string
    bonusCostEurMinor: string
    netEurMinor: string
  }
}
interface BonusRow {
  currency: string
  grantedMinor: string
  releasedMinor: string
  forfeitedMinor: string
}
interface BonusReport {
  rows: BonusRow[]
  totals: { grantedEurMinor: string; releasedEurMinor: string; forfeitedEurMinor: string }
}
interface PlayersRow {
  day: string
  activePlayers: number
  registrations: number
  depositors: number
}
interface PlayersReport {
  rows: PlayersRow[]
  totals: { activePlayers: number; registrations: number; depositors: number }
}

const DAY_MS = 86_400_000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const eur = (minor: bigint) => formatMoney(minor, 'EUR', 'en')

/** Sums a field of rows per day (every currency's EUR equivalent), in the chart's day order. */
function perDay<Row extends { day: string | null }>(
  days: string[],
  rows: Row[],
  value: (row: Row) => string | null,
): bigint[] {
  const sums = new Map<string, bigint>()
  for (const row of rows) {
    if (row.day === null) continue
    sums.set(row.day, (sums.get(row.day) ?? 0n) + BigInt(value(row) ?? '0'))
  }
  return days.map((day) => sums.get(day) ?? 0n)
}

function CsvLink({
  path,
  query,
  label,
}: {
  path: string
  query: Record<string, string>
  label: string
}) {
  return (
    <a
      href={adminCsvUrl(path, query)}
      download
      className="inline-flex min-h-10 items-center rounded-lg border border-line px-3 text-sm hover:border-gold/60"
    >
      {label}
    </a>
  )
}

function Totals({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {items.map((item) => (
        <div key={item.label} className="rounded-xl border border-line bg-surface-raised p-3">
          <dt className="text-xs text-ink-muted">{item.label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** `/admin/reports/`: money, GGR, bonus cost and players over a range of UTC days, with CSVs. */
export default function ReportsPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const today = isoDay(Date.now())
  const from = params.get('from') ?? isoDay(Date.now() - 29 * DAY_MS)
  const to = params.get('to') ?? today
  const moneyBy = params.get('moneyBy') === 'currency' ? 'currency' : 'day'
  const ggrByParam = params.get('ggrBy')
  const ggrBy = ggrByParam === 'currency' || ggrByParam === 'game' ? ggrByParam : 'day'
  const [draft, setDraft] = useState({ from, to, moneyBy, ggrBy })

  const range = { from, to }
  const money = useAdminData<MoneyReport>('/admin/api/reports/money', {
    ...range,
    groupBy: moneyBy,
  })
  const ggr = useAdminData<GgrReport>('/admin/api/reports/ggr', { ...range, groupBy: ggrBy })
  const bonus = useAdminData<BonusReport>('/admin/api/reports/bonus-cost', range)
  const players = useAdminData<PlayersReport>('/admin/api/reports/players', range)
  const days = daysFrom(from, to)

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    setParams(draft, { replace: true, preventScrollReset: true })
  }

  const groupOptions = (groups: string[]) =>
    groups.map((group) => ({ value: group, label: t(`admin.reports.groups.${group}`) }))

  const moneyColumns: Column<MoneyRow>[] = [
    ...(moneyBy === 'day'
      ? [{ key: 'day', header: t('admin.reports.day'), render: (row: MoneyRow) => row.day }]
      : []),
    { key: 'currency', header: t('admin.reports.currency'), render: (row) => row.currency },
    {
      key: 'depositCount',
      header: t('admin.reports.money.deposit_count'),
      render: (row) => row.depositCount,
      isNumeric: true,
    },
    {
      key: 'deposit',
      header: t('admin.reports.money.deposits'),
      render: (row) => <Money minor={row.depositMinor} currency={row.currency} />,
      isNumeric: true,
    },
    {
      key: 'withdrawalCount',
      header: t('admin.reports.money.withdrawal_count'),
      render: (row) => row.withdrawalCount,
      isNumeric: true,
    },
    {
      key: 'withdrawal',
      header: t('admin.reports.money.withdrawals'),
      render: (row) => <Money minor={row.withdrawalMinor} currency={row.currency} />,
      isNumeric: true,
    },
  ]

  const ggrColumns: Column<GgrRow>[] = [
    ...(ggrBy === 'day'
      ? [{ key: 'day', header: t('admin.reports.day'), render: (row: GgrRow) => row.day }]
      : []),
    ...(ggrBy === 'game'
      ? [{ key: 'game', header: t('admin.reports.game'), render: (row: GgrRow) => row.game }]
      : []),
    { key: 'currency', header: t('admin.reports.currency'), render: (row) => row.currency },
    {
      key: 'bets',
      header: t('admin.reports.ggr.bets'),
      render: (row) => row.betCount,
      isNumeric: true,
    },
    {
      key: 'stakes',
      header: t('admin.reports.ggr.stakes'),
      render: (row) => <Money minor={row.stakeMinor} currency={row.currency} />,
      isNumeric: true,
    },
    {
      key: 'wins',
      header: t('admin.reports.ggr.wins'),
      render: (row) => <Money minor={row.winMinor} currency={row.currency} />,
      isNumeric: true,
    },
    {
      key: 'ggr',
      header: t('admin.reports.ggr.ggr'),
      render: (row) => <Money minor={row.ggrMinor} currency={row.currency} />,
      isNumeric: true,
    },
    ...(ggrBy === 'game'
      ? []
      : [
          {
            key: 'bonusCost',
            header: t('admin.reports.ggr.bonus_cost'),
            render: (row: GgrRow) => (
              <Money minor={row.bonusCostMinor ?? '0'} currency={row.currency} />
            ),
            isNumeric: true,
          },
          {
            key: 'net',
            header: t('admin.reports.ggr.net'),
            render: (row: GgrRow) => <Money minor={row.netMinor ?? '0'} currency={row.currency} />,
            isNumeric: true,
          },
        ]),
  ]

  const bonusColumns: Column<BonusRow>[] = [
    { key: 'currency', header: t('admin.reports.currency'), render: (row) => row.currency },
    ...(['granted', 'released', 'forfeited'] as const).map((field): Column<BonusRow> => ({
      key: field,
      header: t(`admin.reports.bonus.${field}`),
      render: (row) => <Money minor={row[`${field}Minor`]} currency={row.currency} />,
      isNumeric: true,
    })),
  ]

  const playersColumns: Column<PlayersRow>[] = [
    { key: 'day', header: t('admin.reports.day'), render: (row) => row.day },
    ...(['active', 'registrations', 'depositors'] as const).map((field): Column<PlayersRow> => ({
      key: field,
      header: t(`admin.reports.players.${field}`),
      render: (row) =>
        field === 'active'
          ? row.activePlayers
          : field === 'registrations'
            ? row.registrations
            : row.depositors,
      isNumeric: true,
    })),
  ]

  const moneySeries: ChartSeries[] = money.data
    ? [
        {
          label: t('admin.reports.money.deposits'),
          values: perDay(days, money.data.rows, (row) => row.depositEurMinor),
          tone: 'success',
        },
        {
          label: t('admin.reports.money.withdrawals'),
          values: perDay(days, money.data.rows, (row) => row.withdrawalEurMinor),
          tone: 'gold',
        },
      ]
    : []
  const ggrSeries: ChartSeries[] = ggr.data
    ? [
        {
          label: t('admin.reports.ggr.ggr'),
          values: perDay(days, ggr.data.rows, (row) => row.ggrEurMinor),
          tone: 'gold',
        },
        {
          label: t('admin.reports.ggr.net'),
          values: perDay(days, ggr.data.rows, (row) => row.netEurMinor),
          tone: 'success',
        },
      ]
    : []

  const section = 'flex flex-col gap-3'
  const heading = 'flex flex-wrap items-center justify-between gap-2'

  return (
    <AdminPage title={t('admin.reports.title')} description={t('admin.reports.description')}>
      <form
        onSubmit={submit}
        className="grid grid-cols-1 items-end gap-3 rounded-2xl border border-line bg-surface-raised p-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        <Field label={t('admin.reports.from')}>
          <TextInput
            type="date"
            required
            max={draft.to}
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </Field>
        <Field label={t('admin.reports.to')}>
          <TextInput
            type="date"
            required
            min={draft.from}
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </Field>
        <Field label={`${t('admin.reports.money.title')}: ${t('admin.reports.group_by')}`}>
          <Select
            value={draft.moneyBy}
            options={groupOptions(['day', 'currency'])}
            onChange={(event) =>
              setDraft({
                ...draft,
                moneyBy: event.target.value === 'currency' ? 'currency' : 'day',
              })
            }
          />
        </Field>
        <Field label={`${t('admin.reports.ggr.title')}: ${t('admin.reports.group_by')}`}>
          <Select
            value={draft.ggrBy}
            options={groupOptions(['day', 'currency', 'game'])}
            onChange={(event) => {
              const value = event.target.value
              setDraft({
                ...draft,
                ggrBy: value === 'currency' || value === 'game' ? value : 'day',
              })
            }}
          />
        </Field>
        <Button type="submit">{t('admin.reports.show')}</Button>
      </form>

      <section className={section} aria-labelledby="report-money">
        <div className={heading}>
          <h2 id="report-money" className="text-lg font-semibold">
            {t('admin.reports.money.title')}
          </h2>
          <CsvLink
            path="/admin/api/reports/money.csv"
            query={{ ...range, groupBy: moneyBy }}
            label={t('admin.reports.csv_of', { report: t('admin.reports.money.title') })}
          />
        </div>
        {money.data ? (
          <Totals
            items={[
              {
                label: t('admin.reports.in_eur', { what: t('admin.reports.money.deposits') }),
                value: eur(BigInt(money.data.totals.depositEurMinor)),
              },
              {
                label: t('admin.reports.in_eur', { what: t('admin.reports.money.withdrawals') }),
                value: eur(BigInt(money.data.totals.withdrawalEurMinor)),
              },
              {
                label: t('admin.reports.in_eur', { what: t('admin.reports.money.net') }),
                value: eur(BigInt(money.data.totals.netEurMinor)),
              },
              {
                label: t('admin.reports.money.deposit_count'),
                value: money.data.totals.depositCount,
              },
              {
                label: t('admin.reports.money.withdrawal_count'),
                value: money.data.totals.withdrawalCount,
              },
            ]}
          />
        ) : null}
        {money.data && moneyBy === 'day' ? (
          <Chart
            kind="bars"
            title={t('admin.reports.money.chart_title')}
            description={t('admin.reports.money.chart_description')}
            categories={days}
            series={moneySeries}
            formatValue={eur}
          />
        ) : null}
        <DataTable
          caption={t('admin.reports.money.caption')}
          columns={moneyColumns}
          rows={money.data?.rows}
          getRowKey={(row) => `${row.day ?? ''}-${row.currency}`}
          {...readStateProps(money)}
          emptyText={t('admin.reports.empty')}
        />
      </section>

      <section className={section} aria-labelledby="report-ggr">
        <div className={heading}>
          <h2 id="report-ggr" className="text-lg font-semibold">
            {t('admin.reports.ggr.title')}
          </h2>
          <CsvLink
            path="/admin/api/reports/ggr.csv"
            query={{ ...range, groupBy: ggrBy }}
            label={t('admin.reports.csv_of', { report: t('admin.reports.ggr.title') })}
          />
        </div>
        {ggr.data ? (
          <Totals
            items={[
              { label: t('admin.reports.ggr.bets'), value: ggr.data.totals.betCount },
              {
                label: t('admin.reports.in_eur', { what: t('admin.reports.ggr.stakes') }),
                value: eur(BigInt(ggr.data.totals.stakeEurMinor)),
              },
              {
                label: t('admin.reports.in_eur', { what: t('admin.reports.ggr.wins') }),
                value: eur(BigInt(ggr.data.totals.winEurMinor)),
              },
              {
                label: t('admin.reports.in_eur', { what: t('admin.reports.ggr.ggr') }),
                value: eur(BigInt(ggr.data.totals.ggrEurMinor)),
              },
              {
                label: t('admin.reports.in_eur', { what: t('admin.reports.ggr.bonus_cost') }),
                value: eur(BigInt(ggr.data.totals.bonusCostEurMinor)),
              },
              {
                label: t('admin.reports.in_eur', { what: t('admin.reports.ggr.net') }),
                value: eur(BigInt(ggr.data.totals.netEurMinor)),
              },
            ]}
          />
        ) : null}
        {ggr.data && ggrBy === 'day' ? (
          <Chart
            kind="lines"
            title={t('admin.reports.ggr.chart_title')}
            description={t('admin.reports.ggr.chart_description')}
            categories={days}
            series={ggrSeries}
            formatValue={eur}
          />
        ) : null}
        <DataTable
          caption={t('admin.reports.ggr.caption')}
          columns={ggrColumns}
          rows={ggr.data?.rows}
          getRowKey={(row) => `${row.day ?? ''}-${row.game ?? ''}-${row.currency}`}
          {...readStateProps(ggr)}
          emptyText={t('admin.reports.empty')}
        />
      </section>

      <section className={section} aria-labelledby="report-bonus">
        <div className={heading}>
          <h2 id="report-bonus" className="text-lg font-semibold">
            {t('admin.reports.bonus.title')}
          </h2>
          <CsvLink
            path="/admin/api/reports/bonus-cost.csv"
            query={range}
            label={t('admin.reports.csv_of', { report: t('admin.reports.bonus.title') })}
          />
        </div>
        {bonus.data ? (
          <Totals
            items={(['granted', 'released', 'forfeited'] as const).map((field) => ({
              label: t('admin.reports.in_eur', { what: t(`admin.reports.bonus.${field}`) }),
              value: eur(BigInt(bonus.data?.totals[`${field}EurMinor`] ?? '0')),
            }))}
          />
        ) : null}
        <DataTable
          caption={t('admin.reports.bonus.caption')}
          columns={bonusColumns}
          rows={bonus.data?.rows}
          getRowKey={(row) => row.currency}
          {...readStateProps(bonus)}
          emptyText={t('admin.reports.empty')}
        />
      </section>

      <section className={section} aria-labelledby="report-players">
        <div className={heading}>
          <h2 id="report-players" className="text-lg font-semibold">
            {t('admin.reports.players.title')}
          </h2>
          <CsvLink
            path="/admin/api/reports/players.csv"
            query={range}
            label={t('admin.reports.csv_of', { report: t('admin.reports.players.title') })}
          />
        </div>
        {players.data ? (
          <>
            <Totals
              items={[
                {
                  label: t('admin.reports.players.active'),
                  value: players.data.totals.activePlayers,
                },
                {
                  label: t('admin.reports.players.registrations'),
                  value: players.data.totals.registrations,
                },
                {
                  label: t('admin.reports.players.depositors'),
                  value: players.data.totals.depositors,
                },
              ]}
            />
            <p className="text-xs text-ink-muted">{t('admin.reports.players.totals_note')}</p>
            <Chart
              kind="bars"
              title={t('admin.reports.players.chart_title')}
              description={t('admin.reports.players.chart_description')}
              categories={players.data.rows.map((row) => row.day)}
              series={[
                {
                  label: t('admin.reports.players.active'),
                  values: players.data.rows.map((row) => BigInt(row.activePlayers)),
                  tone: 'gold',
                },
              ]}
              formatValue={(value) => value.toString()}
            />
          </>
        ) : null}
        <DataTable
          caption={t('admin.reports.players.caption')}
          columns={playersColumns}
          rows={players.data?.rows}
          getRowKey={(row) => row.day}
          {...readStateProps(players)}
          emptyText={t('admin.reports.empty')}
        />
      </section>
    </AdminPage>
  )
}
