import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Prize } from '#common/rewards-rules.ts'
import type { Db } from '#db/client.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { hashServerSeed, newServerSeed } from '#server/modules/originals/index.ts'
import {
  tournamentEntries,
  tournamentPrizes,
  tournaments,
} from '#server/modules/tournaments/tournaments.tables.ts'
import { everyLocale } from './engagement.ts'
import { testSecretBox } from './test-secrets.ts'

const HOUR = 3_600_000

export type TournamentRow = typeof tournaments.$inferSelect
type TournamentInsert = typeof tournaments.$inferInsert

/** One row of a test tournament's prize table; the label defaults to "Place <from>". */
export interface TestPlacePrize {
  fromPlace: number
  toPlace: number
  prize: Prize
  label?: string
}

export type TournamentOverrides = Partial<
  Omit<TournamentInsert, 'serverSeedSealed' | 'serverSeedHash'>
> & {
  /** The title in every locale (ignored when `texts` is given). */
  title?: string
  /** The prize table; default: places 1, 2 and 3 win 100, 50 and 25 coins. */
  prizes?: readonly TestPlacePrize[]
}

const coins = (amount: number): Prize => ({ kind: 'coins', coinsMinor: String(amount * 100) })

export const DEFAULT_TEST_PRIZES: readonly TestPlacePrize[] = [
  { fromPlace: 1, toPlace: 1, prize: coins(100) },
  { fromPlace: 2, toPlace: 2, prize: coins(50) },
  { fromPlace: 3, toPlace: 3, prize: coins(25) },
]

/**
 * A tournament of the test's own, written straight to the tables: running since an hour ago for a
 * day, `total_wagered` on every game and currency, free entry, with a prize table and a committed
 * server seed sealed with the test apps' data key (`seed` is the plain seed, for checking a draw).
 * Any column can be overridden. Caches that hold tournaments (the scorer's) are dropped by
 * publishing `tournaments.content.changed` on the app's bus, as an operator's edit does.
 */
export async function createTournament(
  db: Db,
  overrides: TournamentOverrides = {},
): Promise<TournamentRow & { seed: string; prizes: readonly TestPlacePrize[] }> {
  const { title, prizes = DEFAULT_TEST_PRIZES, ...columns } = overrides
  const now = Date.now()
  const seed = newServerSeed()
  const [row] = await db
    .insert(tournaments)
    .values({
      slug: `test-${randomUUID().slice(0, 8)}`,
      texts: everyLocale({ title: title ?? 'Test tournament', text: 'Play', imageAlt: 'Art' }),
      imageUrl: '/tournaments/art/test.svg',
      scoring: 'total_wagered',
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + 24 * HOUR),
      ...columns,
      serverSeedSealed: testSecretBox.seal(seed),
      serverSeedHash: hashServerSeed(seed),
    })
    .returning()
  if (!row) throw new Error('no tournament')
  if (prizes.length > 0) {
    await db.insert(tournamentPrizes).values(
      prizes.map((place) => ({
        tournamentId: row.id,
        fromPlace: place.fromPlace,
        toPlace: place.toPlace,
        prize: place.prize,
        texts: everyLocale({ label: place.label ?? `Place ${String(place.fromPlace)}` }),
      })),
    )
  }
  return { ...row, seed, prizes }
}

/**
 * Enters a player as a free join would (an entry row, the participant count raised), without the
 * join call's checks or fee. Answers the entry's id.
 */
export async function enterTournament(
  db: Db,
  tournamentId: number,
  playerId: string,
  entry: { score?: bigint; reachedAt?: Date | null; bets?: number } = {},
): Promise<string> {
  const id = uuidv7()
  await db.transaction(async (tx) => {
    await tx.insert(tournamentEntries).values({
      id,
      tournamentId,
      playerId,
      score: entry.score ?? 0n,
      reachedAt: entry.reachedAt ?? null,
      bets: entry.bets ?? 0,
    })
    await tx
      .update(tournaments)
      .set({ participantCount: sql`${tournaments.participantCount} + 1` })
      .where(eq(tournaments.id, tournamentId))
  })
  return id
}

/** A player's entry row in a tournament, if they joined. */
export async function entryOf(db: Db, tournamentId: number, playerId: string) {
  const [row] = await db
    .select()
    .from(tournamentEntries)
    .where(
      and(
        eq(tournamentEntries.tournamentId, tournamentId),
        eq(tournamentEntries.playerId, playerId),
      ),
    )
  return row
}
