import type { CatalogueGame } from '#server/modules/catalogue/catalogue.contract.ts'
import type { MenuItem, Menus } from '#server/modules/site/site.contract.ts'

/** Lower-case without accents, so "ou" finds "Où" and "o" finds "Ö". */
export function foldForSearch(text: string, localeTag: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(localeTag)
}

/** Every destination the menus offer, once each (menus repeat links). */
export function menuDestinations(menus: Menus): MenuItem[] {
  const byUrl = new Map<string, MenuItem>()
  for (const items of Object.values(menus)) {
    for (const item of items)
      if (!item.isExternal && !byUrl.has(item.url)) byUrl.set(item.url, item)
  }
  return [...byUrl.values()]
}

/** Destinations whose label contains every word of the query, in any order. */
export function searchDestinations(
  items: MenuItem[],
  query: string,
  localeTag: string,
): MenuItem[] {
  const words = foldForSearch(query, localeTag).split(/\s+/).filter(Boolean)
  if (words.length === 0) return []
  return items.filter((item) => {
    const label = foldForSearch(item.label, localeTag)
    return words.every((word) => label.includes(word))
  })
}

/** The words a game is found by, in the player's language (the header search, issue 20). */
export interface GameNames {
  /** A category's name (`lobby.category.{slug}`). */
  category: (slug: string) => string
  /** The name of an engine this site runs (`games.kind.{engine}`); undefined for a studio's. */
  kind: (engine: string) => string | undefined
}

type SearchableGame = Pick<CatalogueGame, 'title' | 'provider_name' | 'categories' | 'engine'>

/**
 * Games whose title, studio, categories or kind, as the player reads them, hold every word of
 * the query: "roulette", "Golden Reel" or German "Tischspiele". Title matches come first; the
 * given order (the lobby's popularity) is kept within each group.
 */
export function searchGames<T extends SearchableGame>(
  games: readonly T[],
  query: string,
  localeTag: string,
  names: GameNames,
): T[] {
  const words = foldForSearch(query, localeTag).split(/\s+/).filter(Boolean)
  if (words.length === 0) return []
  const fold = (text: string) => foldForSearch(text, localeTag)
  const byTitle: T[] = []
  const byOther: T[] = []
  for (const game of games) {
    const title = fold(game.title)
    const other = [
      game.provider_name,
      ...game.categories.map((slug) => names.category(slug)),
      // The category's own name too, so an English word finds it on every site.
      ...game.categories.map((slug) => slug.replaceAll('-', ' ')),
      names.kind(game.engine) ?? '',
    ]
      .map(fold)
      .join('\n')
    if (words.every((word) => title.includes(word))) byTitle.push(game)
    else if (words.every((word) => title.includes(word) || other.includes(word))) byOther.push(game)
  }
  return [...byTitle, ...byOther]
}
