import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { createRoutesStub, Outlet } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { getI18n } from '#app/lib/i18n.ts'
import { useTournamentStore } from '#app/state/tournament-store.ts'
import { getLocale, LOCALES } from '#common/locales.ts'
import type {
  TournamentCard,
  TournamentDetails,
} from '#server/modules/tournaments/tournaments.contract.ts'
import { loadShippedMessages } from '#server/modules/site/translations.ts'
import Details from './details.tsx'
import List from './list.tsx'

const catalogues = loadShippedMessages()
const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString()
const uuid = (n: number) => `0b7a6f1e-${String(n).padStart(4, '0')}-4c1a-9a0d-1c2b3a4d5e6f`

const CARD: TournamentCard = {
  id: 1,
  slug: 'originals-multiplier-hunt',
  title: 'Originals Multiplier Hunt',
  text: 'Land the biggest multiplier on Dice, Slots, Roulette or Mines.',
  image_url: '/tournaments/multiplier-hunt.svg',
  image_alt: 'Golden dice over a trophy',
  phase: 'running',
  scoring: 'highest_multiplier',
  starts_at: soon(-2),
  ends_at: soon(5),
  finished_at: null,
  entry_fee: { kind: 'free', amount: 0 },
  participants: 1234,
  top_prize: '500 coins',
  paid_places: 10,
  joined: true,
}

const standing = (place: number, score: string, isOwn = false) => ({
  place,
  entry_id: uuid(place),
  player: isOwn ? 'Robin W.' : `Rival ${String(place)}`,
  score,
  reached_at: soon(-1),
  bets: 4,
  is_own: isOwn,
})

const DETAILS: TournamentDetails = {
  ...CARD,
  points_per_spin: 0,
  min_stake_eur: 0.1,
  currencies: [],
  games: [{ id: 'dice', slug: 'dice', title: 'Dice', image_url: null }],
  categories: [{ slug: 'originals', title: 'Originals' }],
  prizes: [
    {
      from_place: 1,
      to_place: 1,
      label: '500 coins',
      prize: { kind: 'coins', coinsMinor: '50000' },
    },
    {
      from_place: 2,
      to_place: 10,
      label: '100 coins',
      prize: { kind: 'coins', coinsMinor: '10000' },
    },
  ],
  leaderboard: {
    tournament_id: 1,
    version: 40,
    participants: 1234,
    top: Array.from({ length: 10 }, (_, index) =>
      standing(index + 1, String(250_000 - index * 10_000)),
    ),
    own: standing(57, '23456', true),
  },
  results: [],
  server_seed_hash: 'ab'.repeat(32),
  server_seed: null,
  client_seed: null,
}

const PLAYER = { id: 'p', email: 'a@b.c', firstName: 'Robin', lastName: 'W', currency: 'EUR' }

function render(prefix: string, page: 'list' | 'details', loaderData: unknown, player: unknown) {
  const { tag } = getLocale(prefix)
  const path = page === 'list' ? `/${prefix}/tourneys/` : `/${prefix}/tournament-details/t/1/`
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Outlet,
      children: [
        page === 'list'
          ? { id: 'tourneys', path: ':locale/tourneys/', Component: List as never }
          : {
              id: 'tournament-details',
              path: ':locale/tournament-details/t/:id/',
              Component: Details as never,
            },
      ],
    },
  ])
  const root = {
    locale: prefix,
    player,
    languages: LOCALES.map((locale) => ({ code: locale.prefix, tag: locale.tag })),
  }
  return renderToString(
    <I18nextProvider i18n={getI18n(tag, catalogues.get(prefix) ?? {})}>
      <Stub
        initialEntries={[path]}
        hydrationData={{
          loaderData: {
            root,
            [page === 'list' ? 'tourneys' : 'tournament-details']: loaderData,
          },
        }}
      />
    </I18nextProvider>,
  )
}

const text = (html: string) => html.replace(/<[^>]*>/g, '')

afterEach(() => useTournamentStore.getState().reset())

describe('the tournaments list', () => {
  it('shows each section’s cards with their facts, and says so when a section is empty', () => {
    const html = render(
      'en',
      'list',
      {
        running: [CARD],
        upcoming: [],
        finished: [
          {
            ...CARD,
            id: 3,
            phase: 'finished',
            joined: false,
            finished_at: soon(-1),
            scoring: 'points_per_spin',
            entry_fee: { kind: 'coins', amount: 50 },
          },
        ],
      },
      PLAYER,
    )
    expect(html).toContain('data-testid="tournaments-running"')
    expect(html).toContain('href="/en/tournament-details/t/1/"')
    expect(text(html)).toContain('Biggest multiplier')
    expect(text(html)).toContain('10 places paid')
    expect(text(html)).toContain('1,234')
    expect(text(html)).toContain('Free')
    expect(text(html)).toContain('Joined')
    expect(html).toContain('data-testid="tournaments-upcoming-empty"')
    expect(text(html)).toContain('Spin race')
    expect(text(html)).toContain('50 coins')
    expect(text(html)).toContain('See the results')
    expect(html).toContain('alt="Golden dice over a trophy"')
  })

  it('reads in Arabic with Arabic words', () => {
    const html = render('ar-en', 'list', { running: [CARD], upcoming: [], finished: [] }, null)
    expect(text(html)).toContain('أعلى مضاعف')
    expect(text(html)).toContain('جارية الآن')
  })
})

describe('the tournament page', () => {
  it('shows the top rows and the player’s own row below a divider, scores as multipliers', () => {
    const html = render('en', 'details', { details: DETAILS }, PLAYER)
    expect(html.match(/data-testid="board-row"/g)).toHaveLength(10)
    expect(html).toContain('data-testid="board-own"')
    expect(html).toMatch(/data-testid="board-own"[^>]*data-place="57"[^>]*data-own="true"/)
    expect(text(html)).toContain('×25.00')
    expect(text(html)).toContain('×2.34')
    expect(html).toContain('role="separator"')
    expect(html).toContain('href="/en/game/dice/"')
    expect(html).toContain('href="/en/lobby/c/Originals/"')
    expect(text(html)).toContain('Bets of €0.10 or more count.')
    expect(html).toContain('data-testid="fairness-hash"')
    expect(html).not.toContain('data-testid="fairness-server-seed"')
    expect(html).toContain('data-state="joined"')
    expect(html).toContain('href="/en/tourneys/#finished"')
  })

  it('puts the own row in place when it is among the top rows (no divider)', () => {
    const top = DETAILS.leaderboard.top.map((row, index) =>
      index === 2 ? { ...row, is_own: true } : row,
    )
    const html = render(
      'en',
      'details',
      { details: { ...DETAILS, leaderboard: { ...DETAILS.leaderboard, top, own: top[2] } } },
      PLAYER,
    )
    expect(html).not.toContain('data-testid="board-own"')
    expect(html).not.toContain('role="separator"')
    expect(html).toMatch(/data-place="3" data-own="true"/)
  })

  it('asks a visitor to log in to join; a coin fee shows the coins', () => {
    const visitor = render(
      'de',
      'details',
      {
        details: {
          ...DETAILS,
          joined: false,
          entry_fee: { kind: 'coins', amount: 25 },
          leaderboard: { ...DETAILS.leaderboard, own: null },
        },
      },
      null,
    )
    expect(visitor).toContain('data-testid="tournament-sign-in"')
    expect(text(visitor)).toContain('Zum Teilnehmen anmelden')
    const player = render(
      'en',
      'details',
      {
        details: {
          ...DETAILS,
          joined: false,
          entry_fee: { kind: 'coins', amount: 25 },
          leaderboard: { ...DETAILS.leaderboard, own: null },
        },
      },
      PLAYER,
    )
    expect(player).toContain('data-testid="tournament-join-button"')
    expect(text(player)).toContain('Join for 25 coins')
  })

  it('offers no way in to a player without a wallet the money fee may be paid from', () => {
    const html = render(
      'en',
      'details',
      {
        details: {
          ...DETAILS,
          joined: false,
          entry_fee: { kind: 'money', amount: 5 },
          currencies: ['BTC'],
          leaderboard: { ...DETAILS.leaderboard, own: null },
        },
      },
      PLAYER,
    )
    expect(html).toContain('data-testid="join-no-wallet"')
    expect(text(html)).toContain('a wallet in BTC')
    expect(html).toMatch(/<button[^>]*data-testid="tournament-join-button"[^>]*disabled=""/)
  })

  it('shows a finished one’s results with prizes, the draw’s mark and the revealed seeds', () => {
    const html = render(
      'en',
      'details',
      {
        details: {
          ...DETAILS,
          phase: 'finished',
          scoring: 'total_wagered',
          finished_at: soon(-1),
          results: [
            {
              place: 1,
              player: 'Aiko T.',
              score: '125000',
              label: '500 coins',
              prize: { kind: 'coins', coinsMinor: '50000' },
              by_draw: false,
              is_own: false,
            },
            {
              place: 2,
              player: 'Robin W.',
              score: '90000',
              label: '100 coins',
              prize: { kind: 'coins', coinsMinor: '10000' },
              by_draw: true,
              is_own: true,
            },
          ],
          server_seed: 'cd'.repeat(32),
          client_seed: 'tournament-1',
        },
      },
      PLAYER,
    )
    expect(html.match(/data-testid="result-row"/g)).toHaveLength(2)
    expect(text(html)).toContain('€1,250.00')
    expect(html).toContain('data-testid="result-by-draw"')
    expect(html).toContain('data-testid="by-draw-explained"')
    expect(html).toContain('data-testid="fairness-server-seed"')
    expect(html).toContain('tournament-1')
    expect(html).not.toContain('data-testid="tournament-join-button"')
  })
})
