import { useMemo } from 'react'
import { createAnalytics, type Analytics } from './analytics.ts'
import { useRootData } from './use-root-data.ts'

/** The analytics adapter for the configured URL (a no-op without one). */
export function useAnalytics(): Analytics {
  const { analyticsUrl } = useRootData()
  return useMemo(() => createAnalytics(analyticsUrl), [analyticsUrl])
}
