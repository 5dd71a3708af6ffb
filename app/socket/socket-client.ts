import { useCallback, useEffect, useRef, useState } from 'react'
import type { Socket } from 'socket.io-client'

/** Websocket only, 20 s request timeout, reconnect after 1 s up to 5 s. */
export const SOCKET_OPTIONS = {
  transports: ['websocket'],
  timeout: 20_000,
  reconnection: true,
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
} as const

export type SocketState = 'connecting' | 'open' | 'closed'

export interface SocketParams {
  isAuthenticated: boolean
  url: string | undefined
  token: string | undefined
  handlers: Partial<
    Record<
      | 'triggerProgressUpdate'
      | 'notificationUpdate'
      | 'fortuneWheelProgressUpdate'
      | 'lotteryDrawn'
      | 'balanceUpdate'
      | 'bonusUpdate'
      | 'tournamentLeaderboard'
      | 'tournamentStanding'
      | 'tournamentPhase',
      (payload: unknown) => void
    >
  >
}

/**
 * What the page may send on the socket: the rooms it watches (`tournament:watch`), with the
 * server's acknowledgement when the caller waits for it (the room is joined then).
 */
export type SocketEmit = (
  event: 'tournament:watch' | 'tournament:leave',
  payload: unknown,
  onAck?: (answer: unknown) => void,
) => void

/**
 * Connects only when signed in and the options carry a url and a token; disconnects and drops
 * its listeners when any of them changes. socket.io-client loads only then, off the first paint.
 * `emit` sends only on a connected socket: socket.io would otherwise buffer the message and send
 * it after a reconnect, when the caller sends the room's state again anyway.
 */
export function useSocket({ isAuthenticated, url, token, handlers }: SocketParams): {
  state: SocketState
  emit: SocketEmit
} {
  const [state, setState] = useState<SocketState>('closed')
  const current = useRef<Socket | undefined>(undefined)
  const emit = useCallback<SocketEmit>((event, payload, onAck) => {
    const socket = current.current
    if (!socket?.connected) return
    if (onAck) socket.emit(event, payload, onAck)
    else socket.emit(event, payload)
  }, [])
  useEffect(() => {
    if (!isAuthenticated || !url || !token) {
      setState('closed')
      return
    }
    let socket: Socket | undefined
    let isCancelled = false
    setState('connecting')
    void import('socket.io-client').then(({ io }) => {
      if (isCancelled) return
      socket = io(url, {
        ...SOCKET_OPTIONS,
        transports: [...SOCKET_OPTIONS.transports],
        query: { token },
      })
      current.current = socket
      socket.on('connect', () => setState('open'))
      socket.on('disconnect', () => setState('closed'))
      socket.io.on('reconnect_attempt', () => setState('connecting'))
      // Socket failures are only logged.
      socket.on('connect_error', (error) => console.warn('socket error', error.message))
      for (const [event, handler] of Object.entries(handlers)) socket.on(event, handler)
    })
    return () => {
      isCancelled = true
      current.current = undefined
      socket?.removeAllListeners()
      socket?.io.removeAllListeners()
      socket?.disconnect()
      setState('closed')
    }
    // Handlers are read when connecting; a change of url, token or sign-in reconnects.
  }, [isAuthenticated, url, token])
  return { state, emit }
}
