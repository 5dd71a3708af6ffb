import fp from 'fastify-plugin'
import { Redis } from 'ioredis'

/**
 * One connection for commands and publishing; subscriber connections are each their own, since a
 * connection in subscriber mode may send nothing else.
 */
export interface RedisConnections {
  pub: Redis
  /** The event bus's subscriber. */
  busSub: Redis
  /** The socket adapter's subscriber. */
  socketSub: Redis
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Undefined without `REDIS_URL`: everything then lives in this process or PostgreSQL. */
    redis: RedisConnections | undefined
  }
}

/** The Redis connections, when Redis is configured; closed with the app. */
export default fp(
  async (app, options: { url: string | undefined }) => {
    if (!options.url) {
      app.decorate('redis', undefined)
      return
    }
    const pub = new Redis(options.url, { maxRetriesPerRequest: 2 })
    // The ready check sends INFO, which a connection that subscribed early would refuse.
    const subscriber = () => pub.duplicate({ enableReadyCheck: false })
    const redis: RedisConnections = { pub, busSub: subscriber(), socketSub: subscriber() }
    app.decorate('redis', redis)
    app.addHook('onClose', async () => {
      redis.busSub.disconnect()
      redis.socketSub.disconnect()
      await redis.pub.quit()
    })
  },
  { name: 'redis' },
)
