import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  notificationToastMs,
  showToast,
  TOAST_TRANSITION_MS,
  useToastStore,
  type ToastPhase,
} from './toast-store.ts'

const phaseOf = (id: number): ToastPhase =>
  useToastStore.getState().toasts.find((toast) => toast.id === id)?.phase ?? 'removed'

beforeEach(() => {
  vi.useFakeTimers()
  useToastStore.setState({ toasts: [] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('toast lifecycle', () => {
  it('enters, is visible, exits at 5000 ms by default, then is removed', () => {
    const id = showToast({ title: 'Saved' })
    expect(phaseOf(id)).toBe('enter')
    vi.advanceTimersByTime(TOAST_TRANSITION_MS)
    expect(phaseOf(id)).toBe('visible')
    vi.advanceTimersByTime(5000 - TOAST_TRANSITION_MS - 1)
    expect(phaseOf(id)).toBe('visible')
    vi.advanceTimersByTime(1)
    expect(phaseOf(id)).toBe('exit')
    vi.advanceTimersByTime(TOAST_TRANSITION_MS)
    expect(phaseOf(id)).toBe('removed')
  })

  it('closes after 3000 ms with the short setting', () => {
    const id = showToast({ title: 'Copied', autoClose: 'short' })
    vi.advanceTimersByTime(2999)
    expect(phaseOf(id)).toBe('visible')
    vi.advanceTimersByTime(1)
    expect(phaseOf(id)).toBe('exit')
  })

  it('keeps a notification toast for its duration times 1000', () => {
    expect(notificationToastMs(8)).toBe(8000)
    const id = showToast({ title: 'Quest complete', autoClose: notificationToastMs(8) })
    vi.advanceTimersByTime(7999)
    expect(phaseOf(id)).toBe('visible')
    vi.advanceTimersByTime(1)
    expect(phaseOf(id)).toBe('exit')
  })

  it('closes at once when dismissed, and a second dismiss changes nothing', () => {
    const id = showToast({ title: 'Hello' })
    vi.advanceTimersByTime(1000)
    useToastStore.getState().dismiss(id)
    expect(phaseOf(id)).toBe('exit')
    useToastStore.getState().dismiss(id)
    vi.advanceTimersByTime(TOAST_TRANSITION_MS)
    expect(phaseOf(id)).toBe('removed')
  })

  it('stops the clock while paused and resumes with the time that was left', () => {
    const id = showToast({ title: 'Read me' })
    vi.advanceTimersByTime(1000)
    useToastStore.getState().pause(id)
    vi.advanceTimersByTime(60_000)
    expect(phaseOf(id)).toBe('visible')
    useToastStore.getState().resume(id)
    vi.advanceTimersByTime(3999)
    expect(phaseOf(id)).toBe('visible')
    vi.advanceTimersByTime(1)
    expect(phaseOf(id)).toBe('exit')
  })

  it('keeps several toasts in the order they came', () => {
    const first = showToast({ title: 'One', tone: 'success' })
    const second = showToast({ title: 'Two', tone: 'error' })
    expect(useToastStore.getState().toasts.map((toast) => toast.id)).toEqual([first, second])
  })
})
