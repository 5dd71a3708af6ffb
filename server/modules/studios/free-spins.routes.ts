import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { envelopeOf, ok } from '#server/lib/envelope.ts'
import { requirePlayerId } from '#server/modules/auth/index.ts'
import { playerFreeSpins } from './free-spins.ts'
import { languageOf, LangParamsSchema } from '#server/modules/site/index.ts'

export const PlayerFreeSpinsSchema = z.object({
  id: z.uuid(),
  game_slug: z.string(),
  game_title: z.string(),
  spins_left: z.number().int(),
  spins_total: z.number().int(),
  stake: z.string().describe('Each spin’s stake, minor units of `currency`'),
  currency: z.string(),
  won: z.string().describe('What its spins have paid so far, minor units of `currency`'),
  expires_at: z.string(),
})
export const FreeSpinsResponseSchema = z.object({ free_spins: z.array(PlayerFreeSpinsSchema) })
export type PlayerFreeSpins = z.infer<typeof PlayerFreeSpinsSchema>

/** `GET /{locale}/free-spins`: the signed-in player's free spins still to play. */
export const freeSpinsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database
  app.get(
    '/:lang/free-spins',
    {
      config: { csrf: false },
      schema: {
        tags: ['rewards'],
        summary: 'The signed-in player’s free spins',
        description:
          'Free spins won or bought in the rewards that can still be played (spins left, not expired), soonest expiry first, each with its game (title, slug for `/{locale}/game/{slug}/`), spins left, stake and expiry. Signed in only (401 `auth.sign_in_required`); 404 `site.unknown_locale` for a language the site does not have.',
        params: LangParamsSchema,
        response: { 200: envelopeOf(FreeSpinsResponseSchema) },
      },
    },
    async (request, reply) => {
      languageOf(request.params.lang)
      const playerId = await requirePlayerId(request)
      void reply.header('cache-control', 'no-store')
      return ok({ free_spins: await playerFreeSpins(db, playerId, new Date()) })
    },
  )
}
