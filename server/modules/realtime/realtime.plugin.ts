import type { FastifyPluginAsync } from 'fastify'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { attachRealtime } from './realtime.ts'

export interface RealtimePluginDeps extends CoreDeps {
  /** Which of these sessions (id hashes) are live: the session store's `liveIds`. */
  sessionStore: { liveIds: (idHashes: string[]) => Promise<Set<string>> }
}

/** socket.io on the app's port: domain events to the players' and live games' rooms. */
export const realtimePlugin: FastifyPluginAsync<RealtimePluginDeps> = async (app, deps) => {
  attachRealtime(app, {
    bus: deps.bus,
    secret: deps.config.sessionSecret,
    liveSessions: (sessionIds) => deps.sessionStore.liveIds(sessionIds),
    ...(deps.redis && { redis: { pub: deps.redis.pub, sub: deps.redis.socketSub } }),
  })
}
