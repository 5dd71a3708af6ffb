/** The lobby's categories as the URL names them (`/{loc}/lobby/c/Table%20Games`); "All" is every game. */
export const CATEGORY_NAMES = [
  'All',
  'Live Casino',
  'Slots',
  'Table Games',
  'Crash',
  'Originals',
  'New',
  'Popular',
] as const

export const CATALOGUE_SORTS = ['popular', 'new', 'az'] as const
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number]

/** A category's slug as stored in `games.categories`: "Table Games" and "table-games" both give it. */
export const categorySlug = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
