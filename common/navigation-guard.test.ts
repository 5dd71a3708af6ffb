import { describe, expect, it } from 'vitest'
import { guardNavigation } from './navigation-guard.ts'

const locales = ['en', 'de', 'fr-ca', 'de_at', 'ar-en']
const guard = (url: string, preferredLocale = 'en') => {
  const [pathname = '/', search = ''] = url.split(/\?(.*)/s)
  return guardNavigation({ pathname, search, locales, preferredLocale })
}

describe('guardNavigation', () => {
  // [request, expected location or null to continue, replace, status]
  const table: [string, string | null, boolean, 301 | 302][] = [
    // Canonical pages pass.
    ['/', null, false, 301],
    ['/en/', null, false, 301],
    ['/en/shop/all/', null, false, 301],
    ['/de/shop/slots/new/', null, false, 301],
    ['/en/live/c/Live%20Casino/', null, false, 301],
    ['/site/restricted/', null, false, 301],
    ['/privacy-policy/', null, false, 301],
    ['/favicon.svg', null, false, 301],
    ['/assets/entry.client-abc.js', null, false, 301],
    // Shop without filters: shop/all, replacing history; query kept.
    ['/en/shop', '/en/shop/all/', true, 302],
    ['/en/shop/', '/en/shop/all/', true, 302],
    ['/de_at/shop?sort=new', '/de_at/shop/all/?sort=new', true, 302],
    // Live and lobby landings: the default category, with or without /p and a trailing slash.
    ['/en/live', '/en/live/c/Live%20Casino/', true, 302],
    ['/en/live/', '/en/live/c/Live%20Casino/', true, 302],
    ['/en/live/p', '/en/live/c/Live%20Casino/', true, 302],
    ['/en/live/p/', '/en/live/c/Live%20Casino/', true, 302],
    ['/fr-ca/lobby', '/fr-ca/lobby/c/All/', true, 302],
    ['/fr-ca/lobby/p/', '/fr-ca/lobby/c/All/', true, 302],
    ['/en/lobby?tag=hot', '/en/lobby/c/All/?tag=hot', true, 302],
    // A provider page is not a landing.
    ['/en/lobby/p/NetEnt/', null, false, 301],
    // Registration opens the dialog over the home page, keeping the original query.
    ['/en/a/register', '/en/?q=/a/register', false, 302],
    ['/en/a/register/', '/en/?q=/a/register', false, 302],
    ['/de/a/register/step-2?btag=aff%2F1&x=1', '/de/?q=/a/register&btag=aff%2F1&x=1', false, 302],
    ['/en/a/register?q=old', '/en/?q=/a/register', false, 302],
    ['/en/a/registered/', null, false, 301],
    // Legacy deposit links open the deposit dialog.
    ['/en/accounts/42/deposit', '/en/?q=/a/deposit', false, 302],
    ['/ar-en/accounts/7/deposit/', '/ar-en/?q=/a/deposit', false, 302],
    ['/en/accounts/abc/deposit', '/en/accounts/abc/deposit/', false, 301],
    // Trailing slash appended to paths without an extension, query kept.
    ['/en/promotions', '/en/promotions/', false, 301],
    ['/en/promotions?x=1&y=%20', '/en/promotions/?x=1&y=%20', false, 301],
    ['/en/c/Live%20Casino', '/en/c/Live%20Casino/', false, 301],
    ['/en/game/book%2Fof%2Fra', '/en/game/book%2Fof%2Fra/', false, 301],
    // …and removed when the query carries a layer reference.
    ['/en/promotions/?layer=bonus', '/en/promotions?layer=bonus', false, 301],
    ['/en/promotions?layer=bonus', null, false, 301],
    ['/en/promotions/?x=1&layer=', '/en/promotions?x=1&layer=', false, 301],
    ['/en/promotions/?player=1', null, false, 301],
    // Paths outside an enabled locale get the preferred one.
    ['/promotions/', '/en/promotions/', false, 302],
    ['/promotions', '/en/promotions/', false, 302],
    ['/xx/promotions/', '/en/xx/promotions/', false, 302],
    ['/fi/promotions/', '/en/fi/promotions/', false, 302],
    ['/shop', '/en/shop/all/', true, 302],
    ['/site/restricted', '/site/restricted/', false, 301],
    ['/privacy-policy', '/privacy-policy/', false, 301],
  ]

  it.each(table)('%s → %s', (url, location, replace, status) => {
    const result = guard(url)
    if (location === null) {
      expect(result).toEqual({ kind: 'continue' })
    } else {
      expect(result).toEqual({ kind: 'redirect', location, replace, status })
    }
  })

  it('uses the preferred locale for unprefixed paths', () => {
    expect(guard('/vip', 'de')).toMatchObject({ location: '/de/vip/' })
  })

  it('never redirects to a URL it would redirect again', () => {
    for (const [url] of table) {
      const result = guard(url)
      if (result.kind === 'redirect') expect(guard(result.location)).toEqual({ kind: 'continue' })
    }
  })
})
