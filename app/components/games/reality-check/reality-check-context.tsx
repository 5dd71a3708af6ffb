import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  type ReactNode,
} from 'react'
import { refusalMessage, type GameMessage } from '#app/lib/fairness-play.ts'
import { useProtection } from '#app/lib/use-protection.ts'
import { useProtectionStore } from '#app/state/protection-store.ts'
import { RealityCheckDialog } from './reality-check-dialog.tsx'
import {
  initialRealityCheck,
  msUntilDue,
  realityCheckReducer,
  refusalBar,
} from './reality-check-rules.ts'

interface RealityCheckApi {
  /** The dialog is waiting for the player's answer: the game's play controls wait too. */
  isPaused: boolean
  /** A bet was refused: a reality check that is due opens the dialog. */
  report: (error: unknown) => void
  /** A studio's page said its bet was refused for this reason (`player_blocked`). */
  reportStudioRefusal: (reason: string) => void
  hold: () => void
  release: () => void
}

const noop = () => undefined
const RealityCheckContext = createContext<RealityCheckApi>({
  isPaused: false,
  report: noop,
  reportStudioRefusal: noop,
  hold: noop,
  release: noop,
})

/**
 * The reality check over a game screen for a signed-in player: the next due time is read when
 * the screen opens, after each Continue and whenever the screen comes back into focus (the player
 * may have answered, or changed the interval, in another tab), a timer opens the dialog at that
 * time, and a bet the server refused because the check is due opens it at once.
 */
export function RealityCheckProvider({
  isEnabled,
  locale,
  children,
}: {
  isEnabled: boolean
  locale: string
  children: ReactNode
}) {
  const [state, dispatch] = useReducer(realityCheckReducer, initialRealityCheck)
  // The state the cabinet and the deposit dialog share: a Continue or an interval changed in
  // another part of the site reaches the timer here as well.
  const { protection, reload, send } = useProtection()
  // Unread, the check still opens on the server's refusal; the next focus reads again.
  const load = useCallback(() => void reload(), [reload])
  const receivedAtMs = useProtectionStore((store) => store.receivedAtMs)
  useEffect(() => {
    if (!protection) return
    dispatch({
      type: 'loaded',
      dueAt: protection.reality_check.due_at,
      serverNowMs: Date.parse(protection.server_time),
      nowMs: receivedAtMs,
    })
  }, [protection, receivedAtMs])

  useEffect(() => {
    if (!isEnabled) return
    load()
    const onVisible = () => {
      if (document.visibilityState === 'visible') load()
    }
    window.addEventListener('focus', load)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      window.removeEventListener('focus', load)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [isEnabled, load])

  useEffect(() => {
    if (!isEnabled) return
    const waitMs = msUntilDue(state, Date.now())
    if (waitMs === null) return
    const timer = setTimeout(() => dispatch({ type: 'due' }), waitMs)
    return () => clearTimeout(timer)
  }, [isEnabled, state])

  // A game in full screen shows only its stage: the dialog, drawn over the page, would be hidden.
  useEffect(() => {
    if (state.isOpen && document.fullscreenElement) void document.exitFullscreen().catch(noop)
  }, [state.isOpen])

  // Stable callbacks: a game's hold effect must not let go and take hold again on every render.
  const report = useCallback((error: unknown) => {
    if (refusalBar(error) === 'reality_check') dispatch({ type: 'refused' })
  }, [])
  const reportStudioRefusal = useCallback((reason: string) => {
    if (reason === 'reality_check') dispatch({ type: 'refused' })
  }, [])
  const hold = useCallback(() => dispatch({ type: 'hold' }), [])
  const release = useCallback(() => dispatch({ type: 'release' }), [])
  const isPaused = isEnabled && state.isOpen
  const api = useMemo<RealityCheckApi>(
    () => ({ isPaused, report, reportStudioRefusal, hold, release }),
    [isPaused, report, reportStudioRefusal, hold, release],
  )

  return (
    <RealityCheckContext.Provider value={api}>
      {children}
      {isPaused ? (
        <RealityCheckDialog
          locale={locale}
          onContinue={async () => {
            // The answer is the new state, with the next due time.
            await send('reality-check/continue', { method: 'POST', body: {} })
            dispatch({ type: 'continued' })
          }}
        />
      ) : null}
    </RealityCheckContext.Provider>
  )
}

/** Whether the game waits for the reality check's answer. */
export function useRealityCheckPause(): boolean {
  return useContext(RealityCheckContext).isPaused
}

/** Tells the reality check about refused bets (the game's own, or a studio page's). */
export function useRealityCheckReport(): Pick<RealityCheckApi, 'report' | 'reportStudioRefusal'> {
  const { report, reportStudioRefusal } = useContext(RealityCheckContext)
  return { report, reportStudioRefusal }
}

/**
 * Keeps a check that comes due from opening while `isHeld` (a Crash bet the player may still cash
 * out, a spin still landing); it opens the moment the hold ends.
 */
export function useHoldRealityCheck(isHeld: boolean) {
  const { hold, release } = useContext(RealityCheckContext)
  useEffect(() => {
    if (!isHeld) return
    hold()
    return release
  }, [isHeld, hold, release])
}

/**
 * A game's refused call as its message line; a refusal because the reality check is due opens the
 * check's dialog too.
 */
export function useGameRefusal(): (error: unknown, fallback: string) => GameMessage {
  const { report } = useContext(RealityCheckContext)
  return useCallback(
    (error: unknown, fallback: string) => {
      report(error)
      return refusalMessage(error, fallback)
    },
    [report],
  )
}
