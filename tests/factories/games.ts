import type { Db } from '#db/client.ts'
import { seedGameId } from '#db/seed/games.ts'
import { games } from '#server/modules/catalogue/catalogue.tables.ts'

/**
 * More playable titles than the seed lists here (pages of 24 need more than a dozen): Dice under
 * other names, an Original engine this installation runs, as an operator could add them.
 */
export async function addPlayableTitles(db: Db, count: number): Promise<string[]> {
  const slugs = Array.from({ length: count }, (_, index) => `extra-dice-${index + 1}`)
  await db
    .insert(games)
    .values(
      slugs.map((slug, index) => ({
        id: seedGameId(slug),
        slug,
        title: `Extra Dice ${index + 1}`,
        providerId: 'aurum-originals',
        kind: 'original' as const,
        engine: 'dice',
        categories: ['originals'],
        tags: ['dice'],
        rtpBp: 9900,
        volatility: 'medium' as const,
        releaseDate: '2025-01-01',
        popularity: 100 + index,
        thumbnailUrl: `/games/art/${slug}.svg`,
      })),
    )
    .onConflictDoNothing()
  return slugs
}
