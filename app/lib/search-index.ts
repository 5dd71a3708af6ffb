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
