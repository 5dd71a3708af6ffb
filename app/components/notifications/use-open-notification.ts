import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { useAnalytics } from '#app/lib/use-analytics.ts'
import { useNotificationStore, type PlayerNotification } from '#app/state/notification-store.ts'

/** Clicking a notification records the event, marks it read and follows its url. */
export function useOpenNotification(afterOpen?: () => void) {
  const navigate = useNavigate()
  const analytics = useAnalytics()
  return useCallback(
    (notification: PlayerNotification) => {
      analytics.track('notification clicked', { id: notification.id, type: notification.type })
      if (notification.is_read === 0) {
        useNotificationStore
          .getState()
          .markRead(notification.id)
          .catch((error: unknown) => console.warn('mark notification read', error))
      }
      afterOpen?.()
      if (!notification.url) return
      if (/^https?:/i.test(notification.url)) window.location.assign(notification.url)
      else void navigate(notification.url)
    },
    [analytics, navigate, afterOpen],
  )
}
