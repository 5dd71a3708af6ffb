import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '#tests/helpers/test-database.ts'
import type { Database } from '#db/client.ts'
import { gameProviders, games, gameStakeLimits } from '#server/modules/catalogue/catalogue.tables.ts'
import { STUDIO_TITLES } from '../../providers/demo-studio/sheet.ts'
import { BRANDS } from '../../providers/demo-studio/games/types.ts'
import { seedGameId } from './games.ts'

// The casino lists what the Demo Studio's integration sheet states: every title, under its brand,
// with the RTP and volatility the studio states for it (the game panel shows them to players).

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})

describe('the seeded listing of the Demo Studio', () => {
  it('lists every title of the sheet, with its brand, RTP, volatility and stake limits', async () => {
    const rows = await database.db
      .select({
        id: games.id,
        slug: games.slug,
        providerId: games.providerId,
        kind: games.kind,
        engine: games.engine,
        rtpBp: games.rtpBp,
        volatility: games.volatility,
        categories: games.categories,
      })
      .from(games)
      .where(eq(games.kind, 'provider'))
    const bySlug = new Map(rows.map((row) => [row.slug, row]))
    for (const title of STUDIO_TITLES) {
      expect(bySlug.get(title.code), title.code).toMatchObject({
        id: seedGameId(title.code),
        providerId: title.brand,
        engine: `${title.brand}:${title.code}`,
        rtpBp: title.stated.rtpBp,
        volatility: title.stated.volatility,
      })
      expect(bySlug.get(title.code)?.categories, title.code).toContain(title.category)
    }
    // Nothing listed for the studio's brands that the sheet does not have.
    const sheet = new Set(STUDIO_TITLES.map((title) => title.code))
    const brands = new Set<string>(BRANDS)
    expect(rows.filter((row) => brands.has(row.providerId) && !sheet.has(row.slug)).map((row) => row.slug)).toEqual([])
    const limits = await database.db
      .select({ gameId: gameStakeLimits.gameId })
      .from(gameStakeLimits)
      .where(eq(gameStakeLimits.currency, 'EUR'))
    const limited = new Set(limits.map((limit) => limit.gameId))
    for (const title of STUDIO_TITLES) expect(limited.has(seedGameId(title.code)), title.code).toBe(true)
  })

  it('has each brand as a provider with the studio’s secret sealed', async () => {
    const providers = await database.db
      .select({ id: gameProviders.id, sealed: gameProviders.apiSecretSealed })
      .from(gameProviders)
    for (const brand of BRANDS) {
      const row = providers.find((provider) => provider.id === brand)
      expect(row, brand).toBeDefined()
      expect(row?.sealed, brand).toBeTruthy()
    }
  })
})
