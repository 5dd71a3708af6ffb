import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { LoadError, SkeletonList } from '#app/components/ui/skeleton.tsx'
import { lockBodyScroll } from '#app/lib/scroll-lock.ts'
import { usePopover } from '#app/lib/use-popover.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { useNotificationStore } from '#app/state/notification-store.ts'
import { NotificationItem } from './notification-item.tsx'
import { useOpenNotification } from './use-open-notification.ts'
import { Icon } from '#app/components/ui/icon.tsx'

/**
 * The header bell. Opening the menu hides the page's scroll and clears the new flag; it
 * lists the unread notifications with loading, empty and error states.
 */
export function NotificationMenu() {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const { isOpen, setIsOpen, panelId, root, button } = usePopover()
  const { unread, unreadCount, hasNew, status } = useNotificationStore()
  const close = () => setIsOpen(false)
  const openNotification = useOpenNotification(close)

  useEffect(() => {
    if (!isOpen) return
    useNotificationStore.getState().clearNew()
    if (useNotificationStore.getState().status !== 'loading')
      void useNotificationStore.getState().loadUnread()
    return lockBodyScroll()
  }, [isOpen])

  return (
    <div ref={root} className="relative" data-testid="notification-menu">
      <button
        ref={button}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={
          unreadCount > 0
            ? t('notifications.bell_unread', { count: unreadCount })
            : t('notifications.bell')
        }
        onClick={() => setIsOpen((open) => !open)}
        className="relative flex size-10 items-center justify-center rounded-xl border border-line text-ink hover:border-gold/60"
      >
        <Icon name="bell" />
        {unreadCount > 0 ? (
          <span
            aria-hidden="true"
            data-testid="unread-count"
            className="absolute -end-1.5 -top-1.5 min-w-5 rounded-full bg-danger px-1 text-center text-[0.6875rem] leading-5 font-bold text-on-danger"
          >
            {unreadCount > 99 ? '99+' : unreadCount}
          </span>
        ) : null}
        {hasNew ? (
          <span
            aria-hidden="true"
            data-testid="new-indicator"
            className="absolute -bottom-0.5 -start-0.5 size-2.5 animate-ping rounded-full bg-gold"
          />
        ) : null}
      </button>
      {isOpen ? (
        <div
          id={panelId}
          role="region"
          aria-label={t('notifications.title')}
          className="animate-fade-in fixed inset-x-2 top-[4.5rem] z-40 flex max-h-[70dvh] flex-col rounded-2xl border border-line bg-surface-raised shadow-2xl sm:absolute sm:inset-x-auto sm:end-0 sm:top-12 sm:w-96"
        >
          <header className="flex items-center justify-between border-b border-line px-4 py-3">
            <h2 className="text-sm font-bold text-ink">{t('notifications.title')}</h2>
            <AppLink
              to={`/${locale}/account/notifications/`}
              onClick={close}
              className="text-xs font-semibold text-gold hover:underline"
            >
              {t('notifications.view_all')}
            </AppLink>
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-2">
            {status === 'error' && unread.length === 0 ? (
              <LoadError
                text={t('notifications.load_failed')}
                retryLabel={t('common.retry')}
                onRetry={() => void useNotificationStore.getState().loadUnread()}
              />
            ) : status !== 'ready' && unread.length === 0 ? (
              <div className="p-2">
                <SkeletonList rows={3} label={t('common.loading')} />
              </div>
            ) : unread.length === 0 ? (
              <EmptyState
                title={t('notifications.empty_title')}
                text={t('notifications.empty_text')}
              />
            ) : (
              <ul className="flex flex-col">
                {unread.map((notification) => (
                  <li key={notification.id}>
                    <NotificationItem notification={notification} onOpen={openNotification} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : null}
    </div>
  )
}
