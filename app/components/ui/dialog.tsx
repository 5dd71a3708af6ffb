import { useEffect, useId, useRef, useState, type PointerEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { modalZIndex, useModalStore } from '#app/state/modal-store.ts'
import { shouldCloseOnSwipe } from '#app/lib/swipe.ts'
import { lockBodyScroll } from '#app/lib/scroll-lock.ts'
import { Icon } from '#app/components/ui/icon.tsx'

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])'

interface Props {
  /** The registry id; one Dialog per id. */
  id: string
  title: string
  /** Shown under the title. */
  description?: string
  children: ReactNode
  /** Called once the registry closed the modal (the URL-addressed ones drop `?q=` here). */
  onClosed: () => void
  size?: 'sm' | 'md' | 'lg'
  /** Whether closing asks first from the start (spec's initialConfirmation). */
  initialConfirmation?: boolean
  /**
   * False for a dialog that needs an answer (the reality check): no close button or swipe, and
   * neither Escape nor a click outside closes it; it goes only when its owner unmounts it.
   */
  isDismissible?: boolean
  /** `alertdialog` for one that interrupts the player and needs an answer. */
  role?: 'dialog' | 'alertdialog'
}

/**
 * What a key pressed inside the top dialog does: Escape closes a dismissible one and is swallowed
 * by one that needs an answer (so no page shortcut acts on it either); Tab stays inside.
 */
export function dialogKeyAction(
  key: string,
  isDismissible: boolean,
): 'close' | 'swallow' | 'trap-focus' | 'none' {
  if (key === 'Escape') return isDismissible ? 'close' : 'swallow'
  if (key === 'Tab') return 'trap-focus'
  return 'none'
}

const WIDTHS = { sm: 'sm:max-w-sm', md: 'sm:max-w-md', lg: 'sm:max-w-2xl' } as const

/**
 * One modal layer of the registry: z-index from its place in the stack, closed by Escape, a click
 * outside, a swipe down (phones) or its close button (unless it is not dismissible); focus stays
 * inside while it is open and goes back where it was on close. A bottom sheet on phones, a
 * centred card from `sm` up.
 */
export function Dialog({
  id,
  title,
  description,
  children,
  onClosed,
  size = 'md',
  initialConfirmation = false,
  isDismissible = true,
  role = 'dialog',
}: Props) {
  const { t } = useTranslation()
  const titleId = useId()
  const descriptionId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const stackIndex = useModalStore((state) => state.stack.indexOf(id))
  const isTop = useModalStore((state) => state.stack.at(-1) === id)
  const isConfirming = useModalStore((state) => state.confirming === id)
  const isOpen = stackIndex >= 0
  const onClosedRef = useRef(onClosed)
  onClosedRef.current = onClosed

  useEffect(() => {
    const store = useModalStore.getState()
    store.register(id, { initialConfirmation })
    store.open(id)
    return () => useModalStore.getState().close(id)
  }, [id, initialConfirmation])

  // Closed through the registry (close-all, Escape, a swipe): tell the owner once.
  const wasOpen = useRef(false)
  useEffect(() => {
    if (isOpen) wasOpen.current = true
    else if (wasOpen.current) {
      wasOpen.current = false
      onClosedRef.current()
    }
  }, [isOpen])

  // What had focus before the dialog rendered (React's autoFocus moves it before effects run).
  const [focusBefore] = useState(() =>
    typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
      ? document.activeElement
      : null,
  )
  // Focus moves in on open (to the autoFocus field, else the dialog itself, so a screen reader
  // starts at its title) and back on close.
  useEffect(() => {
    if (!isOpen) return
    if (!panel.current?.contains(document.activeElement)) panel.current?.focus()
    const before = focusBefore
    const unlock = lockBodyScroll()
    return () => {
      unlock()
      before?.focus()
    }
  }, [isOpen, focusBefore])

  if (!isOpen || typeof document === 'undefined') return null
  const zIndex = modalZIndex(stackIndex)
  const requestClose = () => useModalStore.getState().requestClose(id)

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!isTop) return
    switch (dialogKeyAction(event.key, isDismissible)) {
      case 'close':
        event.stopPropagation()
        requestClose()
        break
      case 'swallow':
        event.preventDefault()
        event.stopPropagation()
        break
      case 'trap-focus':
        trapFocus(event, panel.current)
        break
      case 'none':
        break
    }
  }

  return createPortal(
    <div
      className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-6"
      style={{ zIndex }}
      data-modal-layer={id}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        if (event.target === event.currentTarget && isTop && isDismissible) requestClose()
      }}
    >
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        style={{ zIndex: zIndex + 1 }}
        className={`animate-dialog-in relative flex max-h-[92dvh] w-full flex-col overflow-hidden rounded-t-3xl border border-line bg-surface-raised shadow-2xl outline-none sm:rounded-3xl ${WIDTHS[size]}`}
      >
        {isDismissible ? (
          <SwipeHandle
            panel={panel}
            onSwipeClose={requestClose}
            label={t('dialog.swipe_to_close')}
          />
        ) : null}
        <header
          className={`flex items-start gap-4 px-5 pb-3 sm:px-6 sm:pt-6 ${isDismissible ? 'pt-2' : 'pt-5'}`}
        >
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg font-bold text-ink">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-ink-muted">
                {description}
              </p>
            ) : null}
          </div>
          {isDismissible ? (
            <button
              type="button"
              onClick={requestClose}
              aria-label={t('dialog.close')}
              className="-me-2 flex size-10 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-line/60 hover:text-ink"
            >
              <Icon name="close" />
            </button>
          ) : null}
        </header>
        {isConfirming ? (
          <div
            role="alertdialog"
            aria-label={t('dialog.confirm_close')}
            className="mx-5 mb-3 flex flex-wrap items-center gap-3 rounded-2xl border border-gold/40 bg-gold/10 p-3 text-sm text-ink sm:mx-6"
          >
            <p className="flex-1">{t('dialog.confirm_close')}</p>
            <button
              type="button"
              className="rounded-lg px-3 py-1.5 font-semibold text-ink-muted hover:text-ink"
              onClick={() => useModalStore.getState().cancelClose()}
            >
              {t('dialog.keep_open')}
            </button>
            <button
              type="button"
              className="rounded-lg bg-gold px-3 py-1.5 font-semibold text-surface"
              onClick={() => useModalStore.getState().close(id)}
            >
              {t('dialog.close_anyway')}
            </button>
          </div>
        ) : null}
        <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:px-6 sm:pb-6">
          {children}
        </div>
      </div>
    </div>,
    document.body,
  )
}

/** Keeps Tab and Shift+Tab cycling inside the dialog. */
function trapFocus(event: React.KeyboardEvent, container: HTMLElement | null) {
  if (!container) return
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.offsetParent !== null,
  )
  const first = focusable[0]
  const last = focusable.at(-1)
  if (!first || !last) {
    event.preventDefault()
    return
  }
  const active = document.activeElement
  if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && active === last) {
    event.preventDefault()
    first.focus()
  }
}

/** The grab bar of the phone sheet: dragging it down closes the dialog (spec's swipe rule). */
function SwipeHandle({
  panel,
  onSwipeClose,
  label,
}: {
  panel: React.RefObject<HTMLDivElement | null>
  onSwipeClose: () => void
  label: string
}) {
  const start = useRef<{ y: number; at: number } | null>(null)
  const move = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current || !panel.current) return
    const distance = Math.max(0, event.clientY - start.current.y)
    panel.current.style.transform = `translateY(${String(distance)}px)`
  }
  const end = (event: PointerEvent<HTMLDivElement>) => {
    const began = start.current
    start.current = null
    if (!began || !panel.current) return
    panel.current.style.transform = ''
    const swipe = {
      distancePx: event.clientY - began.y,
      sizePx: panel.current.getBoundingClientRect().height,
      durationMs: performance.now() - began.at,
    }
    if (shouldCloseOnSwipe(swipe)) onSwipeClose()
  }
  return (
    <div
      className="flex touch-none justify-center pt-3 pb-1 sm:hidden"
      aria-label={label}
      role="presentation"
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId)
        start.current = { y: event.clientY, at: performance.now() }
      }}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
    >
      <span className="h-1.5 w-12 rounded-full bg-line" />
    </div>
  )
}
