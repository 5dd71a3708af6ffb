import { randomBytes } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import { hashServerSeed, newServerSeed } from './originals/fairness.ts'
import { lockPlayLimitsSql } from '#server/modules/limits/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { fairnessSeeds } from './games.tables.ts'

const newClientSeed = () => randomBytes(8).toString('hex')

async function createSeedPair(db: Db | Tx, playerId: string, clientSeed = newClientSeed()) {
  const serverSeed = newServerSeed()
  const [row] = await db
    .insert(fairnessSeeds)
    .values({
      id: uuidv7(),
      playerId,
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
      clientSeed,
    })
    .onConflictDoNothing()
    .returning()
  return row
}

const activeWhere = (playerId: string) =>
  and(eq(fairnessSeeds.playerId, playerId), isNull(fairnessSeeds.revealedAt))

/** The player's active seed pair, made on first use. */
export async function activeSeedPair(db: Db | Tx, playerId: string) {
  const [row] = await db.select().from(fairnessSeeds).where(activeWhere(playerId))
  if (row) return row
  const created = await createSeedPair(db, playerId)
  if (created) return created
  // Made at the same moment by a parallel call: read theirs.
  const [theirs] = await db.select().from(fairnessSeeds).where(activeWhere(playerId))
  if (!theirs) throw new Error('no active seed pair after creating one')
  return theirs
}

/**
 * Takes the next nonce of the player's active pair in one statement that also locks it, so a
 * player's bets on the Originals line up one after another and no nonce is used twice. Only
 * while `currency` is the player's current one; undefined otherwise. The same statement locks the
 * player's loss and wager limits and says whether there are any, so a player without limits pays
 * no extra round trip for them (`hasPlayLimits`).
 */
export async function takeNonce(tx: Tx, playerId: string, currency: string) {
  const take = () =>
    tx
      .update(fairnessSeeds)
      .set({ nextNonce: sql`${fairnessSeeds.nextNonce} + 1` })
      .from(players)
      .where(
        and(
          activeWhere(playerId),
          eq(players.id, fairnessSeeds.playerId),
          eq(players.currency, currency),
        ),
      )
      .returning({
        id: fairnessSeeds.id,
        serverSeed: fairnessSeeds.serverSeed,
        serverSeedHash: fairnessSeeds.serverSeedHash,
        clientSeed: fairnessSeeds.clientSeed,
        nonce: sql<number>`${fairnessSeeds.nextNonce} - 1`,
        hasPlayLimits: lockPlayLimitsSql(playerId),
      })
  const [taken] = await take()
  if (taken) return taken
  // Either the first bet (no pair yet) or another currency: make the pair and try once more.
  await activeSeedPair(tx, playerId)
  const [retaken] = await take()
  return retaken
}

/** Ends the active pair (its server seed becomes public) and starts a new one. */
export async function rotateSeedPair(db: Db, playerId: string, clientSeed?: string) {
  return db.transaction(async (tx) => {
    const [ended] = await tx
      .update(fairnessSeeds)
      .set({ revealedAt: new Date() })
      .where(activeWhere(playerId))
      .returning()
    const current = await createSeedPair(tx, playerId, clientSeed)
    if (!current) throw new Error('a new seed pair could not be made')
    return { ended, current }
  })
}
