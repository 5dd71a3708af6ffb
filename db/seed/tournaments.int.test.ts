import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { and, asc, count, desc, eq, inArray, like, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCALE_PREFIXES } from '#common/locales.ts'
import {
  paidPlaces,
  prizeOfPlace,
  prizeTableIsValid,
  tournamentPhase,
} from '#common/tournament-rules.ts'
import { hashServerSeed } from '#server/modules/originals/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { verifyPassword } from '#server/modules/players/index.ts'
import { lootboxes } from '#server/modules/rewards/rewards.tables.ts'
import {
  tournamentEntries,
  tournamentPrizes,
  tournamentResults,
  tournaments,
} from '#server/modules/tournaments/tournaments.tables.ts'
import { testSecretBox } from '#tests/factories/players.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { DEMO_PLAYER } from './demo-accounts.ts'
import {
  FINISHED_SLUG,
  RIVAL_EMAIL_DOMAIN,
  RIVALS,
  RUNNING_SLUG,
  UPCOMING_SLUG,
  seedTournaments,
} from './tournaments.ts'

let t: TestApp
const db = () => t.database.db
beforeAll(async () => {
  t = await buildTestApp()
})

const SLUGS = [RUNNING_SLUG, UPCOMING_SLUG, FINISHED_SLUG]

/** Every locale there, every field non-empty. */
function expectComplete(texts: Record<string, Record<string, string>>, what: string) {
  expect(Object.keys(texts).sort(), what).toEqual([...LOCALE_PREFIXES].sort())
  for (const [locale, fields] of Object.entries(texts)) {
    for (const [field, value] of Object.entries(fields)) {
      expect(value.trim(), `${what} ${locale} ${field}`).not.toBe('')
    }
  }
}

/** No locale of another language left in English. */
function expectTranslated(texts: Record<string, Record<string, string>>, what: string) {
  for (const locale of ['de', 'fr', 'pt', 'no', 'pl', 'fi', 'ar-en', 'it', 'ee'] as const) {
    for (const [field, value] of Object.entries(texts[locale] ?? {})) {
      expect(value, `${what} ${locale} ${field} is English`).not.toBe(texts.en?.[field])
    }
  }
  // Arabic is written in Arabic script.
  for (const value of Object.values(texts['ar-en'] ?? {})) {
    expect(value, `${what} ar-en`).toMatch(/[\u0600-\u06FF]/)
  }
}

async function seeded() {
  const rows = await db().select().from(tournaments).where(inArray(tournaments.slug, SLUGS))
  const bySlug = new Map(rows.map((row) => [row.slug, row]))
  const get = (slug: string) => {
    const row = bySlug.get(slug)
    if (!row) throw new Error(`no seeded tournament ${slug}`)
    return row
  }
  return { running: get(RUNNING_SLUG), upcoming: get(UPCOMING_SLUG), finished: get(FINISHED_SLUG) }
}

const boardOf = (tournamentId: number) =>
  db()
    .select({
      playerId: tournamentEntries.playerId,
      score: tournamentEntries.score,
      reachedAt: tournamentEntries.reachedAt,
      email: players.email,
    })
    .from(tournamentEntries)
    .innerJoin(players, eq(players.id, tournamentEntries.playerId))
    .where(eq(tournamentEntries.tournamentId, tournamentId))
    .orderBy(
      desc(tournamentEntries.score),
      sql`${tournamentEntries.reachedAt} asc nulls last`,
      asc(tournamentEntries.id),
    )

describe('the tournaments seed', () => {
  it('holds a running, an upcoming and a finished tournament, every text in every locale, every image on disk', async () => {
    const { running, upcoming, finished } = await seeded()
    const now = new Date()
    expect(tournamentPhase(running, now)).toBe('running')
    expect(running.startedAt).not.toBeNull()
    expect(tournamentPhase(upcoming, now)).toBe('upcoming')
    expect(upcoming.startedAt).toBeNull()
    expect(upcoming.entryFeeKind).toBe('coins')
    expect(finished.endsAt.getTime()).toBeLessThan(now.getTime())
    // Finished once the settlement pays it (below); until then the finish job's to do.
    expect(['finishing', 'finished']).toContain(tournamentPhase(finished, now))

    const all = [running, upcoming, finished]
    expect(new Set(all.map((row) => row.imageUrl)).size).toBe(3)
    expect(new Set(all.map((row) => row.scoring)).size).toBe(3)
    for (const row of all) {
      expectComplete(row.texts, row.slug)
      expectTranslated(row.texts, row.slug)
      expect(row.imageUrl).toMatch(/^\/tournaments\/[a-z-]+\.svg$/)
      expect(existsSync(join('public', row.imageUrl)), row.imageUrl).toBe(true)
      // Sealed until the finish reveals it.
      const seed = row.serverSeed ?? testSecretBox.open(row.serverSeedSealed ?? '')
      expect(hashServerSeed(seed)).toBe(row.serverSeedHash)
    }
  })

  it('pays cash, bonus money, coins and lootboxes, in tables from place 1, labelled in every locale', async () => {
    const { running, upcoming, finished } = await seeded()
    const kinds = new Set<string>()
    for (const row of [running, upcoming, finished]) {
      const prizes = await db()
        .select()
        .from(tournamentPrizes)
        .where(eq(tournamentPrizes.tournamentId, row.id))
      expect(prizeTableIsValid(prizes), row.slug).toBe(true)
      for (const prize of prizes) {
        kinds.add(prize.prize.kind)
        expectComplete(prize.texts, `${row.slug} place ${String(prize.fromPlace)}`)
        expectTranslated(prize.texts, `${row.slug} place ${String(prize.fromPlace)}`)
        if (prize.prize.kind === 'lootbox') {
          const [box] = await db()
            .select({ id: lootboxes.id })
            .from(lootboxes)
            .where(eq(lootboxes.id, prize.prize.lootboxId))
          expect(box, `${row.slug} lootbox`).toBeDefined()
        }
      }
    }
    expect([...kinds].sort()).toEqual(['bonus', 'cash', 'coins', 'lootbox'])
  })

  it('fills the boards with a dozen rivals who cannot sign in, the demo player mid-board and in the coins', async () => {
    const rivals = await db()
      .select()
      .from(players)
      .where(like(players.email, `%@${RIVAL_EMAIL_DOMAIN}`))
    expect(rivals).toHaveLength(12)
    expect(new Set(rivals.map((rival) => rival.country)).size).toBeGreaterThanOrEqual(10)
    expect(new Set(rivals.map((rival) => rival.locale)).size).toBeGreaterThanOrEqual(10)
    expect(new Set(rivals.map((rival) => rival.passwordHash)).size).toBe(12)
    const [someone] = rivals
    expect(await verifyPassword(someone?.passwordHash, 'password')).toBe(false)

    const { running, upcoming, finished } = await seeded()
    const runningBoard = await boardOf(running.id)
    expect(runningBoard.length).toBeGreaterThanOrEqual(13)
    expect(running.participantCount).toBe(runningBoard.length)
    expect(running.leaderboardVersion).toBeGreaterThan(0)
    const demoPlace = runningBoard.findIndex((row) => row.email === DEMO_PLAYER.email) + 1
    expect(demoPlace).toBeGreaterThan(3)
    expect(demoPlace).toBeLessThan(runningBoard.length - 2)
    // Every scored entry reached its score while the tournament ran.
    for (const row of runningBoard.filter((entry) => entry.score > 0n)) {
      expect(row.reachedAt?.getTime()).toBeGreaterThanOrEqual(running.startsAt.getTime())
      expect(row.reachedAt?.getTime()).toBeLessThanOrEqual(Date.now())
    }
    expect(upcoming.participantCount).toBe(0)

    const finishedBoard = await boardOf(finished.id)
    expect(finished.participantCount).toBe(finishedBoard.length)
    const finishedPlace = finishedBoard.findIndex((row) => row.email === DEMO_PLAYER.email) + 1
    const prizes = await db()
      .select()
      .from(tournamentPrizes)
      .where(eq(tournamentPrizes.tournamentId, finished.id))
    expect(finishedPlace).toBeGreaterThan(0)
    expect(finishedPlace).toBeLessThanOrEqual(paidPlaces(prizes))
    // The demo player's money and bonuses are the wallet journey's baseline.
    expect(['coins', 'lootbox']).toContain(prizeOfPlace(prizes, finishedPlace)?.prize.kind)
    for (const row of finishedBoard) {
      expect(row.reachedAt?.getTime()).toBeLessThan(finished.endsAt.getTime())
    }
  })

  it('adds nothing when it runs again', async () => {
    const counts = async () => ({
      tournaments: (await db().select({ n: count() }).from(tournaments))[0]?.n,
      prizes: (await db().select({ n: count() }).from(tournamentPrizes))[0]?.n,
      entries: (await db().select({ n: count() }).from(tournamentEntries))[0]?.n,
      rivals: (
        await db()
          .select({ n: count() })
          .from(players)
          .where(like(players.email, `%@${RIVAL_EMAIL_DOMAIN}`))
      )[0]?.n,
      heads: (await seeded().then((rows) => Object.values(rows))).map((row) => [
        row.participantCount,
        row.leaderboardVersion,
        row.serverSeedHash,
      ]),
    })
    const before = await counts()
    await seedTournaments(db(), testSecretBox)
    expect(await counts()).toEqual(before)
    expect(RIVALS).toHaveLength(12)
  })

  it('settles the finished tournament: results, paid prizes, revealed seeds', async () => {
    const { finished } = await seeded()
    expect(finished.finishedAt).not.toBeNull()
    expect(tournamentPhase(finished, new Date())).toBe('finished')
    expect(finished.serverSeed).not.toBeNull()
    expect(hashServerSeed(finished.serverSeed ?? '')).toBe(finished.serverSeedHash)
    expect(finished.clientSeed).not.toBeNull()
    const results = await db()
      .select()
      .from(tournamentResults)
      .where(eq(tournamentResults.tournamentId, finished.id))
      .orderBy(asc(tournamentResults.place))
    const board = await boardOf(finished.id)
    expect(results.map((row) => row.playerId)).toEqual(board.map((row) => row.playerId))
    const prizes = await db()
      .select()
      .from(tournamentPrizes)
      .where(eq(tournamentPrizes.tournamentId, finished.id))
    for (const result of results) {
      expect(result.prize).toEqual(prizeOfPlace(prizes, result.place)?.prize ?? null)
    }
    const [demo] = await db()
      .select({ place: tournamentResults.place, prize: tournamentResults.prize })
      .from(tournamentResults)
      .innerJoin(players, eq(players.id, tournamentResults.playerId))
      .where(
        and(eq(tournamentResults.tournamentId, finished.id), eq(players.email, DEMO_PLAYER.email)),
      )
    expect(['coins', 'lootbox']).toContain(demo?.prize?.kind)
  })
})
