import { eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import { fairnessSeeds, minesRounds } from '#server/modules/originals/originals.tables.ts'
import { minePositions, serverSeedOf } from '#server/modules/originals/index.ts'
import { testSecretBox } from './test-secrets.ts'

/** A tile without a mine in a running round, read from its seed pair as only the server can. */
export async function safeTile(db: Db, roundId: string): Promise<number> {
  const [round] = await db.select().from(minesRounds).where(eq(minesRounds.id, roundId))
  if (!round) throw new Error('no round')
  const [seed] = await db.select().from(fairnessSeeds).where(eq(fairnessSeeds.id, round.seedId))
  if (!seed) throw new Error('no seed')
  const mines = minePositions(
    {
      serverSeed: serverSeedOf(testSecretBox, seed),
      clientSeed: seed.clientSeed,
      nonce: round.nonce,
    },
    round.mines,
  )
  return Array.from({ length: 25 }, (_, tile) => tile).find((tile) => !mines.includes(tile)) ?? 0
}
