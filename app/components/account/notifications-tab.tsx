import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { LoadError, SkeletonList } from '#app/components/ui/skeleton.tsx'
import { NotificationItem } from '#app/components/notifications/notification-item.tsx'
import { useOpenNotification } from '#app/components/notifications/use-open-notification.ts'
import { apiFetch } from '#app/lib/api.ts'
import {
  useNotificationStore,
  type LoadStatus,
  type NotificationList,
  type PlayerNotification,
} from '#app/state/notification-store.ts'

const FILTERS = ['all', 'unread'] as const
type Filter = (typeof FILTERS)[number]

/** Every notification of the player, newest first, with an unread filter. */
export function NotificationsTab() {
  const { t } = useTranslation()
  const [filter, setFilter] = useState<Filter>('all')
  const [status, setStatus] = useState<LoadStatus>('loading')
  const [list, setList] = useState<NotificationList>({ count: 0, notifications: [] })
  // A pushed notification or one read elsewhere changes the unread count: reload then.
  const unreadCount = useNotificationStore((state) => state.unreadCount)

  const load = useCallback(async () => {
    setStatus('loading')
    try {
      const path = filter === 'all' ? '/player/all-notifications' : '/player/unread-notifications'
      setList(await apiFetch<NotificationList>(path))
      setStatus('ready')
    } catch (error) {
      console.warn('notifications', error)
      setStatus('error')
    }
  }, [filter])

  useEffect(() => {
    void load()
  }, [load, unreadCount])

  const markLocallyRead = (opened: PlayerNotification) =>
    setList((current) => ({
      ...current,
      notifications: current.notifications.map((entry) =>
        entry.id === opened.id ? { ...entry, is_read: 1 } : entry,
      ),
    }))
  const open = useOpenNotification()

  return (
    <section aria-labelledby="notifications-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="notifications-heading" className="text-lg font-bold text-ink">
          {t('notifications.title')}
          {status === 'ready' ? (
            <span className="ms-2 text-sm font-normal text-ink-muted">({list.count})</span>
          ) : null}
        </h2>
        <div
          role="group"
          aria-label={t('notifications.filter')}
          className="flex gap-1 rounded-xl border border-line p-1"
        >
          {FILTERS.map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={filter === name}
              onClick={() => setFilter(name)}
              className="rounded-lg px-3 py-1.5 text-sm text-ink-muted aria-pressed:bg-surface-raised aria-pressed:font-semibold aria-pressed:text-gold"
            >
              {t(`notifications.filter_${name}`)}
            </button>
          ))}
        </div>
      </div>
      {status === 'loading' && list.notifications.length === 0 ? (
        <SkeletonList rows={5} label={t('common.loading')} />
      ) : status === 'error' ? (
        <LoadError
          text={t('notifications.load_failed')}
          retryLabel={t('common.retry')}
          onRetry={() => void load()}
        />
      ) : list.notifications.length === 0 ? (
        <EmptyState title={t('notifications.empty_title')} text={t('notifications.empty_text')} />
      ) : (
        <ul
          className="flex flex-col divide-y divide-line rounded-2xl border border-line bg-surface-raised"
          data-testid="notifications-list"
        >
          {list.notifications.map((notification) => (
            <li key={notification.id} className="p-1">
              <NotificationItem
                notification={notification}
                onOpen={(opened) => {
                  markLocallyRead(opened)
                  open(opened)
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
