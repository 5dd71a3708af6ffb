import { useRouteLoaderData } from 'react-router'
import type { AurumLoadContext, SignedInPlayer } from '#server/plugins/load-context.ts'

type Site = AurumLoadContext['site']

/**
 * What the root loader (`app/root.tsx`) returns. Written out here rather than inferred from the
 * loader, so the many components that read it do not import the root route, which renders them.
 */
export interface RootData {
  locale: string
  messagesVersion: string
  menus: Awaited<ReturnType<Site['menus']>>
  languages: Awaited<ReturnType<Site['languages']>>
  buildId: string
  cspNonce: string | undefined
  player: SignedInPlayer | null
  socket: AurumLoadContext['socket']
  analyticsUrl: string | null
  localeCookie: { name: string; crossOrigin: boolean }
}

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
