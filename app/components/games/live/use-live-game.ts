import { useCallback, useEffect, useRef, useState } from 'react'
import type { Socket } from 'socket.io-client'
import { apiFetch } from '#app/lib/api.ts'
import { useOptionalRootData } from '#app/lib/use-root-data.ts'
import { SOCKET_OPTIONS } from '#app/socket/socket-client.ts'
import type { LiveGame } from '#common/live-rules.ts'
import type {
  WireLiveBet,
  WireLiveRound,
  WireLiveState,
} from '#server/modules/live/live.contract.ts'

export type { WireLiveBet, WireLiveRound, WireLiveState }

/** How often a visitor's screen (no socket without a session) asks for the round again. */
const VISITOR_POLL_MS = 2_000
/** How many ended rounds the history strip keeps. */
const HISTORY_SIZE = 20

export type LiveConnection = 'loading' | 'live' | 'polling' | 'error'

/**
 * A live game's shared round as this screen sees it: the state call first, then the game's
 * socket room (`live:join`) for every phase and bet as it happens. The socket is the page's own,
 * opened with the session's token while the game is on screen; visitors, who have no token,
 * watch by asking again every two seconds. `clockOffsetMs` puts the server's clock on this one,
 * so the Crash curve is drawn where the server's is.
 */
export function useLiveGame(game: LiveGame) {
  const socketOptions = useOptionalRootData()?.socket
  const [state, setState] = useState<WireLiveState | null>(null)
  const [connection, setConnection] = useState<LiveConnection>('loading')
  const [mine, setMine] = useState<ReadonlySet<string>>(new Set())
  const clockOffsetMs = useRef(0)

  const syncClock = (serverTime: string) => {
    const offset = Date.parse(serverTime) - Date.now()
    if (Number.isFinite(offset)) clockOffsetMs.current = offset
  }

  const load = useCallback(async () => {
    try {
      const { data } = await apiFetch<{ data: WireLiveState }>(`/games/live/${game}/state`)
      syncClock(data.server_time)
      setState(data)
      setMine((current) => new Set([...current, ...data.my_bet_ids]))
      return true
    } catch (error) {
      console.warn('live state', error)
      setConnection('error')
      return false
    }
  }, [game])

  const onRound = useCallback((round: WireLiveRound, serverTime: string) => {
    syncClock(serverTime)
    setState((current) => {
      if (!current) return current
      const isNewRound = current.round?.id !== round.id
      const hasEnded = round.status === 'settled' || round.status === 'refunded'
      return {
        ...current,
        round,
        bets: isNewRound ? [] : current.bets,
        history: hasEnded
          ? [round, ...current.history.filter((past) => past.id !== round.id)].slice(
              0,
              HISTORY_SIZE,
            )
          : current.history,
      }
    })
  }, [])

  const onBet = useCallback((bet: WireLiveBet) => {
    setState((current) => {
      if (current?.round?.id !== bet.round_id) return current
      const others = current.bets.filter((known) => known.id !== bet.id)
      const isKnown = others.length !== current.bets.length
      return {
        ...current,
        bets: isKnown
          ? current.bets.map((known) => (known.id === bet.id ? bet : known))
          : [bet, ...others],
      }
    })
  }, [])

  useEffect(() => {
    let isCancelled = false
    let socket: Socket | undefined
    let poll: ReturnType<typeof setInterval> | undefined
    const url = socketOptions?.url
    const token = socketOptions?.token
    void load().then((isLoaded) => {
      if (isCancelled || !isLoaded) return
      if (!url || !token) {
        setConnection('polling')
        poll = setInterval(() => void load(), VISITOR_POLL_MS)
        return
      }
      void import('socket.io-client').then(({ io }) => {
        if (isCancelled) return
        socket = io(url, {
          ...SOCKET_OPTIONS,
          transports: [...SOCKET_OPTIONS.transports],
          query: { token },
        })
        socket.on('connect', () => {
          socket?.emit('live:join', { game })
          setConnection('live')
          // Anything missed while (re)connecting comes with a fresh state.
          void load().then((isLoaded) => isLoaded && setConnection('live'))
        })
        socket.on('disconnect', () => setConnection('loading'))
        socket.on('connect_error', (error) => console.warn('live socket', error.message))
        socket.on('liveRound', (payload: { round: WireLiveRound; server_time: string }) => {
          onRound(payload.round, payload.server_time)
        })
        socket.on('liveBet', (payload: { bet: WireLiveBet }) => onBet(payload.bet))
      })
    })
    return () => {
      isCancelled = true
      clearInterval(poll)
      socket?.removeAllListeners()
      socket?.disconnect()
    }
  }, [game, load, onBet, onRound, socketOptions?.url, socketOptions?.token])

  /** Records a bet this screen placed (the room hears it too; this marks it as the player's). */
  const addMine = useCallback(
    (bet: WireLiveBet) => {
      setMine((current) => new Set([...current, bet.id]))
      onBet(bet)
    },
    [onBet],
  )

  const serverNow = useCallback(() => Date.now() + clockOffsetMs.current, [])

  return { state, connection, mine, addMine, serverNow, reload: load }
}

/** Milliseconds left until `iso` on the server's clock. */
export const msUntil = (iso: string, serverNow: number) => Math.max(0, Date.parse(iso) - serverNow)
