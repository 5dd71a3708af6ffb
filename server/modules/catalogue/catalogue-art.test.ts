import { describe, expect, it } from 'vitest'
import { categorySlug } from '#common/game-categories.ts'
import { seedGameList } from '#db/seed/games.ts'
import { gameArtSvg, titleLines } from './catalogue-art.ts'

describe('game art', () => {
  it('is the same picture for the same game and differs between games', () => {
    expect(gameArtSvg('dice', 'Dice', 'original')).toBe(gameArtSvg('dice', 'Dice', 'original'))
    expect(gameArtSvg('dice', 'Dice', 'original')).not.toBe(
      gameArtSvg('mines', 'Mines', 'original'),
    )
  })

  it('escapes the title so it cannot break out of the SVG', () => {
    const svg = gameArtSvg('x', 'A <script>&"', 'provider')
    expect(svg).not.toContain('<script>')
    expect(svg).toContain('&#60;script&#62;&#38;&#34;')
  })

  it('wraps titles into at most three lines', () => {
    expect(titleLines('Dice')).toEqual(['Dice'])
    expect(titleLines('Midnight Sun Megaways')).toEqual(['Midnight Sun', 'Megaways'])
    expect(titleLines('one two three four five six seven eight nine ten')).toHaveLength(3)
  })
})

describe('the seeded catalogue list', () => {
  const list = seedGameList()
  it('has at least 60 unique slugs, every category, and the four Originals and two live games', () => {
    expect(list.length).toBeGreaterThanOrEqual(60)
    expect(new Set(list.map((g) => g.slug)).size).toBe(list.length)
    for (const category of [
      'live-casino',
      'slots',
      'table-games',
      'crash',
      'originals',
      'new',
      'popular',
    ]) {
      expect(
        list.some((g) => g.categories.includes(category)),
        category,
      ).toBe(true)
    }
    const engines = (kind: string) =>
      list
        .filter((g) => g.kind === kind)
        .map((g) => g.engine)
        .sort()
    expect(engines('original')).toEqual(['dice', 'mines', 'roulette', 'slots'])
    expect(engines('live')).toEqual(['crash', 'live_roulette'])
    expect(list.filter((g) => (g.restrictedCountries ?? []).length > 0).length).toBeGreaterThan(2)
  })

  it('names categories in URLs and slugs alike', () => {
    expect(categorySlug('Table Games')).toBe('table-games')
    expect(categorySlug('Live Casino')).toBe('live-casino')
    expect(categorySlug('live_casino')).toBe('live-casino')
  })
})
