import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { LIVE_GAMES } from '#common/live-rules.ts'
import { ORIGINAL_ENGINES } from '#common/originals-rules.ts'
import { games } from './catalogue.tables.ts'

/**
 * The integrated studios by provider id: where each serves its game pages (`/studio/demo`) and
 * the game codes it runs. The app fills it at start (the Demo Studio when it is on); the launch
 * route and the catalogue both read this one map.
 */
export type Studios = Record<string, { url: string; games: readonly string[] }>

/** A studio title's code inside its studio: `games.engine` is `{provider}:{code}`. */
export function studioCode(game: { provider_id: string; engine: string }): string | undefined {
  const prefix = `${game.provider_id}:`
  return game.engine.startsWith(prefix) ? game.engine.slice(prefix.length) : undefined
}

/**
 * Titles this installation can open (docs/decisions/010-catalogue-lists-what-plays.md): an Original or live game whose engine runs
 * in this process, or a studio title whose integrated studio serves its code. Read at each call,
 * so a studio added to (or missing from) `studios` changes the catalogue with no seed edit.
 */
export function playableWhere(studios: Studios): SQL {
  const studioTitles = Object.entries(studios)
    .filter(([, studio]) => studio.games.length > 0)
    .map(([providerId, studio]) =>
      and(
        eq(games.kind, 'provider'),
        eq(games.providerId, providerId),
        inArray(
          games.engine,
          studio.games.map((code) => `${providerId}:${code}`),
        ),
      ),
    )
  return (
    or(
      and(eq(games.kind, 'original'), inArray(games.engine, [...ORIGINAL_ENGINES])),
      and(eq(games.kind, 'live'), inArray(games.engine, [...LIVE_GAMES])),
      ...studioTitles,
    ) ?? sql`false`
  )
}
