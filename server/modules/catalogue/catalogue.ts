import { and, asc, count, desc, eq, ilike, inArray, not, or, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { gameProviders, games, gameStakeLimits } from './catalogue.tables.ts'
import {
  categorySlug,
  type CatalogueGame,
  type CataloguePage,
  type CatalogueProvider,
  type CatalogueSort,
  type GameDetail,
} from './catalogue.contract.ts'
import { playableWhere, type Studios } from './playable.ts'

type GameRow = typeof games.$inferSelect

export interface ListGamesInput {
  /** A category name or slug; absent, empty or "All": every game. */
  category?: string | undefined
  provider?: string | undefined
  q?: string | undefined
  sort: CatalogueSort
  /** Only live games (the `/live` section). */
  isLive?: boolean | undefined
  page: number
  pageSize: number
  /** The visitor's country: games restricted there are left out. Unknown: nothing is hidden. */
  country?: string | undefined
}

/** Where the catalogue reads: the database and the studios this installation runs. */
export interface CatalogueSource {
  db: Db | Tx
  studios: Studios
}

const gameColumns = {
  game: games,
  providerName: gameProviders.name,
}

export function toCatalogueGame(row: GameRow, providerName: string): CatalogueGame {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    provider_id: row.providerId,
    provider_name: providerName,
    kind: row.kind,
    engine: row.engine,
    categories: row.categories,
    tags: row.tags,
    rtp_bp: row.rtpBp,
    volatility: row.volatility,
    is_live: row.isLive,
    has_demo: row.hasDemo,
    release_date: row.releaseDate,
    popularity: row.popularity,
    thumbnail_url: row.thumbnailUrl,
  }
}

/** `%` and `_` in a search are letters, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * Shown at all: enabled, from an enabled studio, playable on this installation (a title no engine
 * here runs is never listed, docs/decisions/010-catalogue-lists-what-plays.md), and not restricted in the visitor's country.
 */
function visibleWhere(studios: Studios, country: string | undefined): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(games.isEnabled, true),
    eq(gameProviders.isEnabled, true),
    playableWhere(studios),
  ]
  if (country && /^[A-Z]{2}$/.test(country)) {
    conditions.push(not(sql`${country} = any(${games.restrictedCountries})`))
  }
  return and(...conditions) ?? sql`true`
}

const ORDER: Record<CatalogueSort, SQL[]> = {
  popular: [desc(games.popularity), asc(games.title)],
  new: [desc(games.releaseDate), desc(games.popularity)],
  az: [asc(sql`lower(${games.title})`), asc(games.slug)],
}

/** One page of the lobby: filtered by category, provider, search and liveness, sorted. */
export async function listGames(
  { db, studios }: CatalogueSource,
  input: ListGamesInput,
): Promise<CataloguePage> {
  const category = input.category ? categorySlug(input.category) : 'all'
  const where = and(
    visibleWhere(studios, input.country),
    category === 'all' ? undefined : sql`${category} = any(${games.categories})`,
    input.provider ? eq(games.providerId, input.provider) : undefined,
    // A studio's name finds its titles, as in the header search.
    input.q
      ? or(
          ilike(games.title, likePattern(input.q)),
          ilike(gameProviders.name, likePattern(input.q)),
        )
      : undefined,
    input.isLive ? eq(games.isLive, true) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select(gameColumns)
      .from(games)
      .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
      .where(where)
      .orderBy(...ORDER[input.sort])
      .limit(input.pageSize)
      .offset(input.page * input.pageSize),
    db
      .select({ value: count() })
      .from(games)
      .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
      .where(where),
  ])
  return {
    games: rows.map((row) => toCatalogueGame(row.game, row.providerName)),
    total: total?.value ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  }
}

/** The studios with at least one game the visitor may see, in the operator's order. */
export async function listProviders(
  { db, studios }: CatalogueSource,
  options: { country?: string | undefined; isLive?: boolean | undefined } = {},
): Promise<CatalogueProvider[]> {
  const rows = await db
    .select({ id: gameProviders.id, name: gameProviders.name, games: count() })
    .from(gameProviders)
    .innerJoin(games, eq(games.providerId, gameProviders.id))
    .where(
      and(
        visibleWhere(studios, options.country),
        options.isLive ? eq(games.isLive, true) : undefined,
      ),
    )
    .groupBy(gameProviders.id, gameProviders.name, gameProviders.sortOrder)
    .orderBy(asc(gameProviders.sortOrder), asc(gameProviders.name))
  return rows
}

/** One game by slug with its stake limits; undefined when missing, disabled or restricted. */
export async function findGameBySlug(
  { db, studios }: CatalogueSource,
  slug: string,
  country?: string,
): Promise<GameDetail | undefined> {
  const [row] = await db
    .select(gameColumns)
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(eq(games.slug, slug), visibleWhere(studios, country)))
  if (!row) return undefined
  const limits = await db
    .select()
    .from(gameStakeLimits)
    .where(eq(gameStakeLimits.gameId, row.game.id))
    .orderBy(asc(gameStakeLimits.currency))
  return {
    ...toCatalogueGame(row.game, row.providerName),
    stake_limits: limits.map((limit) => ({
      currency: limit.currency,
      min: limit.minMinor.toString(),
      max: limit.maxMinor.toString(),
    })),
  }
}

/** Games by id in the given order (recently played), leaving out hidden ones. */
export async function gamesByIds(
  { db, studios }: CatalogueSource,
  ids: string[],
  country?: string,
): Promise<CatalogueGame[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select(gameColumns)
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(inArray(games.id, ids), visibleWhere(studios, country)))
  const byId = new Map(
    rows.map((row) => [row.game.id, toCatalogueGame(row.game, row.providerName)]),
  )
  return ids.flatMap((id) => byId.get(id) ?? [])
}

/**
 * What loaders reach through the load context (conventions: loaders call modules, not HTTP);
 * bound to the app's database.
 */
export interface GamesCatalogue {
  list(input: ListGamesInput): Promise<CataloguePage>
  providers(options?: {
    country?: string | undefined
    isLive?: boolean | undefined
  }): Promise<CatalogueProvider[]>
  find(slug: string, country?: string): Promise<GameDetail | undefined>
  recentlyPlayed(playerId: string, country?: string): Promise<CatalogueGame[]>
  markPlayed(playerId: string, gameId: string): Promise<void>
  /** Stake ranges per currency of an Original or live engine (the game screen's defaults). */
  stakeRanges(engine: string): Promise<Partial<Record<string, { min: string; max: string }>>>
}
