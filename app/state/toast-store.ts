import { create } from 'zustand'

/**
 * Toasts close after 5000 ms by default and 3000 ms where the short setting applies;
 * the short setting is for confirming what the player just did (signed in, signed out).
 */
export const TOAST_AUTO_CLOSE_MS = { default: 5000, short: 3000 } as const
/** How long the enter and exit animations run before the next phase. */
export const TOAST_TRANSITION_MS = 200

/** A toast enters, is visible, exits, and is removed. */
export type ToastPhase = 'enter' | 'visible' | 'exit' | 'removed'
export type ToastTone = 'success' | 'error' | 'info'

export interface Toast {
  id: number
  tone: ToastTone
  title: string
  text?: string | undefined
  image?: string | null | undefined
  /** A link the toast offers (a notification's url and button text). */
  action?: ToastAction | undefined
  autoCloseMs: number
  phase: ToastPhase
}

export interface ToastAction {
  label: string
  url: string
  /** Runs when the player follows the link (a notification toast marks itself read). */
  onOpen?: () => void
}

export interface ToastInput {
  tone?: ToastTone
  title: string
  text?: string
  image?: string | null
  action?: ToastAction
  /** 'short' for brief confirmations; a number for a notification's own duration. */
  autoClose?: keyof typeof TOAST_AUTO_CLOSE_MS | number
}

/** A notification toast lasts its duration in seconds times 1000. */
export const notificationToastMs = (durationS: number) => durationS * 1000

interface ToastState {
  toasts: Toast[]
  show: (input: ToastInput) => number
  dismiss: (id: number) => void
  /** Stops the auto-close clock while the player reads (pointer over it or focus inside). */
  pause: (id: number) => void
  resume: (id: number) => void
}

const timers = new Map<number, { timer: ReturnType<typeof setTimeout>; endsAt: number }>()
const remaining = new Map<number, number>()
let nextId = 1

export const useToastStore = create<ToastState>()((set, get) => {
  const setPhase = (id: number, phase: ToastPhase) =>
    set((state) => ({
      toasts:
        phase === 'removed'
          ? state.toasts.filter((toast) => toast.id !== id)
          : state.toasts.map((toast) => (toast.id === id ? { ...toast, phase } : toast)),
    }))

  const schedule = (id: number, delayMs: number, action: () => void) => {
    clearTimeout(timers.get(id)?.timer)
    timers.set(id, { timer: setTimeout(action, delayMs), endsAt: Date.now() + delayMs })
  }

  const startAutoClose = (id: number, delayMs: number) =>
    schedule(id, delayMs, () => get().dismiss(id))

  return {
    toasts: [],
    show: (input) => {
      const id = nextId++
      const autoCloseMs =
        typeof input.autoClose === 'number'
          ? input.autoClose
          : TOAST_AUTO_CLOSE_MS[input.autoClose ?? 'default']
      set((state) => ({
        toasts: [
          ...state.toasts,
          {
            id,
            tone: input.tone ?? 'info',
            title: input.title,
            text: input.text,
            image: input.image,
            action: input.action,
            autoCloseMs,
            phase: 'enter',
          },
        ],
      }))
      schedule(id, TOAST_TRANSITION_MS, () => {
        setPhase(id, 'visible')
        startAutoClose(id, autoCloseMs - TOAST_TRANSITION_MS)
      })
      return id
    },
    dismiss: (id) => {
      const toast = get().toasts.find((candidate) => candidate.id === id)
      if (!toast || toast.phase === 'exit') return
      remaining.delete(id)
      setPhase(id, 'exit')
      schedule(id, TOAST_TRANSITION_MS, () => {
        timers.delete(id)
        setPhase(id, 'removed')
      })
    },
    pause: (id) => {
      const running = timers.get(id)
      const toast = get().toasts.find((candidate) => candidate.id === id)
      if (!running || toast?.phase !== 'visible') return
      clearTimeout(running.timer)
      timers.delete(id)
      remaining.set(id, Math.max(0, running.endsAt - Date.now()))
    },
    resume: (id) => {
      const left = remaining.get(id)
      if (left === undefined) return
      remaining.delete(id)
      startAutoClose(id, left)
    },
  }
})

/** Shows a toast from anywhere (event handlers, stores, the socket). */
export const showToast = (input: ToastInput) => useToastStore.getState().show(input)
