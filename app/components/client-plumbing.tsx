import { useEffect, useMemo, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { createAnalytics, shouldTrackPageView } from '#app/lib/analytics.ts'
import { BUILD_CHECK_INTERVAL_MS, fetchLatestBuildId, isBuildStale } from '#app/lib/build-check.ts'
import { fetchCsrfToken } from '#app/lib/api.ts'
import { guardNavigation } from '#common/navigation-guard.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { useSocket } from '#app/socket/socket-client.ts'
import { useLotteryStore } from '#app/state/lottery-store.ts'
import { useUserStore } from '#app/state/user-store.ts'
import { initialiseUser } from '#app/state/session-actions.ts'
import type { SignedInPlayer } from '#server/plugins/load-context.ts'
import { useNotificationStore, type NotificationUpdate } from '#app/state/notification-store.ts'
import { notificationToastMs, showToast } from '#app/state/toast-store.ts'
import { useTranslation } from 'react-i18next'
import { applyBalanceUpdate, loadWalletAndCashOut } from '#app/components/wallet/wallet-actions.ts'
import { applyBonusUpdate, loadBonuses } from '#app/components/account/bonuses-actions.ts'
import { FEATURES } from '#common/features.ts'
import {
  applyTriggerProgressUpdate,
  onEngagementNotification,
  useEngagementStore,
} from '#app/state/engagement-store.ts'
import { applyWheelProgressUpdate, useWheelStore } from '#app/state/wheel-store.ts'
import {
  applyLeaderboardMessage,
  applyPhaseMessage,
  applyStandingMessage,
  refetchBoard,
  useTournamentStore,
} from '#app/state/tournament-store.ts'

interface Props {
  buildId: string
  analyticsUrl: string | null
  socket: { url: string; token: string } | null
  player: SignedInPlayer | null
}

/**
 * The spec's invisible client duties: guards on client navigations, the hourly build check,
 * page-view tracking, the CSRF fetch (which sends blocked visitors away) and the socket.
 */
export function ClientPlumbing({ buildId, analyticsUrl, socket, player }: Props) {
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

  const { t } = useTranslation()
  const failedLabel = useRef(t('bonuses.load_failed'))
  failedLabel.current = t('bonuses.load_failed')

  // The server's session is the truth: the store follows it after every root load.
  useEffect(() => {
    const store = useUserStore.getState()
    if (player) {
      useUserStore.setState({ isAuthenticated: true, user: { ...store.user, ...player } })
      void initialiseUser(locale)
      void useNotificationStore.getState().loadUnread()
      // Bonus lists only for a signed-in player, and only where bonuses exist.
      if (FEATURES.bonuses) void loadBonuses(failedLabel.current)
    } else if (store.isAuthenticated || store.user) {
      store.clearUser()
      useNotificationStore.getState().reset()
      useEngagementStore.getState().reset()
      useWheelStore.getState().reset()
    }
    // Only a change of who is signed in reinitialises, not a change of language.
  }, [player])

  const openLabel = useRef(t('notifications.open'))
  openLabel.current = t('notifications.open')
  const localeRef = useRef(locale)
  localeRef.current = locale
  const handlers = useMemo(
    () => ({
      // One wallet entry after every balance change: the header follows at once.
      balanceUpdate: (payload: unknown) => {
        applyBalanceUpdate(payload)
        analytics.track('balance updated')
      },
      // A bonus changed (granted, wagered, ended): the cabinet's lists and wagering bar follow.
      bonusUpdate: applyBonusUpdate,
      // A quest or achievement trigger moved: its bar follows on every page that shows it.
      triggerProgressUpdate: applyTriggerProgressUpdate,
      // The wheel filled toward a spin or a spin arrived: the wheel page's bar and button follow.
      fortuneWheelProgressUpdate: applyWheelProgressUpdate,
      // A lottery the player holds tickets in was drawn: the lottery page reloads its results.
      lotteryDrawn: (payload: unknown) => useLotteryStore.getState().drawn(payload),
      // The watched tournament's board moved, the player's own row moved, or its phase changed:
      // the tournament page's board follows, or the page loads again.
      tournamentLeaderboard: (payload: unknown) => void applyLeaderboardMessage(payload),
      tournamentStanding: applyStandingMessage,
      tournamentPhase: applyPhaseMessage,
      notificationUpdate: (payload: unknown) => {
        const update = payload as NotificationUpdate
        useNotificationStore.getState().receive(update)
        const { notification } = update
        // A reward paid: "coins issued" is tracked and the pages and the header catch up.
        onEngagementNotification(notification, analytics, localeRef.current)
        if (!notification.toast) return
        // A flagged notification shows as a toast, marked read when the player opens it.
        showToast({
          title: notification.text,
          image: notification.image,
          autoClose: notificationToastMs(notification.duration),
          ...(notification.url && {
            action: {
              label: notification.btn_text ?? openLabel.current,
              url: notification.url,
              onOpen: () => {
                analytics.track('notification clicked', {
                  id: notification.id,
                  type: notification.type,
                })
                useNotificationStore
                  .getState()
                  .markRead(notification.id)
                  .catch((error: unknown) => console.warn('mark notification read', error))
              },
            },
          }),
        })
      },
    }),
    [analytics],
  )
  const { state: socketState, emit } = useSocket({
    isAuthenticated,
    url: socket?.url,
    token: socket?.token,
    handlers,
  })
  // The open tournament page's room: joined on every (re)connect, since a new connection is in no
  // room, and left with the page. Moves sent before the join reached no one: the board is read
  // again once the server says the room is joined (a later message's version gap would also
  // catch it).
  const watching = useTournamentStore((state) => state.watching)
  useEffect(() => {
    if (socketState !== 'open' || watching === null) return
    emit('tournament:watch', { id: watching }, () => void refetchBoard(watching))
    return () => emit('tournament:leave', { id: watching })
  }, [socketState, watching, emit])
  // A notification or a balance change sent while the socket was not connected (before it first
  // connected, or between a drop and the reconnect) reached no one: each connect catches up from
  // the server (the unread list, the wallet, the pending cash-out and the bonuses).
  useEffect(() => {
    if (socketState !== 'open') return
    void useNotificationStore.getState().loadUnread()
    void loadWalletAndCashOut()
    // Bonuses catch up once loaded; a first load that failed has toasted already and the tab
    // offers another try, so a reconnect does not toast the same failure again.
    if (FEATURES.bonuses && useUserStore.getState().bonusesStatus === 'ready') {
      void loadBonuses(failedLabel.current)
    }
  }, [socketState])
  return null
}
