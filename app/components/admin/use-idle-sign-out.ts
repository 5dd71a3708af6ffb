import { useEffect } from 'react'
import { OPERATOR_IDLE_SIGN_OUT_MS } from '#common/back-office.ts'

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const
const CHECK_EVERY_MS = 15_000

/**
 * Signs the operator out after OPERATOR_IDLE_SIGN_OUT_MS without a key press, click or touch.
 * Lists that read in the background keep the server session alive, so the console must watch
 * the person, not the requests. Checked on a slow tick: a sleeping laptop wakes up signed out.
 */
export function useIdleSignOut(isActive: boolean, signOut: () => void): void {
  useEffect(() => {
    if (!isActive) return
    let lastActivity = Date.now()
    const markActive = () => {
      lastActivity = Date.now()
    }
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, markActive, { passive: true })
    const timer = window.setInterval(() => {
      if (Date.now() - lastActivity >= OPERATOR_IDLE_SIGN_OUT_MS) signOut()
    }, CHECK_EVERY_MS)
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, markActive)
      window.clearInterval(timer)
    }
  }, [isActive, signOut])
}
