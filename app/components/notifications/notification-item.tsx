import { useTranslation } from 'react-i18next'
import type { PlayerNotification } from '#app/state/notification-store.ts'
import { formatRelativeTime } from '#app/lib/format/relative-time.ts'
import { getLocale } from '#common/locales.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { Icon } from '#app/components/ui/icon.tsx'

interface Props {
  notification: PlayerNotification
  /** Follows the notification: records the click, marks it read and opens its url. */
  onOpen: (notification: PlayerNotification) => void
}

/** One notification in the menu or the cabinet list; the whole row is the button. */
export function NotificationItem({ notification, onOpen }: Props) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const isUnread = notification.is_read === 0
  return (
    <button
      type="button"
      onClick={() => onOpen(notification)}
      data-notification-id={notification.id}
      className="flex w-full items-start gap-3 rounded-xl p-3 text-start transition-colors hover:bg-line/50"
    >
      {notification.image ? (
        <img
          src={notification.image}
          alt=""
          width="40"
          height="40"
          loading="lazy"
          className="size-10 shrink-0 rounded-xl object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-gold/15 text-gold"
        >
          <Icon name="bell" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className={`block text-sm ${isUnread ? 'font-semibold text-ink' : 'text-ink-muted'}`}>
          {notification.text}
        </span>
        <time dateTime={notification.created_at} className="mt-0.5 block text-xs text-ink-muted">
          {formatRelativeTime(new Date(notification.created_at), {
            now: Date.now(),
            localeTag: getLocale(locale).tag,
            justNow: t('time.just_now'),
          })}
        </time>
        {notification.url ? (
          <span className="mt-1 block text-xs font-semibold text-gold">
            {notification.btn_text ?? t('notifications.open')}
          </span>
        ) : null}
      </span>
      {isUnread ? (
        <span className="mt-1.5 size-2 shrink-0 rounded-full bg-gold">
          <span className="sr-only">{t('notifications.unread')}</span>
        </span>
      ) : null}
    </button>
  )
}
