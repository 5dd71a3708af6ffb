import { useEffect, useMemo, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { createAnalytics, shouldTrackPageView } from '#app/lib/analytics.ts'
import { BUILD_CHECK_INTERVAL_MS, fetchLatestBuildId, isBuildStale } from '#app/lib/build-check.ts'
import { fetchCsrfToken } from '#app/lib/api.ts'
import { guardNavigation } from '#app/lib/navigation-guard.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { useSocket } from '#app/socket/socket-client.ts'
import { useUserStore } from '#app/state/user-store.ts'

interface Props {
  buildId: string
  analyticsUrl: string | null
  socket: { url: string; token: string } | null
}

/**
 * The spec's invisible client duties: guards on client navigations, the hourly build check,
 * page-view tracking, the CSRF fetch (which sends blocked visitors away) and the socket.
 */
export function ClientPlumbing({ buildId, analyticsUrl, socket }: Props) {
  const location = useLocation()
  const navigate = useNavigate()
  const { languages, locale } = useRootData()
  const isAuthenticated = useUserStore((state) => state.isAuthenticated)
  const analytics = useMemo(() => createAnalytics(analyticsUrl), [analyticsUrl])
  const isStale = useRef(false)
  const isFirstLocation = useRef(true)

  useEffect(() => {
    void useUserStore.persist.rehydrate()
    fetchCsrfToken().catch((error: unknown) => console.error(error))
  }, [])

  useEffect(() => {
    const timer = window.setInterval(() => {
      fetchLatestBuildId()
        .then((latest) => {
          if (isBuildStale(buildId, latest)) isStale.current = true
        })
        .catch(() => {})
    }, BUILD_CHECK_INTERVAL_MS)
    return () => window.clearInterval(timer)
  }, [buildId])

  useEffect(() => {
    if (isFirstLocation.current) {
      isFirstLocation.current = false
    } else if (isStale.current) {
      // A new build is live: load this navigation's page from it.
      window.location.reload()
      return
    }
    const guard = guardNavigation({
      pathname: location.pathname,
      search: location.search,
      locales: languages.map((language) => language.code),
      preferredLocale: locale,
    })
    if (guard.kind === 'redirect') {
      // The unguarded URL is already in the history; replace it rather than stack a second entry.
      void navigate(guard.location, { replace: true })
      return
    }
    if (shouldTrackPageView(location.pathname, isAuthenticated)) {
      analytics.track('page visited', { path: location.pathname })
    }
  }, [location.pathname, location.search, languages, locale, navigate, analytics, isAuthenticated])

  useSocket({ isAuthenticated, url: socket?.url, token: socket?.token, handlers: {} })
  return null
}
