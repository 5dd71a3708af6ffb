import type { FastifyInstance } from 'fastify'
import { Server } from 'socket.io'
import { createAdapter } from '@socket.io/redis-adapter'
import type { Redis } from 'ioredis'
import { z } from 'zod'
import { LIVE_GAMES } from '#common/live-rules.ts'
import type { DomainEventName, DomainEvents, EventBus } from '#server/lib/event-bus.ts'
import { type SocketClaims, verifySocketClaims } from './socket-token.ts'

/** Domain events a player's browser hears, under the spec's socket event names (§4 Socket). */
const SOCKET_EVENTS = {
  'trigger.progress': 'triggerProgressUpdate',
  'notification.created': 'notificationUpdate',
  'wheel.progress': 'fortuneWheelProgressUpdate',
  'lottery.drawn': 'lotteryDrawn',
  'wallet.changed': 'balanceUpdate',
  'bonus.changed': 'bonusUpdate',
  'tournament.standing': 'tournamentStanding',
} as const satisfies Partial<Record<DomainEventName, string>>

/** Live-game events, to everyone who joined the game's room (`live:join`). */
const LIVE_EVENTS = {
  'live.round': 'liveRound',
  'live.bet': 'liveBet',
} as const satisfies Partial<Record<DomainEventName, string>>

/** A tournament's board events, to everyone watching it (`tournament:watch`). */
const TOURNAMENT_EVENTS = {
  'tournament.leaderboard': 'tournamentLeaderboard',
  'tournament.phase': 'tournamentPhase',
} as const satisfies Partial<Record<DomainEventName, string>>

export const playerRoom = (playerId: string) => `player:${playerId}`
export const liveRoom = (game: string) => `live:${game}`
export const tournamentRoom = (id: number) => `tournament:${String(id)}`
const LiveJoinSchema = z.object({ game: z.enum(LIVE_GAMES) })
const TournamentWatchSchema = z.object({ id: z.number().int().positive().max(2_147_483_647) })
/**
 * Boards one socket may watch at once: a page watches one, and a socket's rooms cost memory on
 * every instance, so a client cannot make it hold unbounded numbers of them.
 */
export const MAX_WATCHED_TOURNAMENTS = 10
/** Calls a socket event's acknowledgement when the client asked for one (it may send anything). */
const answer = (ack: unknown, value: { ok: boolean }) => {
  if (typeof ack === 'function') (ack as (value: { ok: boolean }) => void)(value)
}
const sessionRoom = (sessionId: string) => `session:${sessionId}`
/**
 * How often each instance asks whether its sockets' sessions still live: a session that went
 * idle (or was removed behind the app's back) ends without an announcement.
 */
const SESSION_CHECK_INTERVAL_MS = 60_000
/** How long an announced end is remembered, for a socket whose connection was under way. */
const ENDED_MEMORY_MS = 60_000

export interface RealtimeOptions {
  bus: EventBus
  secret: string
  /** Which of these sessions (id hashes) are live: the session store's `liveIds`. */
  liveSessions: (sessionIds: string[]) => Promise<Set<string>>
  /** With Redis, a socket on any instance hears an event published on any other. */
  redis?: { pub: Redis; sub: Redis }
}

/**
 * socket.io on the app's own port, websocket transport only, each socket authenticated by the
 * token in its query and joined to its player's room.
 */
export function attachRealtime(app: FastifyInstance, options: RealtimeOptions): Server {
  const io = new Server<
    Record<'live:join' | 'live:leave', (payload: unknown) => void> &
      Record<'tournament:watch' | 'tournament:leave', (payload: unknown, ack: unknown) => void>,
    Record<string, (payload: unknown) => void>,
    Record<string, never>,
    SocketClaims
  >(app.server, { transports: ['websocket'], serveClient: false })
  if (options.redis) io.adapter(createAdapter(options.redis.pub, options.redis.sub))

  // Ends announced lately, by time: an end that arrives while a socket of that session is being
  // let in (between the check below and joining its room) still closes it.
  const recentlyEnded = new Map<string, number>()
  const rememberEnded = (idHashes: string[]) => {
    const now = Date.now()
    for (const [idHash, endedAt] of recentlyEnded) {
      if (now - endedAt < ENDED_MEMORY_MS) break
      recentlyEnded.delete(idHash)
    }
    for (const idHash of idHashes) {
      recentlyEnded.delete(idHash)
      recentlyEnded.set(idHash, now)
    }
  }

  // A token outlives a logout (it is in the page): the session it names must still be live.
  io.use((socket, next) => {
    const claims = verifySocketClaims(options.secret, socket.handshake.query.token)
    if (!claims) {
      next(new Error('realtime.unauthorized'))
      return
    }
    options.liveSessions([claims.sessionId]).then(
      (live) => {
        if (!live.has(claims.sessionId)) {
          next(new Error('realtime.unauthorized'))
          return
        }
        socket.data = claims
        next()
      },
      (error: unknown) => {
        app.log.warn({ err: error }, 'socket session check failed')
        next(new Error('realtime.unavailable'))
      },
    )
  })

  io.on('connection', (socket) => {
    void socket.join(playerRoom(socket.data.playerId))
    void socket.join(sessionRoom(socket.data.sessionId))
    if (recentlyEnded.has(socket.data.sessionId)) {
      socket.disconnect(true)
      return
    }
    // A live game's screen watches its room; anything but a known game is ignored.
    socket.on('live:join', (payload) => {
      const parsed = LiveJoinSchema.safeParse(payload)
      if (parsed.success) void socket.join(liveRoom(parsed.data.game))
    })
    socket.on('live:leave', (payload) => {
      const parsed = LiveJoinSchema.safeParse(payload)
      if (parsed.success) void socket.leave(liveRoom(parsed.data.game))
    })
    // A tournament's page watches its board; a malformed id, or one board more than the cap, is
    // ignored. A page that asks for an acknowledgement hears `{ ok }`: whether it now watches.
    socket.on('tournament:watch', (payload, ack) => {
      const parsed = TournamentWatchSchema.safeParse(payload)
      let ok = false
      if (parsed.success) {
        const room = tournamentRoom(parsed.data.id)
        const watched = [...socket.rooms].filter((name) => name.startsWith('tournament:')).length
        ok = socket.rooms.has(room) || watched < MAX_WATCHED_TOURNAMENTS
        if (ok) void socket.join(room)
      }
      answer(ack, { ok })
    })
    socket.on('tournament:leave', (payload, ack) => {
      const parsed = TournamentWatchSchema.safeParse(payload)
      if (parsed.success) void socket.leave(tournamentRoom(parsed.data.id))
      answer(ack, { ok: parsed.success })
    })
  })

  // Note: the bus already delivers each event to every instance, so each emits to its own sockets
  // only (`io.local`); a cluster-wide emit here would reach a player once per instance.
  const unsubscribes = (Object.keys(SOCKET_EVENTS) as (keyof typeof SOCKET_EVENTS)[]).map((name) =>
    options.bus.subscribe(name, (payload: DomainEvents[typeof name]) => {
      const { playerId, ...rest } = payload
      const room = playerRoom(playerId)
      // socket.io encodes a message before it looks for the room's sockets: when none of the
      // player's sockets is on this instance (another holds them, or none is open), skip that work.
      if (!io.sockets.adapter.rooms.has(room)) return
      io.local.to(room).emit(SOCKET_EVENTS[name], rest)
    }),
  )

  const unsubscribeLive = (Object.keys(LIVE_EVENTS) as (keyof typeof LIVE_EVENTS)[]).map((name) =>
    options.bus.subscribe(name, (payload: DomainEvents[typeof name]) => {
      io.local.to(liveRoom(payload.game)).emit(LIVE_EVENTS[name], payload)
    }),
  )

  const unsubscribeTournaments = (
    Object.keys(TOURNAMENT_EVENTS) as (keyof typeof TOURNAMENT_EVENTS)[]
  ).map((name) =>
    options.bus.subscribe(name, (payload: DomainEvents[typeof name]) => {
      const room = tournamentRoom(payload.tournament_id)
      // As for a player's room: no watcher here, no encoding.
      if (!io.sockets.adapter.rooms.has(room)) return
      io.local.to(room).emit(TOURNAMENT_EVENTS[name], payload)
    }),
  )

  // A session that ends takes its sockets with it (logout, password change): each instance closes
  // its own, as the bus reaches every instance.
  const unsubscribeSessions = options.bus.subscribe('sessions.ended', ({ idHashes }) => {
    rememberEnded(idHashes)
    for (const idHash of idHashes) io.local.in(sessionRoom(idHash)).disconnectSockets(true)
  })

  // Sessions that end unannounced (gone idle) close their sockets within the interval: one
  // batched question per instance for all its sockets' sessions.
  const checkSessions = async () => {
    const sockets = [...io.of('/').sockets.values()]
    const sessionIds = [...new Set(sockets.map((socket) => socket.data.sessionId))]
    if (sessionIds.length === 0) return
    const live = await options.liveSessions(sessionIds)
    for (const socket of sockets) {
      if (!live.has(socket.data.sessionId)) socket.disconnect(true)
    }
  }
  const sessionCheck = setInterval(() => {
    checkSessions().catch((error: unknown) => {
      app.log.warn({ err: error }, 'socket session check failed')
    })
  }, SESSION_CHECK_INTERVAL_MS)
  sessionCheck.unref()

  app.addHook('preClose', async () => {
    clearInterval(sessionCheck)
    unsubscribeSessions()
    for (const unsubscribe of [...unsubscribes, ...unsubscribeLive, ...unsubscribeTournaments]) {
      unsubscribe()
    }
    // Not `io.close()`: that also closes the HTTP server, which Fastify closes itself.
    io.local.disconnectSockets(true)
    io.engine.close()
  })
  return io
}
