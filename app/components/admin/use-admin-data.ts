import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ApiError } from '#app/lib/api.ts'
import { adminGet, withQuery, type Query } from './admin-api.ts'
import { useConsoleSession } from './console-session.ts'

export interface AdminData<T> {
  data: T | undefined
  error: ApiError | Error | undefined
  isLoading: boolean
  /** Reads again (after a change), keeping the old data on screen meanwhile. */
  reload: () => void
}

/**
 * Reads a console call and reads again whenever its path or query changes; `null` reads nothing
 * (a page still waiting for its id). An answer that arrives after a newer request is dropped.
 */
export function useAdminData<T>(path: string | null, query?: Query): AdminData<T> {
  const key = path === null ? null : withQuery(path, query)
  const [state, setState] = useState<{ key: string | null; data?: T; error?: Error }>({
    key: null,
  })
  const [generation, setGeneration] = useState(0)
  const { onSessionEnded } = useConsoleSession()

  useEffect(() => {
    if (key === null) return
    let isCurrent = true
    adminGet<T>(key)
      .then((data) => {
        if (isCurrent) setState({ key, data })
      })
      .catch((error: unknown) => {
        if (!isCurrent) return
        if (error instanceof ApiError && error.status === 401) onSessionEnded()
        setState((previous) => ({
          key,
          ...(previous.data !== undefined && { data: previous.data }),
          error: error instanceof Error ? error : new Error(String(error)),
        }))
      })
    return () => {
      isCurrent = false
    }
  }, [key, generation, onSessionEnded])

  const reload = useCallback(() => setGeneration((n) => n + 1), [])
  const isLoading = key !== null && state.key !== key
  return { data: state.data, error: isLoading ? undefined : state.error, isLoading, reload }
}

export interface ListQuery {
  page: number
  pageSize: number
  /** `field` ascending, `-field` descending; empty for the call's own order. */
  sort: string
  /** Every other search parameter: the list's filters. */
  filters: Record<string, string>
}

/**
 * A list's page, size, sort and filters kept in the URL, so a reload, the back button and a shared
 * link show the same list. A filter change goes back to page 1.
 */
export function useListQuery(defaults: { pageSize?: number; sort?: string } = {}) {
  const [params, setParams] = useSearchParams()
  const query = useMemo<ListQuery>(() => {
    const filters: Record<string, string> = {}
    for (const [name, value] of params) {
      if (name !== 'page' && name !== 'pageSize' && name !== 'sort') filters[name] = value
    }
    return {
      page: Math.max(1, Number(params.get('page') ?? 1) || 1),
      pageSize: Number(params.get('pageSize') ?? defaults.pageSize ?? 25) || 25,
      sort: params.get('sort') ?? defaults.sort ?? '',
      filters,
    }
  }, [params, defaults.pageSize, defaults.sort])

  // Two changes before the next render (a filter, then the page) must both land: each builds on
  // the last one asked for, not on the search params of the last render.
  const pending = useRef<URLSearchParams | null>(null)
  useEffect(() => {
    pending.current = null
  }, [params])

  const setQuery = useCallback(
    (patch: Partial<Omit<ListQuery, 'filters'>> & { filters?: Record<string, string> }) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(pending.current ?? current)
          if (patch.filters) {
            for (const [name, value] of Object.entries(patch.filters)) {
              if (value) next.set(name, value)
              else next.delete(name)
            }
            next.delete('page')
          }
          if (patch.sort !== undefined) {
            if (patch.sort) next.set('sort', patch.sort)
            else next.delete('sort')
            next.delete('page')
          }
          if (patch.pageSize !== undefined) next.set('pageSize', String(patch.pageSize))
          if (patch.page !== undefined) {
            if (patch.page > 1) next.set('page', String(patch.page))
            else next.delete('page')
          }
          pending.current = next
          return next
        },
        { replace: true, preventScrollReset: true },
      )
    },
    [setParams],
  )

  /** The query to send: page, size, sort and filters as search parameters. */
  const apiQuery = useMemo<Query>(
    () => ({
      page: query.page,
      pageSize: query.pageSize,
      sort: query.sort || undefined,
      ...query.filters,
    }),
    [query],
  )
  return { query, setQuery, apiQuery }
}

/** A `DataTable`'s loading, error and retry props for a read. */
export function readStateProps(read: AdminData<unknown>) {
  return { isLoading: read.isLoading, error: read.error, onRetry: read.reload }
}

/** A `DataTable`'s paging, sorting, loading and error props for a list kept in the URL. */
export function listTableProps(
  { query, setQuery }: Pick<ReturnType<typeof useListQuery>, 'query' | 'setQuery'>,
  read: AdminData<{ total: number }>,
) {
  return {
    total: read.data?.total,
    page: query.page,
    pageSize: query.pageSize,
    sort: query.sort,
    onSortChange: (sort: string) => setQuery({ sort }),
    onPageChange: (page: number) => setQuery({ page }),
    ...readStateProps(read),
  }
}
