import { and, eq, isNull } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { CURRENCY_EXPONENTS, type CurrencyCode } from '#common/money.ts'
import { uuidv5 } from '#server/lib/ids.ts'
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
 * Studio titles: [title, provider, category, rtp bp, volatility, release date, popularity]. The
 * Demo Studio's slots are themes of its one slot (providers/demo-studio/slot.ts: 96.40 %,
 * medium volatility).
 */
const STUDIO_TITLES: [string, SeedGame['provider'], string, number, Volatility, string, number][] =
  [
    ['Aurora Riches', 'northern-lights', 'slots', 9612, 'high', '2026-10-28', 860],
    ['Fjord Fortune', 'northern-lights', 'slots', 9580, 'medium', '2025-11-04', 640],
    ['Polar Wilds', 'northern-lights', 'slots', 9624, 'high', '2025-08-19', 520],
    ['Midnight Sun Megaways', 'northern-lights', 'slots', 9650, 'high', '2026-09-15', 880],
    ['Viking Voyage', 'northern-lights', 'slots', 9601, 'medium', '2025-05-02', 710],
    ['Snowfall Sevens', 'northern-lights', 'slots', 9550, 'low', '2024-12-01', 330],
    ['Northern Blackjack', 'northern-lights', 'table-games', 9950, 'low', '2025-02-11', 590],
    ['Reindeer Run', 'northern-lights', 'slots', 9575, 'medium', '2026-11-10', 450],
    ['Live Blackjack Nord', 'northern-lights', 'live-casino', 9940, 'low', '2025-09-09', 760],
    ['Ice Crash', 'northern-lights', 'crash', 9700, 'high', '2026-06-06', 610],
    ['Golden Reels Deluxe', 'golden-reel', 'slots', 9620, 'medium', '2025-03-14', 800],
    ['Pharaoh’s Gold', 'golden-reel', 'slots', 9610, 'high', '2024-10-10', 690],
    ['Lucky Clover Link', 'golden-reel', 'slots', 9560, 'medium', '2025-07-07', 560],
    ['Jewel Cascade', 'golden-reel', 'slots', 9600, 'low', '2026-10-01', 480],
    ['Royal Sevens', 'golden-reel', 'slots', 9520, 'low', '2024-06-21', 300],
    ['Dragon Hoard', 'golden-reel', 'slots', 9640, 'high', '2026-08-18', 830],
    ['Gold Rush Express', 'golden-reel', 'slots', 9590, 'medium', '2025-12-12', 600],
    ['Baccarat Gold', 'golden-reel', 'table-games', 9876, 'low', '2025-04-04', 510],
    ['Golden Wheel Live', 'golden-reel', 'live-casino', 9600, 'medium', '2026-05-05', 700],
    ['Treasure Temple', 'golden-reel', 'slots', 9605, 'high', '2026-11-02', 540],
    ['Fox Tales', 'red-fox', 'slots', 9615, 'medium', '2025-10-10', 620],
    ['Crimson Canyon', 'red-fox', 'slots', 9580, 'high', '2025-01-30', 410],
    ['Wild West Wanted', 'red-fox', 'slots', 9630, 'high', '2026-07-21', 770],
    ['Fruit Frenzy', 'red-fox', 'slots', 9540, 'low', '2024-09-09', 380],
    ['Cherry Bomb', 'red-fox', 'slots', 9570, 'medium', '2026-10-20', 500],
    ['Red Fox Poker', 'red-fox', 'table-games', 9820, 'low', '2025-06-16', 350],
    ['Rocket Fox', 'red-fox', 'crash', 9650, 'high', '2026-09-01', 660],
    ['Casino Hold’em', 'red-fox', 'table-games', 9784, 'medium', '2024-11-11', 420],
    ['Live Baccarat Squeeze', 'red-fox', 'live-casino', 9880, 'low', '2025-08-08', 580],
    ['Lantern Festival', 'red-fox', 'slots', 9595, 'medium', '2026-02-14', 470],
    ['Deep Blue Pearls', 'blue-harbour', 'slots', 9610, 'medium', '2025-09-19', 530],
    ['Harbour Lights', 'blue-harbour', 'slots', 9585, 'low', '2024-08-08', 290],
    ['Kraken’s Call', 'blue-harbour', 'slots', 9645, 'high', '2026-10-05', 790],
    ['Pirate Plunder', 'blue-harbour', 'slots', 9600, 'high', '2025-04-25', 650],
    ['Coral Keno', 'blue-harbour', 'table-games', 9500, 'medium', '2024-07-07', 210],
    ['Lighthouse Bingo', 'blue-harbour', 'table-games', 9400, 'low', '2024-05-05', 180],
    ['Sails of Fortune', 'blue-harbour', 'slots', 9565, 'medium', '2026-11-15', 430],
    ['Live Sic Bo', 'blue-harbour', 'live-casino', 9722, 'medium', '2025-12-01', 440],
    ['Jet Harbour', 'blue-harbour', 'crash', 9600, 'high', '2025-07-30', 390],
    ['Anchor Roulette', 'blue-harbour', 'table-games', 9730, 'medium', '2025-03-03', 360],
    ['Starlight Spins', 'demo-studio', 'slots', 9640, 'medium', '2026-06-30', 570],
    ['Neon Nights', 'demo-studio', 'slots', 9640, 'medium', '2026-10-12', 680],
    ['Candy Castle', 'demo-studio', 'slots', 9640, 'medium', '2025-02-22', 340],
    ['Cosmic Cash', 'demo-studio', 'slots', 9640, 'medium', '2025-11-25', 730],
    ['Jungle Gems', 'demo-studio', 'slots', 9640, 'medium', '2024-12-24', 400],
    ['Samurai Spirit', 'demo-studio', 'slots', 9640, 'medium', '2026-04-04', 550],
    ['Demo Blackjack', 'demo-studio', 'table-games', 9950, 'low', '2025-05-15', 270],
    ['Video Poker Jacks', 'demo-studio', 'table-games', 9954, 'low', '2024-04-04', 230],
    ['Mega Balloon', 'demo-studio', 'crash', 9700, 'high', '2026-10-25', 590],
    ['Live Dream Catcher', 'demo-studio', 'live-casino', 9642, 'medium', '2026-01-01', 620],
    ['Space Miner', 'demo-studio', 'slots', 9640, 'medium', '2025-10-31', 460],
    ['Book of Runes', 'northern-lights', 'slots', 9621, 'high', '2026-03-21', 750],
    ['Speed Roulette Live', 'northern-lights', 'live-casino', 9730, 'medium', '2026-02-20', 680],
    ['Lucky Plinko', 'golden-reel', 'crash', 9800, 'medium', '2026-07-07', 560],
    ['Sunset Scratch', 'red-fox', 'table-games', 9500, 'low', '2026-09-27', 260],
    ['Tidal Riches', 'blue-harbour', 'slots', 9615, 'medium', '2026-11-18', 370],
  ]

/** A few titles are not licensed everywhere (the lobby hides them in those countries). */
const RESTRICTED: Record<string, string[]> = {
  'pharaohs-gold': ['GB'],
  'wild-west-wanted': ['DE', 'AT'],
  'live-baccarat-squeeze': ['FR'],
  'cosmic-cash': ['PL', 'FI'],
  'rocket-fox': ['GB', 'NO'],
}

export const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

const studio: SeedGame[] = STUDIO_TITLES.map(
  ([title, provider, category, rtpBp, volatility, releaseDate, popularity]) => {
    const slug = slugOf(title)
    const isLive = category === 'live-casino'
    return {
      slug,
      title,
      provider,
      kind: 'provider' as const,
      engine: `${provider}:${slug}`,
      categories: [category],
      tags: [category === 'slots' ? 'video-slot' : category, volatility],
      rtpBp,
      volatility,
      isLive,
      // Live tables have no play money; the rest may be tried.
      hasDemo: !isLive,
      restrictedCountries: RESTRICTED[slug] ?? [],
      releaseDate,
      popularity,
      stakes: isLive ? 'live' : category === 'table-games' ? 'table' : 'slots',
    }
  },
)

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
