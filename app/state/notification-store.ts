import { create } from 'zustand'
import { apiFetch } from '#app/lib/api.ts'
import type { Notification } from '#server/modules/notifications/notifications.contract.ts'

/** A notification, as the calls and the socket send it (the server's contract). */
export type PlayerNotification = Notification

export interface NotificationList {
  count: number
  notifications: PlayerNotification[]
}

/** The socket's notificationUpdate: the notification and how to show it. */
export interface NotificationUpdate {
  notification: PlayerNotification & { toast: boolean; header: boolean }
}

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error'

interface NotificationState {
  unread: PlayerNotification[]
  unreadCount: number
  /** The header's "new" indicator: set by a pushed notification, cleared when the menu opens. */
  hasNew: boolean
  status: LoadStatus
  loadUnread: () => Promise<void>
  /** The header flag sets the new indicator and adds the notification as unread. */
  receive: (update: NotificationUpdate) => void
  markRead: (id: string) => Promise<void>
  clearNew: () => void
  reset: () => void
}

/** The mark-read call's path carries `en` whatever the page's language. */
export const markReadPath = (id: string) =>
  `/en/player-notification/mark-notification-read?id=${encodeURIComponent(id)}`

type Lists = Pick<NotificationState, 'unread' | 'unreadCount' | 'hasNew' | 'status'>

/**
 * A loaded list, with what changed while the call was on its way: a notification pushed meanwhile
 * may be missing from the answer and one read meanwhile may still be in it. A reload of a list
 * already shown (the socket reconnected) marks as new what arrived while the socket was away.
 */
export function mergeLoaded(before: Lists, now: Lists, loaded: NotificationList): Partial<Lists> {
  const idsOf = (entries: readonly PlayerNotification[]) => new Set(entries.map(({ id }) => id))
  const wasShown = idsOf(before.unread)
  const isShown = idsOf(now.unread)
  const isLoaded = idsOf(loaded.notifications)
  const pushed = now.unread.filter(({ id }) => !wasShown.has(id) && !isLoaded.has(id))
  const isReadMeanwhile = (id: string) => wasShown.has(id) && !isShown.has(id)
  const kept = loaded.notifications.filter(({ id }) => !isReadMeanwhile(id))
  const unread = [...pushed, ...kept]
  const missed = before.status === 'ready' && kept.some(({ id }) => !wasShown.has(id))
  return {
    unread,
    unreadCount: Math.max(
      unread.length,
      loaded.count + pushed.length - (loaded.notifications.length - kept.length),
    ),
    hasNew: now.hasNew || missed,
    status: 'ready',
  }
}

export const useNotificationStore = create<NotificationState>()((set, get) => ({
  unread: [],
  unreadCount: 0,
  hasNew: false,
  status: 'idle',
  loadUnread: async () => {
    const before = get()
    set({ status: 'loading' })
    try {
      const list = await apiFetch<NotificationList>('/player/unread-notifications')
      set(mergeLoaded(before, get(), list))
    } catch (error) {
      // Other failed fetches are only logged; the menu offers a retry.
      console.warn('unread notifications', error)
      set({ status: 'error' })
    }
  },
  receive: ({ notification }) => {
    if (!notification.header) return
    const { toast: _toast, header: _header, ...entry } = notification
    if (get().unread.some((known) => known.id === entry.id)) return
    set((state) => ({
      unread: [{ ...entry, is_read: 0 }, ...state.unread],
      unreadCount: state.unreadCount + 1,
      hasNew: true,
    }))
  },
  markRead: async (id) => {
    const wasUnread = get().unread.some((entry) => entry.id === id)
    set((state) => ({
      unread: state.unread.filter((entry) => entry.id !== id),
      unreadCount: wasUnread ? Math.max(0, state.unreadCount - 1) : state.unreadCount,
    }))
    await apiFetch(markReadPath(id), { method: 'POST' })
  },
  clearNew: () => set({ hasNew: false }),
  reset: () => set({ unread: [], unreadCount: 0, hasNew: false, status: 'idle' }),
}))
