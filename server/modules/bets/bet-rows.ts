import { eq } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import type { WalletEntry } from '#server/modules/wallet/index.ts'
import { type bets } from './bets.tables.ts'
import { fairnessSeeds } from '../originals/originals.tables.ts'

// A bet as every game stores it, and the seed pair it shows.

export type BetRow = typeof bets.$inferSelect

export type SeedRow = typeof fairnessSeeds.$inferSelect

/** What a bet shows of its seed pair: never the server seed while the pair is in use. */
export type BetSeed = Pick<SeedRow, 'serverSeedHash' | 'clientSeed'> & {
  serverSeed: string | null
}

export type PlacedBet =
  { isNew: true; bet: BetRow; seed: BetSeed; wallet: WalletEntry } | { isNew: false; bet: BetRow }

export async function seedOfBet(db: Db, bet: BetRow): Promise<BetSeed | undefined> {
  if (!bet.seedId) return undefined
  const [seed] = await db.select().from(fairnessSeeds).where(eq(fairnessSeeds.id, bet.seedId))
  return seed && toBetSeed(seed)
}

export const toBetSeed = (seed: SeedRow): BetSeed => ({
  serverSeedHash: seed.serverSeedHash,
  clientSeed: seed.clientSeed,
  serverSeed: seed.revealedAt ? seed.serverSeed : null,
})
