import { describe, expect, it } from 'vitest'
import type { Menus } from '#server/modules/site/site.contract.ts'
import { menuDestinations, searchDestinations } from './search-index.ts'

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
