import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { probabilitiesPercent } from '#common/rewards-rules.ts'
import { envelopeOf, ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { requirePlayerId } from '#server/modules/auth/index.ts'
import { fairnessSeeds } from '#server/modules/originals/originals.tables.ts'
import { RewardDrawSchema } from './rewards.contract.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { lootboxPrizes, rewardDraws, wheelSegments } from './rewards.tables.ts'
import { textIn } from './wheel-content.ts'
import { languageOf, LangParamsSchema } from '#server/modules/site/index.ts'

const DrawParamsSchema = LangParamsSchema.extend({ id: z.uuid() })

/**
 * One of the player's wheel spins or lootbox openings, with what the verify page needs to
 * recompute it (spec: the verifier page): the seed pair (the server seed once revealed), the
 * nonce, and the odds table as it stood.
 */
export const drawRoutes: FastifyPluginAsyncZod<CoreDeps> = async (app, { db }) => {
  app.get(
    '/:lang/rewards/draws/:id',
    {
      config: { csrf: false },
      schema: {
        tags: ['rewards'],
        summary: 'A wheel spin or lootbox opening, to verify',
        description:
          'The draw’s seed pair (`server_seed_hash`, `client_seed`; `server_seed` null until the player rotates the pair), its nonce, the odds table as it stood (`weights`, `entry_ids` in drawing order), the index drawn and the prize with its label in the language of `lang`. The index is `weightedIndex` of the first uint32 of HMAC-SHA256(server seed, `client seed:nonce:0`). Signed in only (401 `auth.sign_in_required`); 404 `rewards.draw_not_found` for an unknown id or someone else’s.',
        params: DrawParamsSchema,
        response: { 200: envelopeOf(RewardDrawSchema) },
      },
    },
    async (request, reply) => {
      const lang = languageOf(request.params.lang)
      const playerId = await requirePlayerId(request)
      const [found] = await db
        .select({ draw: rewardDraws, pair: fairnessSeeds })
        .from(rewardDraws)
        .innerJoin(fairnessSeeds, eq(fairnessSeeds.id, rewardDraws.seedPairId))
        .where(and(eq(rewardDraws.id, request.params.id), eq(rewardDraws.playerId, playerId)))
      if (!found) throw new AppError('rewards.draw_not_found')
      const { draw, pair } = found
      const entryId = draw.entryIds[draw.index] ?? 0
      const table = draw.kind === 'wheel' ? wheelSegments : lootboxPrizes
      const [entry] = await db
        .select({ texts: table.texts })
        .from(table)
        .where(eq(table.id, entryId))
      void reply.header('cache-control', 'no-store')
      return ok({
        id: draw.id,
        kind: draw.kind,
        source_id: draw.sourceId,
        server_seed_hash: pair.serverSeedHash,
        server_seed: pair.revealedAt ? pair.serverSeed : null,
        client_seed: pair.clientSeed,
        nonce: draw.nonce,
        weights: draw.weights,
        entry_ids: draw.entryIds,
        index: draw.index,
        prize: {
          id: entryId,
          label: entry ? textIn(entry.texts, lang, 'label') : '',
          prize: draw.prize,
          probability: probabilitiesPercent(draw.weights)[draw.index] ?? 0,
        },
        created_at: draw.createdAt.toISOString(),
      })
    },
  )
}
