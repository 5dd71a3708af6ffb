import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Skeleton, LoadError } from '#app/components/ui/skeleton.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'

export interface Column<Row> {
  key: string
  header: string
  render: (row: Row) => ReactNode
  /** The server's sort field; a header with one sorts on click. */
  sortField?: string
  /** Right-aligned (amounts, counts). */
  isNumeric?: boolean
}

interface Props<Row> {
  caption: string
  columns: Column<Row>[]
  rows: Row[] | undefined
  getRowKey: (row: Row) => string
  total?: number | undefined
  page?: number
  pageSize?: number
  /** `field` or `-field`. */
  sort?: string
  onSortChange?: (sort: string) => void
  onPageChange?: (page: number) => void
  isLoading: boolean
  error?: Error | undefined
  onRetry: () => void
  emptyText: string
  /** An action shown in the empty state (create the first one). */
  emptyAction?: ReactNode
}

/**
 * Every console list: a real table (a caption, column headers, sortable ones as buttons with
 * `aria-sort`), paginated on the server, with its loading, empty and error states. On a phone the
 * table scrolls sideways inside its frame rather than squeezing its columns.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  getRowKey,
  total,
  page = 1,
  pageSize = 25,
  sort = '',
  onSortChange,
  onPageChange,
  isLoading,
  error,
  onRetry,
  emptyText,
  emptyAction,
}: Props<Row>) {
  const { t } = useTranslation()
  if (error && !rows) {
    return (
      <LoadError
        text={`${t('admin.table.load_failed')} ${error.message}`}
        retryLabel={t('admin.table.retry')}
        onRetry={onRetry}
      />
    )
  }
  if (!isLoading && rows?.length === 0) return <EmptyState title={emptyText} action={emptyAction} />

  const sortState = (field: string | undefined) =>
    field === undefined
      ? undefined
      : sort === field
        ? 'ascending'
        : sort === `-${field}`
          ? 'descending'
          : 'none'
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / pageSize))

  return (
    <div className="flex flex-col gap-3">
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error.message}
        </p>
      ) : null}
      <div className="overflow-x-auto rounded-2xl border border-line bg-surface-raised">
        <table className="w-full min-w-[40rem] border-collapse text-sm" aria-busy={isLoading}>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-line text-start text-xs uppercase tracking-wide text-ink-muted">
              {columns.map((column) => {
                const state = sortState(column.sortField)
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={state}
                    className={`px-3 py-2.5 font-semibold ${column.isNumeric ? 'text-end' : 'text-start'}`}
                  >
                    {column.sortField && onSortChange ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 uppercase hover:text-ink"
                        onClick={() =>
                          onSortChange(
                            state === 'ascending'
                              ? `-${column.sortField ?? ''}`
                              : (column.sortField ?? ''),
                          )
                        }
                      >
                        {column.header}
                        <span aria-hidden="true">
                          {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕'}
                        </span>
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                )
              })}
            </tr>
          </thead>
          <tbody>
            {isLoading && !rows
              ? Array.from({ length: 5 }, (_, index) => (
                  <tr key={index} className="border-b border-line/60 last:border-0">
                    {columns.map((column) => (
                      <td key={column.key} className="px-3 py-3">
                        <Skeleton className="h-4 w-full" />
                      </td>
                    ))}
                  </tr>
                ))
              : (rows ?? []).map((row) => (
                  <tr
                    key={getRowKey(row)}
                    className="border-b border-line/60 align-top last:border-0 hover:bg-line/20"
                  >
                    {columns.map((column) => (
                      <td
                        key={column.key}
                        className={`px-3 py-2.5 ${column.isNumeric ? 'text-end tabular-nums' : ''}`}
                      >
                        {column.render(row)}
                      </td>
                    ))}
                  </tr>
                ))}
          </tbody>
        </table>
      </div>
      {pages !== undefined && onPageChange ? (
        <nav
          aria-label={t('admin.table.pagination')}
          className="flex flex-wrap items-center justify-between gap-2 text-sm text-ink-muted"
        >
          <span>{t('admin.table.summary', { page, pages, total })}</span>
          <span className="flex gap-2">
            <button
              type="button"
              className="min-h-10 rounded-lg border border-line px-3 hover:border-gold/60 disabled:opacity-50"
              disabled={page <= 1 || isLoading}
              onClick={() => onPageChange(page - 1)}
            >
              {t('admin.table.previous')}
            </button>
            <button
              type="button"
              className="min-h-10 rounded-lg border border-line px-3 hover:border-gold/60 disabled:opacity-50"
              disabled={page >= pages || isLoading}
              onClick={() => onPageChange(page + 1)}
            >
              {t('admin.table.next')}
            </button>
          </span>
        </nav>
      ) : null}
    </div>
  )
}
