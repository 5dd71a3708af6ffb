import type { FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '#db/client.ts'
import { ok } from '#server/lib/envelope.ts'
import { AppError } from '#server/lib/errors.ts'
import { requirePlayerId } from '#server/modules/auth/index.ts'
import { detectCountry } from '#server/modules/geo/index.ts'
import { LangParamsSchema } from '#server/modules/site/index.ts'
import {
  CatalogueQuerySchema,
  CatalogueResponseSchema,
  GameDetailResponseSchema,
  ProvidersResponseSchema,
  RecentlyPlayedBodySchema,
  RecentlyPlayedResponseSchema,
  SlugParamsSchema,
} from './catalogue.contract.ts'
import {
  findGameBySlug,
  gamesByIds,
  listGames,
  listProviders,
  type GamesCatalogue,
} from './catalogue.ts'
import { gameArtSvg } from './catalogue-art.ts'
import { playableWhere, type Studios } from './playable.ts'
import { markRecentlyPlayed, recentlyPlayedIds } from './recently-played.ts'
import { engineStakeRanges } from '../originals/index.ts'
import { games } from './catalogue.tables.ts'
import { and, eq } from 'drizzle-orm'

/** The catalogue bound to one database, for the pages' load context. */
export function createGamesCatalogue(db: Db, studios: Studios): GamesCatalogue {
  const source = { db, studios }
  return {
    list: (input) => listGames(source, input),
    providers: (options) => listProviders(source, options),
    find: (slug, country) => findGameBySlug(source, slug, country),
    recentlyPlayed: async (playerId, country) =>
      gamesByIds(source, await recentlyPlayedIds(db, playerId), country),
    markPlayed: (playerId, gameId) => markRecentlyPlayed(db, playerId, gameId),
    stakeRanges: (engine) => engineStakeRanges(db, engine),
  }
}

/** The lobby's calls (issue 6) and the recently played calls. */
export const catalogueRoutes: FastifyPluginAsyncZod<{
  countryHeader: string | undefined
  studios: Studios
}> = async (app, { countryHeader, studios }) => {
  const { db } = app.database
  const source = { db, studios }
  const tags = ['games']
  const countryOf = (request: Parameters<typeof detectCountry>[0]) =>
    detectCountry(request, { header: countryHeader })

  app.get(
    '/games/catalogue',
    {
      schema: {
        tags,
        summary: 'The lobby: games by category, provider and search',
        description:
          'Games the visitor may see (those restricted in their country are left out), sorted by popularity, release date (`new`) or title (`az`), `pageSize` per page from page 0.',
        querystring: CatalogueQuerySchema,
        response: { 200: CatalogueResponseSchema },
      },
    },
    async (request) => {
      const { category, provider, q, sort, live, page, pageSize } = request.query
      return ok(
        await listGames(source, {
          category,
          provider: provider || undefined,
          q: q || undefined,
          sort,
          isLive: live === 'true',
          page,
          pageSize,
          country: countryOf(request),
        }),
      )
    },
  )

  app.get(
    '/games/providers',
    {
      schema: {
        tags,
        summary: 'The studios with games the visitor may see',
        querystring: z.object({ live: z.enum(['true', 'false']).optional() }),
        response: { 200: ProvidersResponseSchema },
      },
    },
    async (request) =>
      ok({
        providers: await listProviders(source, {
          country: countryOf(request),
          isLive: request.query.live === 'true',
        }),
      }),
  )

  app.get(
    '/games/catalogue/:slug',
    {
      schema: {
        tags,
        summary: 'One game with its stake limits per currency',
        description:
          '404 `catalogue.game_not_found` for an unknown, disabled or restricted game, or one no engine here runs (docs/decisions/010-catalogue-lists-what-plays.md).',
        params: SlugParamsSchema,
        response: { 200: GameDetailResponseSchema },
      },
    },
    async (request) => {
      const game = await findGameBySlug(source, request.params.slug, countryOf(request))
      if (!game) throw new AppError('catalogue.game_not_found')
      return ok(game)
    },
  )

  app.get(
    '/player/get-recently-played-games',
    {
      schema: {
        tags,
        summary: 'The games the signed-in player opened last',
        description: 'Newest first, at most 20.',
        response: { 200: RecentlyPlayedResponseSchema },
      },
    },
    async (request, reply) => {
      const playerId = await requirePlayerId(request)
      void reply.header('cache-control', 'no-store')
      return ok({
        games: await gamesByIds(source, await recentlyPlayedIds(db, playerId), countryOf(request)),
      })
    },
  )

  app.post(
    '/:lang/player/update-recently-played-json',
    {
      schema: {
        tags,
        summary: 'Record that the signed-in player opened a game',
        description:
          'The game by `game_id` or by `slug` (exactly one). Answers the updated list. 404 `catalogue.game_not_found` for a game the catalogue does not list.',
        params: LangParamsSchema,
        body: RecentlyPlayedBodySchema,
        response: { 200: RecentlyPlayedResponseSchema },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(request)
      const { game_id: gameId, slug } = request.body
      // Only a title the catalogue lists (docs/decisions/010-catalogue-lists-what-plays.md) can be recorded.
      const [game] = await db
        .select({ id: games.id })
        .from(games)
        .where(
          and(gameId ? eq(games.id, gameId) : eq(games.slug, slug ?? ''), playableWhere(studios)),
        )
      if (!game) throw new AppError('catalogue.game_not_found')
      await markRecentlyPlayed(db, playerId, game.id)
      return ok({
        games: await gamesByIds(source, await recentlyPlayedIds(db, playerId), countryOf(request)),
      })
    },
  )
}

/**
 * Each game's tile art, drawn on request from its catalogue row (`/games/art/{slug}.svg`). The
 * art depends only on the slug and title, so browsers keep it for a year.
 */
export const gameArtRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database
  app.get('/games/art/:file', { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params as { file: string }
    const slug = /^([a-z0-9-]{1,80})\.svg$/.exec(file)?.[1]
    const [game] = slug
      ? await db
          .select({ title: games.title, kind: games.kind })
          .from(games)
          .where(eq(games.slug, slug))
      : []
    if (!slug || !game) return app.sendError(request, reply, 'catalogue.game_not_found')
    void reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
    return gameArtSvg(slug, game.title, game.kind)
  })
}
