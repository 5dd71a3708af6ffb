import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { createRoutesStub, Outlet } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LimitPrompt } from '#app/components/dialogs/limit-prompt.tsx'
import { getI18n } from '#app/lib/i18n.ts'
import { getLocale, LOCALES } from '#common/locales.ts'
import type { ProtectionState } from '#server/modules/limits/protection.contract.ts'
import { loadShippedMessages } from '#server/modules/site/translations.ts'
import { ProtectionGlance } from './protection-glance.tsx'
import { SaferPlayTab } from './protection-tab.tsx'

// What `useProtection()` answers: the store's server snapshot is always its initial state, so a
// server render cannot be given a state through the store itself.
interface HookAnswer {
  status: 'loading' | 'ready' | 'error'
  protection: ProtectionState | null
}
const hook = vi.hoisted(() => {
  const current: HookAnswer = { status: 'loading', protection: null }
  return { current }
})
vi.mock('#app/lib/use-protection.ts', () => ({
  useProtection: () => ({
    ...hook.current,
    reload: () => Promise.resolve(),
    replace: () => undefined,
    send: () => Promise.reject(new Error('No calls in a server render')),
  }),
}))

const catalogues = loadShippedMessages()
const PLAYER = { id: 'p-1', email: 'a@b.c', firstName: 'Robin', lastName: 'W', currency: 'EUR' }
const DAY = 86_400_000
// A day ahead at noon UTC, so its calendar date is one in any time zone the tests run in.
const noonIn = (days: number) => {
  const date = new Date(Date.now() + days * DAY)
  date.setUTCHours(12, 0, 0, 0)
  return date.toISOString()
}

const STATE: ProtectionState = {
  bar: null,
  break: null,
  jurisdiction: { code: 'default', slot_min_cycle_ms: 0, slot_autoplay: true, slot_turbo: true },
  reality_check: {
    minutes: null,
    default_minutes: null,
    optional: true,
    signed_in_at: null,
    due_at: null,
  },
  play_time: { limit_minutes: null, pending_minutes: null, pending_from: null, used_seconds: 0 },
  limit_prompt_answered: false,
  server_time: '2026-11-27T08:00:00.000Z',
}

function render(prefix: string, node: ReactNode) {
  const { tag } = getLocale(prefix)
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Outlet,
      children: [{ id: 'tab', path: ':locale/account/limits/', Component: () => node }],
    },
  ])
  const root = {
    locale: prefix,
    player: PLAYER,
    languages: LOCALES.map((locale) => ({ code: locale.prefix, tag: locale.tag })),
  }
  return renderToString(
    <I18nextProvider i18n={getI18n(tag, catalogues.get(prefix) ?? {})}>
      <Stub
        initialEntries={[`/${prefix}/account/limits/`]}
        hydrationData={{ loaderData: { root, tab: null } }}
      />
    </I18nextProvider>,
  )
}

const seed = (state: ProtectionState | null, status: 'ready' | 'loading' | 'error' = 'ready') => {
  hook.current = { status, protection: state }
}
const text = (html: string) => html.replace(/<[^>]*>/g, '').replaceAll('&#x27;', "'")
const date = (iso: string, tag = 'en') =>
  new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso))

afterEach(() => {
  hook.current = { status: 'loading', protection: null }
})

describe('the Safer play tab', () => {
  it('holds the cards in order: money limits, play time, reality check, break, closing, help', () => {
    seed(STATE)
    const html = render('en', <SaferPlayTab />)
    const order = [
      'Your limits',
      'Daily play time',
      'Reality check',
      'Take a break',
      'Close your account',
      'Help and advice',
    ].map((title) => text(html).indexOf(title))
    expect(order.every((at) => at >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(html).toContain('href="/en/responsible-gambling/"')
    expect(text(html)).toContain('No limit')
    expect(text(html)).toContain('No play in the last 24 hours.')
  })

  it('offers "off" for the reality check only where the player may turn it off', () => {
    seed(STATE)
    const optional = render('en', <SaferPlayTab />)
    expect(optional).toContain('<option value="off"')
    expect(optional).not.toContain('data-testid="reality-check-required"')
    seed({
      ...STATE,
      jurisdiction: { ...STATE.jurisdiction, code: 'uk' },
      reality_check: { ...STATE.reality_check, minutes: 60, default_minutes: 60, optional: false },
    })
    const uk = render('en', <SaferPlayTab />)
    expect(uk).not.toContain('<option value="off"')
    expect(uk).toContain('data-testid="reality-check-required"')
    expect(uk).toMatch(/<option value="60" selected="">1 hour<\/option>/)
  })

  it('offers the time-out’s four periods, explained, and both kinds with no break in force', () => {
    seed(STATE)
    const html = render('en', <SaferPlayTab />)
    const periods = /data-testid="break-periods">(.*?)<\/div>/s.exec(html)?.[1] ?? ''
    expect(text(periods)).toBe('24 hours1 week1 month6 weeks')
    expect(html).toContain('value="time_out"')
    expect(html).toContain('value="self_exclusion"')
    expect(text(html)).toContain(
      'No play, deposits, bonuses, rewards, tournaments or offers until it ends.',
    )
    expect(text(html)).toContain('Your balance and withdrawals stay available.')
    expect(text(html)).toContain('It cannot be shortened or lifted early')
  })

  it('shows a time-out in force with its end, and offers only longer breaks', () => {
    const until = noonIn(6)
    seed({
      ...STATE,
      bar: 'time_out',
      break: {
        kind: 'time_out',
        period: '1w',
        started_at: noonIn(-1),
        until,
        lapse_requested_at: null,
        opens_at: until,
        can_request_lapse: false,
      },
    })
    const html = render('en', <SaferPlayTab />)
    expect(html).toMatch(/data-testid="break-in-force" data-kind="time_out"/)
    expect(text(html)).toContain(`You are on a time-out.It ends on ${date(until)}.`)
    const periods = /data-testid="break-periods">(.*?)<\/div>/s.exec(html)?.[1] ?? ''
    expect(text(periods)).toBe('1 week1 month6 weeks')
    expect(text(html)).toContain('You can make your break longer, never shorter.')
  })

  it('offers the lapse of a self-exclusion whose period has run, and no time-out', () => {
    const until = noonIn(-2)
    seed({
      ...STATE,
      bar: 'self_exclusion',
      break: {
        kind: 'self_exclusion',
        period: '6m',
        started_at: noonIn(-200),
        until,
        lapse_requested_at: null,
        opens_at: null,
        can_request_lapse: true,
      },
    })
    const html = render('en', <SaferPlayTab />)
    expect(text(html)).toContain(`Its period ended on ${date(until)}.`)
    expect(text(html)).toContain('Ask to end my self-exclusion')
    expect(text(html)).toContain('it ends 24 hours after you ask')
    expect(html).not.toContain('value="time_out"')
  })

  it('says when play reopens once the lapse was asked for', () => {
    const opens = noonIn(1)
    seed({
      ...STATE,
      bar: 'self_exclusion',
      break: {
        kind: 'self_exclusion',
        period: '6m',
        started_at: noonIn(-200),
        until: noonIn(-2),
        lapse_requested_at: noonIn(0),
        opens_at: opens,
        can_request_lapse: false,
      },
    })
    const html = render('en', <SaferPlayTab />)
    expect(text(html)).toContain(`You asked to end it. Play reopens on ${date(opens)}.`)
    expect(text(html)).not.toContain('Ask to end my self-exclusion')
  })

  it('shows the play-time limit, what was used and a waiting raise', () => {
    const from = noonIn(1)
    seed({
      ...STATE,
      play_time: {
        limit_minutes: 60,
        pending_minutes: 120,
        pending_from: from,
        used_seconds: 1800,
      },
    })
    const html = render('en', <SaferPlayTab />)
    expect(text(html)).toContain('1 hour')
    expect(text(html)).toContain('Played in the last 24 hours: 30 minutes')
    expect(html).toContain('aria-valuenow="50"')
    expect(text(html)).toContain(`Rises to 2 hours on ${date(from)}.`)
  })

  it('shows placeholders while loading and a retry when the state could not be loaded', () => {
    seed(null, 'loading')
    expect(render('en', <SaferPlayTab />)).toContain('aria-label="Loading…"')
    seed(null, 'error')
    const failed = text(render('en', <SaferPlayTab />))
    expect(failed).toContain('Your safer-play settings could not be loaded.')
    expect(failed).toContain('Try again')
  })

  it('reads in Arabic with Arabic words', () => {
    seed(STATE)
    const html = text(render('ar-en', <SaferPlayTab />))
    expect(html).toContain('خذ استراحة')
    expect(html).toContain('أغلق حسابك')
    expect(html).toContain('24 ساعة')
  })
})

describe('the limit prompt', () => {
  it('asks for a period and an amount in the wallet currency, and can be declined', () => {
    const html = render(
      'de',
      <LimitPrompt currency="EUR" localeTag="de-DE" onAnswered={() => undefined} />,
    )
    expect(text(html)).toContain('Limitbetrag (EUR)')
    expect(html).toMatch(/<option value="day"[^>]*>Tageslimit<\/option>/)
    expect(html).toContain('<option value="month">Monatslimit</option>')
    expect(text(html)).toContain('Mein Limit festlegen')
    expect(text(html)).toContain('Nein, danke')
  })
})

describe('limits at a glance', () => {
  it('waits for both the money limits and the protection state', () => {
    seed(STATE)
    const html = render('en', <ProtectionGlance />)
    expect(html).toContain('aria-label="Loading…"')
    expect(html).toContain('href="/en/account/limits/"')
  })
})
