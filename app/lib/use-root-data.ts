import { useRouteLoaderData } from 'react-router'
import type { RootData } from '#app/root.tsx'

/** The root loader's locale, menus and options; every page has them. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>('root')
  if (!data) throw new Error('useRootData used outside the root route')
  return data
}

/** Like useRootData, for error screens that may render when the root loader itself failed. */
export function useOptionalRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root')
}
