import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { envelopeOf, ok } from '#server/lib/envelope.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import {
  AchievementCategoriesResponseSchema,
  QuestCategoriesResponseSchema,
} from './engagement.contract.ts'
import { achievementCategoriesView, forgetQuestContent, questCategoriesView } from './quest-view.ts'
import { languageOf, LangParamsSchema } from '#server/modules/site/index.ts'

/**
 * The quests and achievements pages' data, for visitors too (progress 0, `player_coins` null).
 * The content is cached briefly and dropped on `engagement.content.changed` from any instance.
 */
export const questRoutes: FastifyPluginAsyncZod<CoreDeps> = async (app, deps) => {
  const { db } = deps
  const tags = ['engagement']
  const unsubscribe = deps.bus.subscribe('engagement.content.changed', () => {
    forgetQuestContent(db)
  })
  app.addHook('onClose', async () => {
    unsubscribe()
  })
  const PLAYER_NOTE =
    'Signed in: the player’s progress in the current period (today for a daily quest, this ISO week for a weekly one), rewards after the player’s VIP coin multiplier, and `player_coins`; a visitor sees progress 0, base rewards and `player_coins` null. A trigger’s `progress` and `expected` are euros for a trigger that adds up stakes or deposits (`unit` `eur`), else counts; progress is shown at most at `expected`. 404 `site.unknown_locale` for a language the site does not have.'

  app.get(
    '/:lang/quest/get-quests-categories',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'The running quests by category',
        description: `Enabled categories and quests in the operator’s order, each quest within its window (started, not ended), texts in the language of \`lang\`. Status: 0 in progress, 1 not started, 2 finished. ${PLAYER_NOTE}`,
        params: LangParamsSchema,
        response: { 200: envelopeOf(QuestCategoriesResponseSchema.shape.data) },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request.params.lang)
      const playerId = (await request.session())?.playerId ?? undefined
      void reply.header('cache-control', 'no-store')
      return ok(await questCategoriesView(db, lang, playerId))
    },
  )

  app.get(
    '/:lang/quest/get-achievements-categories',
    {
      config: { csrf: false },
      schema: {
        tags,
        summary: 'The achievements by category',
        description: `Enabled categories and achievements in the operator’s order, each with its tiers; \`earned_at\` is when the player finished the last tier. ${PLAYER_NOTE}`,
        params: LangParamsSchema,
        response: { 200: envelopeOf(AchievementCategoriesResponseSchema.shape.data) },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request.params.lang)
      const playerId = (await request.session())?.playerId ?? undefined
      void reply.header('cache-control', 'no-store')
      return ok(await achievementCategoriesView(db, lang, playerId))
    },
  )
}
