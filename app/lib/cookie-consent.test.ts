import { describe, expect, it } from 'vitest'
import { cookieConsentString, hasAcceptedCookies } from './cookie-consent.ts'

describe('cookie consent', () => {
  it('writes the accept cookie on / to expire in 2038', () => {
    const cookie = cookieConsentString()
    expect(cookie).toMatch(/^aurum_cookies_accepted=1;/)
    expect(cookie).toContain('Path=/')
    const expires = /Expires=([^;]+)/.exec(cookie)?.[1] ?? ''
    expect(new Date(expires).getUTCFullYear()).toBe(2038)
  })

  it('counts cookies as accepted only once that cookie is set', () => {
    expect(hasAcceptedCookies('')).toBe(false)
    expect(hasAcceptedCookies('aurum_locale=de; other=1')).toBe(false)
    expect(hasAcceptedCookies('aurum_locale=de; aurum_cookies_accepted=1')).toBe(true)
  })
})
