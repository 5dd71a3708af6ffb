import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { createRoutesStub, Outlet } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { getI18n } from '#app/lib/i18n.ts'
import { getLocale } from '#common/locales.ts'
import type {
  LootboxDetailsSchema,
  PlayerLootboxSchema,
  WheelSchema,
} from '#server/modules/rewards/rewards.contract.ts'
import { loadShippedMessages } from '#server/modules/site/translations.ts'
import Lootboxes from './lootboxes.tsx'
import WheelPage from './wheel.tsx'

const catalogues = loadShippedMessages()

const WHEEL: z.infer<typeof WheelSchema> = {
  id: 1,
  title: 'Golden wheel',
  text: 'Every €20 wagered gives a spin.',
  bonuses: [
    {
      id: 11,
      bonus_id: 11,
      label: '50 coins',
      color: '#f5c542',
      prize: { kind: 'coins', coinsMinor: '5000' },
      probability: 60,
    },
    {
      id: 12,
      bonus_id: 12,
      label: '€5 bonus',
      color: '#1b2a4a',
      prize: { kind: 'bonus', eurMinor: '500' },
      probability: 39.5,
    },
    {
      id: 13,
      bonus_id: 13,
      label: 'Bronze chest',
      color: '#7a1f3d',
      prize: { kind: 'lootbox', lootboxId: 1 },
      probability: 0.5,
    },
  ],
  progress: { progress: 12.5, expected: 20 },
  player_can_spin: false,
  spins_available: 0,
  seed: { server_seed_hash: 'ab'.repeat(32), client_seed: 'player-seed', nonce: 4 },
}

const KIND: z.infer<typeof LootboxDetailsSchema> = {
  api_lootbox_id: 1,
  slug: 'bronze',
  title: 'Bronze chest',
  text: 'Earned at level 4.',
  image_url: '/images/lootboxes/bronze.svg',
  image_alt: 'A bronze chest',
  valid_days: 14,
  prizes: [
    { id: 1, label: '100 coins', prize: { kind: 'coins', coinsMinor: '10000' }, probability: 90 },
    { id: 2, label: '€2 cash', prize: { kind: 'cash', eurMinor: '200' }, probability: 10 },
  ],
}

const later = new Date(Date.now() + 3 * 86_400_000).toISOString()
const MINE: z.infer<typeof PlayerLootboxSchema>[] = [
  {
    id: '0b7a6f1e-1111-4c1a-9a0d-1c2b3a4d5e6f',
    lootbox_id: 1,
    status: 'active',
    expired_at: later,
    created_at: later,
    opened_at: null,
    prize: null,
    draw_id: null,
  },
  {
    id: '0b7a6f1e-2222-4c1a-9a0d-1c2b3a4d5e6f',
    lootbox_id: 1,
    status: 'opened',
    expired_at: later,
    created_at: later,
    opened_at: later,
    prize: KIND.prizes[1] ?? null,
    draw_id: '0b7a6f1e-3333-4c1a-9a0d-1c2b3a4d5e6f',
  },
]

const PLAYER = { id: 'p', email: 'a@b.c', firstName: 'Alex', lastName: 'M', currency: 'EUR' }

function render(
  prefix: string,
  path: string,
  page: 'wheel' | 'lootboxes',
  loaderData: unknown,
  player: unknown,
) {
  const { tag } = getLocale(prefix)
  const messages = catalogues.get(prefix) ?? {}
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Outlet,
      children: [
        {
          id: page,
          path: ':locale/' + page + '/',
          Component: page === 'wheel' ? (WheelPage as never) : (Lootboxes as never),
        },
      ],
    },
  ])
  return renderToString(
    <I18nextProvider i18n={getI18n(tag, messages)}>
      <Stub
        initialEntries={[path]}
        hydrationData={{ loaderData: { root: { locale: prefix, player }, [page]: loaderData } }}
      />
    </I18nextProvider>,
  )
}

describe('the wheel page with the contract’s data', () => {
  it('draws every segment, the odds, the bar and the fairness line for a player', () => {
    const html = render(
      'en',
      '/en/wheel/',
      'wheel',
      { wheel: WHEEL, components: [], lootboxTitles: { 1: 'Bronze chest' } },
      PLAYER,
    )
    expect(html).toContain('data-testid="wheel-spin"')
    expect(html).toMatch(
      /<button[^>]*disabled=""[^>]*data-testid="wheel-spin"|data-testid="wheel-spin"[^>]*disabled=""/,
    )
    expect(html).toContain('Bronze chest')
    expect(html).toContain('0.5%')
    expect(html.replace(/<[^>]*>/g, '')).toContain('€12.50 / €20')
    expect(html).toContain('player-seed')
    // The lootbox segment's prize by the lootbox's own title, not "A lootbox".
    expect(html).not.toContain('A lootbox')
    expect(html).not.toContain('engagement-sign-in')
  })

  it('offers a visitor the sign-in and no spin, and says so when no wheel is offered', () => {
    const visitor = render(
      'de',
      '/de/wheel/',
      'wheel',
      { wheel: { ...WHEEL, seed: null }, components: [], lootboxTitles: {} },
      null,
    )
    expect(visitor).toContain('engagement-sign-in')
    expect(visitor).not.toContain('data-testid="wheel-spin"')
    const none = render(
      'en',
      '/en/wheel/',
      'wheel',
      { wheel: null, components: [], lootboxTitles: {} },
      PLAYER,
    )
    expect(none).toContain('wheel-empty')
    expect(none).toContain('No prize wheel right now')
  })

  it('lets a player spin when progress reached what is expected', () => {
    const ready = { ...WHEEL, progress: { progress: 20, expected: 20 } }
    const html = render(
      'en',
      '/en/wheel/',
      'wheel',
      { wheel: ready, components: [], lootboxTitles: {} },
      PLAYER,
    )
    expect(html).not.toMatch(
      /<button[^>]*disabled=""[^>]*data-testid="wheel-spin"|data-testid="wheel-spin"[^>]*disabled=""/,
    )
  })
})

describe('the lootboxes page with the contract’s data', () => {
  it('lists the box to open, the opened one with its prize, and the odds', () => {
    const html = render(
      'en',
      '/en/lootboxes/',
      'lootboxes',
      { catalogue: [KIND], mine: MINE, components: [] },
      PLAYER,
    )
    expect(html).toContain('data-testid="lootbox-open"')
    expect(html).toContain('Gave: €2.00 in cash')
    expect(html).toContain('/en/verify/?draw=0b7a6f1e-3333-4c1a-9a0d-1c2b3a4d5e6f')
    expect(html).toContain('lootbox-kind-bronze')
    expect(html).toContain('Open it within 14 days of receiving it.')
  })

  it('shows a player without boxes how to earn them, and a visitor the catalogue and the sign-in', () => {
    const empty = render(
      'en',
      '/en/lootboxes/',
      'lootboxes',
      { catalogue: [KIND], mine: [], components: [] },
      PLAYER,
    )
    expect(empty).toContain('lootboxes-empty')
    expect(empty).toContain('/en/shop/lootboxes/')
    const visitor = render(
      'ar-en',
      '/ar-en/lootboxes/',
      'lootboxes',
      { catalogue: [KIND], mine: null, components: [] },
      null,
    )
    expect(visitor).toContain('engagement-sign-in')
    expect(visitor).toContain('lootbox-kind-bronze')
    expect(visitor).not.toContain('lootbox-open')
  })
})
