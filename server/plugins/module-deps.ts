import type { Db } from '#db/client.ts'
import type { Config } from '#server/config/env.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import type { Jobs } from '#server/lib/jobs.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import type { SiteService } from '#server/modules/site/index.ts'
import type { ApiScope } from './api-scope.ts'
import type { RedisConnections } from './redis.ts'

/**
 * What every module plugin may use. `server/app.ts` builds ONE dependency object and passes it
 * to every `<module>.plugin.ts`; each plugin's options type is this plus the other modules'
 * services it needs, so the compiler checks the object against every plugin.
 */
export interface CoreDeps {
  config: Config
  db: Db
  bus: EventBus
  site: SiteService
  secretBox: SecretBox
  redis: RedisConnections | undefined
  /** Durable scheduled jobs, once across instances: modules `define` their queues in their plugin. */
  jobs: Jobs
  /** Registers a module's browser-facing calls in the JSON API scope (`api-scope.ts`). */
  api: ApiScope
}
