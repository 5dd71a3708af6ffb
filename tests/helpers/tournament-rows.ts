import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { LOCALES } from '#common/locales.ts'
import type { Prize } from '#common/rewards-rules.ts'
import type { Db } from '#db/client.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { hashServerSeed, newServerSeed } from '#server/modules/originals/index.ts'
import type { LocalizedTexts } from '#server/modules/engagement/engagement.tables.ts'
import {
  tournamentEntries,
  tournamentPrizes,
  tournamentResults,
  tournaments,
} from '#server/modules/tournaments/tournaments.tables.ts'
import { testSecretBox } from './test-secrets.ts'

// Tournament rows written straight to the tables, for the players' calls' tests (the operators'
// calls and the scoring have their own): each test makes the tournaments it reads.

type TournamentInsert = typeof tournaments.$inferInsert
export type TournamentRow = typeof tournaments.$inferSelect

const HOUR_MS = 3_600_000

/** A text per locale that names its locale, so a test sees which language it got. */
export function textsPerLocale<F extends string>(
  make: (locale: string) => Record<F, string>,
): LocalizedTexts<F> {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale.prefix, make(locale.prefix)]),
  ) as LocalizedTexts<F>
}

export interface PrizeInput {
  fromPlace: number
  toPlace: number
  prize: Prize
  label?: string
}

/** 500 coins for the first place, 100 each for the second and third. */
export const DEFAULT_PRIZES: PrizeInput[] = [
  { fromPlace: 1, toPlace: 1, prize: { kind: 'coins', coinsMinor: '50000' }, label: 'Gold' },
  { fromPlace: 2, toPlace: 3, prize: { kind: 'coins', coinsMinor: '10000' }, label: 'Silver' },
]

/**
 * A tournament, running for an hour around now unless told otherwise, free, scored by total
 * wagered, with `DEFAULT_PRIZES`. `phase` sets the schedule: `upcoming` starts in an hour,
 * `finishing` ended a minute ago, `finished` ended an hour ago with its seeds revealed.
 */
export async function insertTournament(
  db: Db,
  options: Partial<TournamentInsert> & {
    phase?: 'running' | 'upcoming' | 'finishing' | 'finished'
    prizes?: PrizeInput[]
    title?: string
  } = {},
): Promise<TournamentRow> {
  const { phase = 'running', prizes = DEFAULT_PRIZES, title = 'Cup', ...values } = options
  const now = Date.now()
  const schedule = {
    running: { startsAt: new Date(now - HOUR_MS), endsAt: new Date(now + HOUR_MS) },
    upcoming: { startsAt: new Date(now + HOUR_MS), endsAt: new Date(now + 2 * HOUR_MS) },
    finishing: { startsAt: new Date(now - HOUR_MS), endsAt: new Date(now - 60_000) },
    finished: {
      startsAt: new Date(now - 2 * HOUR_MS),
      endsAt: new Date(now - HOUR_MS),
      finishedAt: new Date(now - HOUR_MS + 60_000),
      serverSeed: 'revealed-server-seed',
      clientSeed: 'revealed-client-seed',
    },
  }[phase]
  const [row] = await db
    .insert(tournaments)
    .values({
      slug: `test-${randomUUID()}`,
      texts: textsPerLocale((locale) => ({
        title: `${title} (${locale})`,
        text: `About ${title} (${locale})`,
        imageAlt: `${title} art (${locale})`,
      })),
      imageUrl: '/tournaments/test.svg',
      scoring: 'total_wagered',
      serverSeedHash: 'committed-hash',
      ...schedule,
      ...values,
    })
    .returning()
  if (!row) throw new Error('no tournament')
  if (prizes.length > 0) {
    await db.insert(tournamentPrizes).values(
      prizes.map((prize) => ({
        tournamentId: row.id,
        fromPlace: prize.fromPlace,
        toPlace: prize.toPlace,
        prize: prize.prize,
        texts: textsPerLocale((locale) => ({ label: `${prize.label ?? 'Prize'} (${locale})` })),
      })),
    )
  }
  return row
}

/** An entry with a score, counted in the tournament's participants (as a join would). */
export async function insertEntry(
  db: Db,
  tournamentId: number,
  playerId: string,
  options: { score?: bigint; reachedAt?: Date | null; bets?: number } = {},
): Promise<string> {
  const id = uuidv7()
  await db.insert(tournamentEntries).values({
    id,
    tournamentId,
    playerId,
    score: options.score ?? 0n,
    reachedAt: options.reachedAt ?? null,
    bets: options.bets ?? 0,
  })
  await db
    .update(tournaments)
    .set({
      participantCount: sql`${tournaments.participantCount} + 1`,
      leaderboardVersion: sql`${tournaments.leaderboardVersion} + 1`,
    })
    .where(eq(tournaments.id, tournamentId))
  return id
}

/** A finished tournament's result row, as the finish job writes it. */
export async function insertResult(
  db: Db,
  input: {
    tournamentId: number
    place: number
    entryId: string
    playerId: string
    score: bigint
    prize: Prize | null
    byDraw?: boolean
  },
): Promise<void> {
  await db.insert(tournamentResults).values({ ...input, byDraw: input.byDraw ?? false })
}

/**
 * A tournament with its server seed sealed as an operator's create seals it (the finish opens and
 * reveals it), ended a minute ago unless told otherwise; answers the seed for the reveal's checks.
 */
export async function insertSealedTournament(
  db: Db,
  options: Parameters<typeof insertTournament>[1] = {},
): Promise<{ tournament: TournamentRow; serverSeed: string }> {
  const serverSeed = newServerSeed()
  const tournament = await insertTournament(db, {
    phase: 'finishing',
    serverSeedSealed: testSecretBox.seal(serverSeed),
    serverSeedHash: hashServerSeed(serverSeed),
    ...options,
  })
  return { tournament, serverSeed }
}
