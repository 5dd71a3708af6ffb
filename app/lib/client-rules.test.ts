import { describe, expect, it } from 'vitest'
import {
  CHUNK_RELOAD_GUARD_MS,
  isChunkLoadError,
  shouldReloadForChunkFailure,
} from './chunk-reload.ts'
import { BUILD_CHECK_INTERVAL_MS, isBuildStale } from './build-check.ts'
import { shouldTrackPageView } from './analytics.ts'
import { localeCookieString, LOCALE_COOKIE_MAX_AGE_S } from './locale-cookie.ts'
import { switchLocalePath } from './localized-path.ts'

function memoryStore() {
  let value: string | null = null
  return { get: () => value, set: (next: string) => void (value = next) }
}

describe('chunk reload guard', () => {
  it('reloads at most once per path within 10 seconds', () => {
    const store = memoryStore()
    expect(shouldReloadForChunkFailure('/en/', 0, store)).toBe(true)
    expect(shouldReloadForChunkFailure('/en/', CHUNK_RELOAD_GUARD_MS - 1, store)).toBe(false)
    expect(shouldReloadForChunkFailure('/de/', 5, store)).toBe(true)
    expect(shouldReloadForChunkFailure('/en/', CHUNK_RELOAD_GUARD_MS, store)).toBe(true)
  })

  it('survives a corrupt store', () => {
    const store = memoryStore()
    store.set('{oops')
    expect(shouldReloadForChunkFailure('/en/', 0, store)).toBe(true)
  })

  it('recognises chunk load errors', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true)
    expect(isChunkLoadError(new Error('boom'))).toBe(false)
  })
})

describe('build check', () => {
  it('runs hourly', () => {
    expect(BUILD_CHECK_INTERVAL_MS).toBe(3_600_000)
  })

  it('is stale only when the server reports a different build', () => {
    expect(isBuildStale('a', 'b')).toBe(true)
    expect(isBuildStale('a', 'a')).toBe(false)
    expect(isBuildStale('a', undefined)).toBe(false)
    expect(isBuildStale('dev', 'b')).toBe(false)
  })
})

describe('page views', () => {
  it('are tracked for signed-in players except on the root path', () => {
    expect(shouldTrackPageView('/en/', true)).toBe(true)
    expect(shouldTrackPageView('/', true)).toBe(false)
    expect(shouldTrackPageView('/en/', false)).toBe(false)
  })
})

describe('locale cookie', () => {
  it('lasts 365 days on / with SameSite lax', () => {
    expect(localeCookieString({ name: 'lang', crossOrigin: false }, 'de_at')).toBe(
      `lang=de_at; Max-Age=${365 * 86400}; Path=/; SameSite=Lax`,
    )
    expect(LOCALE_COOKIE_MAX_AGE_S).toBe(31_536_000)
  })

  it('is SameSite none when cross-origin is configured', () => {
    expect(localeCookieString({ name: 'lang', crossOrigin: true }, 'en')).toContain(
      'SameSite=None; Secure',
    )
  })
})

describe('switchLocalePath', () => {
  it('keeps the page', () => {
    expect(switchLocalePath('/en/shop/all/', 'en', 'de')).toBe('/de/shop/all/')
    expect(switchLocalePath('/', undefined, 'fi')).toBe('/fi/')
    expect(switchLocalePath('/privacy-policy/', undefined, 'pl')).toBe('/pl/privacy-policy/')
  })
})
