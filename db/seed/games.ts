import { and, eq, isNull } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { CURRENCY_EXPONENTS, type CurrencyCode } from '#common/money.ts'
import { uuidv5 } from '#server/lib/ids.ts'
import { STUDIO_TITLES } from '../../providers/demo-studio/sheet.ts'
import {
  gameProviders,
  games,
  gameStakeLimits,
} from '#server/modules/catalogue/catalogue.tables.ts'
import {
  DEFAULT_UNITS_PER_EUR,
  fromEurRounded,
  rateTable,
} from '#server/modules/wallet/exchange-rates.ts'

/** The studios the lobby lists; `id` is the slug in `/{loc}/lobby/p/{provider}`. */
export const SEED_PROVIDERS = [
  { id: 'aurum-originals', name: 'Aurum Originals', sortOrder: 10 },
  { id: 'aurum-live', name: 'Aurum Live', sortOrder: 20 },
  { id: 'northern-lights', name: 'Northern Lights Gaming', sortOrder: 30 },
  { id: 'golden-reel', name: 'Golden Reel Studio', sortOrder: 40 },
  { id: 'red-fox', name: 'Red Fox Games', sortOrder: 50 },
  { id: 'blue-harbour', name: 'Blue Harbour Interactive', sortOrder: 60 },
  { id: 'demo-studio', name: 'Demo Studio', sortOrder: 70 },
] as const

type Kind = 'original' | 'live' | 'provider'
type Volatility = 'low' | 'medium' | 'high'
/** Stake ranges in euro cents by kind of game. */
type StakeBand = 'originals' | 'slots' | 'table' | 'live'

interface SeedGame {
  slug: string
  title: string
  provider: (typeof SEED_PROVIDERS)[number]['id']
  kind: Kind
  engine: string
  categories: string[]
  tags: string[]
  rtpBp: number
  volatility: Volatility
  isLive?: boolean
  hasDemo?: boolean
  restrictedCountries?: string[]
  releaseDate: string
  popularity: number
  stakes: StakeBand
}

const STAKE_EUR: Record<StakeBand, { min: bigint; max: bigint }> = {
  // The same range as the Originals' bet rule (place-dice-bet.ts ORIGINALS_STAKE_EUR).
  originals: { min: 10n, max: 1_000_00n },
  slots: { min: 20n, max: 100_00n },
  table: { min: 1_00n, max: 500_00n },
  live: { min: 50n, max: 1_000_00n },
}

const originals: SeedGame[] = [
  ['dice', 'Dice', 9900, 'medium', '2026-01-12', 980, ['dice', 'provably-fair']],
  ['slots', 'Aurum Slots', 9554, 'medium', '2026-02-02', 870, ['slots', 'provably-fair']],
  [
    'roulette',
    'European Roulette',
    9730,
    'medium',
    '2026-01-20',
    910,
    ['roulette', 'provably-fair'],
  ],
  ['mines', 'Mines', 9900, 'high', '2026-03-01', 940, ['mines', 'provably-fair']],
].map(([engine, title, rtpBp, volatility, releaseDate, popularity, tags]) => ({
  slug:
    engine === 'slots'
      ? 'aurum-slots'
      : engine === 'roulette'
        ? 'european-roulette'
        : (engine as string),
  title: title as string,
  provider: 'aurum-originals' as const,
  kind: 'original' as const,
  engine: engine as string,
  categories: [
    'originals',
    engine === 'slots' ? 'slots' : engine === 'roulette' ? 'table-games' : 'originals',
  ],
  tags: tags as string[],
  rtpBp: rtpBp as number,
  volatility: volatility as Volatility,
  releaseDate: releaseDate as string,
  popularity: popularity as number,
  stakes: 'originals' as const,
}))

const live: SeedGame[] = [
  {
    slug: 'crash',
    title: 'Crash',
    provider: 'aurum-live',
    kind: 'live',
    engine: 'crash',
    categories: ['crash', 'live-casino'],
    tags: ['crash', 'provably-fair', 'multiplayer'],
    rtpBp: 9700,
    volatility: 'high',
    isLive: true,
    releaseDate: '2026-03-10',
    popularity: 990,
    stakes: 'live',
  },
  {
    slug: 'live-roulette',
    title: 'Live Roulette',
    provider: 'aurum-live',
    kind: 'live',
    engine: 'live_roulette',
    categories: ['live-casino', 'table-games'],
    tags: ['roulette', 'provably-fair', 'multiplayer'],
    rtpBp: 9730,
    volatility: 'medium',
    isLive: true,
    releaseDate: '2026-03-10',
    popularity: 920,
    stakes: 'live',
  },
]

/**
 * The studio titles the casino lists: the Demo Studio's integration sheet gives each code's
 * title, brand, category and stated figures (providers/demo-studio/sheet.ts); the casino adds
 * its own release date (for "New") and popularity (for "Popular" and the lobby's order).
 */
const STUDIO_LISTING: Record<string, [releaseDate: string, popularity: number]> = {
  'aurora-riches': ['2026-10-28', 860],
  'fjord-fortune': ['2025-11-04', 640],
  'polar-wilds': ['2025-08-19', 520],
  'midnight-sun-megaways': ['2026-09-15', 880],
  'viking-voyage': ['2025-05-02', 710],
  'snowfall-sevens': ['2024-12-01', 330],
  'northern-blackjack': ['2025-02-11', 590],
  'reindeer-run': ['2026-11-10', 450],
  'nord-hi-lo': ['2025-09-09', 760],
  'ice-crash': ['2026-06-06', 610],
  'golden-reels-deluxe': ['2025-03-14', 800],
  'pharaohs-gold': ['2024-10-10', 690],
  'lucky-clover-link': ['2025-07-07', 560],
  'jewel-cascade': ['2026-10-01', 480],
  'royal-sevens': ['2024-06-21', 300],
  'dragon-hoard': ['2026-08-18', 830],
  'gold-rush-express': ['2025-12-12', 600],
  'baccarat-gold': ['2025-04-04', 510],
  'golden-wheel': ['2026-05-05', 700],
  'treasure-temple': ['2026-11-02', 540],
  'fox-tales': ['2025-10-10', 620],
  'crimson-canyon': ['2025-01-30', 410],
  'wild-west-wanted': ['2026-07-21', 770],
  'fruit-frenzy': ['2024-09-09', 380],
  'cherry-bomb': ['2026-10-20', 500],
  'red-fox-poker': ['2025-06-16', 350],
  'rocket-fox': ['2026-09-01', 660],
  'casino-holdem': ['2024-11-11', 420],
  'baccarat-squeeze': ['2025-08-08', 580],
  'lantern-festival': ['2026-02-14', 470],
  'deep-blue-pearls': ['2025-09-19', 530],
  'harbour-lights': ['2024-08-08', 290],
  'krakens-call': ['2026-10-05', 790],
  'pirate-plunder': ['2025-04-25', 650],
  'coral-keno': ['2024-07-07', 210],
  'lighthouse-bingo': ['2024-05-05', 180],
  'sails-of-fortune': ['2026-11-15', 430],
  'sic-bo': ['2025-12-01', 440],
  'jet-harbour': ['2025-07-30', 390],
  'anchor-roulette': ['2025-03-03', 360],
  'starlight-spins': ['2026-06-30', 570],
  'neon-nights': ['2026-10-12', 680],
  'candy-castle': ['2025-02-22', 340],
  'cosmic-cash': ['2025-11-25', 730],
  'jungle-gems': ['2024-12-24', 400],
  'samurai-spirit': ['2026-04-04', 550],
  'demo-blackjack': ['2025-05-15', 270],
  'video-poker-jacks': ['2024-04-04', 230],
  'mega-balloon': ['2026-10-25', 590],
  'dream-catcher-wheel': ['2026-01-01', 620],
  'space-miner': ['2025-10-31', 460],
  'book-of-runes': ['2026-03-21', 750],
  'speed-roulette': ['2026-02-20', 680],
  'lucky-plinko': ['2026-07-07', 560],
  'sunset-scratch': ['2026-09-27', 260],
  'tidal-riches': ['2026-11-18', 370],
  'frost-giants': ['2026-11-20', 520],
  'saga-of-thor': ['2026-10-30', 640],
  'emerald-scarab': ['2026-09-25', 580],
  'diamond-dynasty': ['2025-06-01', 310],
  'chili-cascade': ['2026-11-22', 490],
  'fox-fire-sevens': ['2025-01-15', 280],
  'mermaid-lagoon': ['2026-08-12', 470],
  'lighthouse-link': ['2026-10-08', 610],
  'pixel-fruits': ['2025-09-05', 350],
  'robo-reactor': ['2026-11-05', 560],
  'lucky-bubbles': ['2026-07-18', 420],
}

/** A few titles are not licensed everywhere (the lobby hides them in those countries). */
const RESTRICTED: Record<string, string[]> = {
  'pharaohs-gold': ['GB'],
  'wild-west-wanted': ['DE', 'AT'],
  'baccarat-squeeze': ['FR'],
  'cosmic-cash': ['PL', 'FI'],
  'rocket-fox': ['GB', 'NO'],
}

const studio: SeedGame[] = STUDIO_TITLES.flatMap((title) => {
  const listing = STUDIO_LISTING[title.code]
  if (!listing) return []
  const [releaseDate, popularity] = listing
  return [
    {
      slug: title.code,
      title: title.title,
      provider: title.brand,
      kind: 'provider' as const,
      engine: `${title.brand}:${title.code}`,
      categories: [title.category],
      tags: [title.category === 'slots' ? 'video-slot' : title.kind, title.stated.volatility],
      rtpBp: title.stated.rtpBp,
      volatility: title.stated.volatility,
      restrictedCountries: RESTRICTED[title.code] ?? [],
      releaseDate,
      popularity,
      stakes: title.category === 'table-games' ? ('table' as const) : ('slots' as const),
    },
  ]
})

/** Titles released in the 90 days before this date are "New"; the 20 most played are "Popular". */
const NEW_SINCE = '2026-09-01'
const POPULAR_COUNT = 20

/** Every seeded title with its derived "new" and "popular" categories. */
export function seedGameList(): SeedGame[] {
  const all = [...originals, ...live, ...studio]
  const popular = new Set(
    [...all]
      .sort((a, b) => b.popularity - a.popularity)
      .slice(0, POPULAR_COUNT)
      .map((game) => game.slug),
  )
  return all.map((game) => ({
    ...game,
    categories: [
      ...new Set([
        ...game.categories,
        ...(game.releaseDate >= NEW_SINCE ? ['new'] : []),
        ...(popular.has(game.slug) ? ['popular'] : []),
      ]),
    ],
  }))
}

/** A game's id is derived from its slug, so the seed can run again without lookups. */
export const seedGameId = (slug: string) => uuidv5(`game:${slug}`)

/**
 * The demo catalogue (issue 6): providers, 60-odd titles and stake limits in every currency the
 * rate table knows, derived from euro ranges. Rows that exist are left alone.
 */
export async function seedGames(tx: Tx): Promise<void> {
  await tx
    .insert(gameProviders)
    .values(SEED_PROVIDERS.map((provider) => ({ ...provider })))
    .onConflictDoNothing()
  const list = seedGameList()
  await tx
    .insert(games)
    .values(
      list.map((game) => ({
        id: seedGameId(game.slug),
        slug: game.slug,
        title: game.title,
        providerId: game.provider,
        kind: game.kind,
        engine: game.engine,
        categories: game.categories,
        tags: game.tags,
        rtpBp: game.rtpBp,
        volatility: game.volatility,
        isLive: game.isLive ?? false,
        hasDemo: game.hasDemo ?? true,
        restrictedCountries: game.restrictedCountries ?? [],
        releaseDate: game.releaseDate,
        popularity: game.popularity,
        thumbnailUrl: `/games/art/${game.slug}.svg`,
      })),
    )
    .onConflictDoNothing()
  const rates = rateTable(
    Object.entries(DEFAULT_UNITS_PER_EUR).map(([currency, unitsPerEur]) => ({
      currency,
      unitsPerEur,
    })),
  )
  const currencies = (Object.keys(CURRENCY_EXPONENTS) as CurrencyCode[]).filter(
    (code) => code in DEFAULT_UNITS_PER_EUR,
  )
  await tx
    .insert(gameStakeLimits)
    .values(
      list.flatMap((game) =>
        currencies.map((currency) => ({
          gameId: seedGameId(game.slug),
          currency,
          minMinor: fromEurRounded(rates, STAKE_EUR[game.stakes].min, currency),
          maxMinor: fromEurRounded(rates, STAKE_EUR[game.stakes].max, currency),
        })),
      ),
    )
    .onConflictDoNothing()
}

/**
 * Stores a studio's sealed signing secret when it has none yet: an operator's rotated secret is
 * left alone, like every other seeded row.
 */
export async function seedProviderSecret(tx: Tx, providerId: string, sealed: string) {
  await tx
    .update(gameProviders)
    .set({ apiSecretSealed: sealed })
    .where(and(eq(gameProviders.id, providerId), isNull(gameProviders.apiSecretSealed)))
}
