import { describe, expect, it } from 'vitest'
import type { Menus } from '#server/modules/site/site.contract.ts'
import { menuDestinations, searchDestinations, searchGames } from './search-index.ts'

const item = (id: string, label: string, url: string) => ({ id, label, url })
const menus = {
  header: [
    item('lobby', 'Lobby', '/fr/lobby/c/All/'),
    item('live', 'Casino en direct', '/fr/live/'),
  ],
  side: [item('lobby', 'Lobby', '/fr/lobby/c/All/'), item('loyalty', 'Fidélité', '/fr/loyalty/')],
  'footer-info': [item('about', 'À propos', '/fr/about-us/')],
} as unknown as Menus

describe('site search', () => {
  it('lists each destination once', () => {
    expect(menuDestinations(menus).map((entry) => entry.id)).toEqual([
      'lobby',
      'live',
      'loyalty',
      'about',
    ])
  })

  it('matches every word, ignoring case and accents', () => {
    const all = menuDestinations(menus)
    expect(searchDestinations(all, 'fidelite', 'fr-FR').map((entry) => entry.id)).toEqual([
      'loyalty',
    ])
    expect(searchDestinations(all, 'DIRECT casino', 'fr-FR').map((entry) => entry.id)).toEqual([
      'live',
    ])
    expect(searchDestinations(all, 'a propos', 'fr-FR').map((entry) => entry.id)).toEqual(['about'])
    expect(searchDestinations(all, '   ', 'fr-FR')).toEqual([])
    expect(searchDestinations(all, 'poker', 'fr-FR')).toEqual([])
  })
})

describe('game search', () => {
  const game = (title: string, provider: string, categories: string[], engine: string) => ({
    title,
    provider_name: provider,
    categories,
    engine,
  })
  const games = [
    game('Crash', 'Aurum Live', ['crash', 'live-casino', 'popular'], 'crash'),
    game('Dice', 'Aurum Originals', ['originals', 'popular'], 'dice'),
    game('Live Roulette', 'Aurum Live', ['live-casino', 'table-games'], 'live_roulette'),
    game('European Roulette', 'Aurum Originals', ['originals', 'table-games'], 'roulette'),
    game('Neon Nights', 'Demo Studio', ['slots', 'new'], 'demo-studio:neon-nights'),
  ]
  const german = {
    category: (slug: string) =>
      ({
        'table-games': 'Tischspiele',
        'live-casino': 'Live-Casino',
        slots: 'Spielautomaten',
        originals: 'Eigene Spiele',
        crash: 'Crash-Spiele',
        popular: 'Beliebt',
        new: 'Neu',
      })[slug] ?? slug,
    kind: (engine: string) =>
      ({ dice: 'Würfel', roulette: 'Roulette', live_roulette: 'Live-Roulette' })[engine],
  }
  const titles = (query: string, localeTag = 'de-DE') =>
    searchGames(games, query, localeTag, german).map((entry) => entry.title)

  it('finds titles in any case, title matches first', () => {
    expect(titles('roulette')).toEqual(['Live Roulette', 'European Roulette'])
    expect(titles('ROULETTE')).toEqual(['Live Roulette', 'European Roulette'])
    expect(titles('Tischspiele')).toEqual(['Live Roulette', 'European Roulette'])
  })

  it('finds a studio, a translated category and a translated kind', () => {
    expect(titles('demo studio')).toEqual(['Neon Nights'])
    expect(titles('spielautomaten')).toEqual(['Neon Nights'])
    expect(titles('würfel')).toEqual(['Dice'])
    expect(titles('wurfel')).toEqual(['Dice'])
    expect(titles('beliebt')).toEqual(['Crash', 'Dice'])
  })

  it('needs every word, in title or elsewhere, and finds the English category name too', () => {
    expect(titles('live tischspiele')).toEqual(['Live Roulette'])
    expect(titles('table games')).toEqual(['Live Roulette', 'European Roulette'])
    expect(titles('roulette crash')).toEqual([])
    expect(titles('  ')).toEqual([])
    expect(titles('bingo')).toEqual([])
  })

  it('finds Arabic names without their marks', () => {
    const arabic = {
      category: (slug: string) => (slug === 'slots' ? 'ماكينات القمار' : slug),
      kind: () => undefined,
    }
    expect(searchGames(games, 'ماكينات', 'ar', arabic).map((entry) => entry.title)).toEqual([
      'Neon Nights',
    ])
  })
})
