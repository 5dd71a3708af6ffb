import { and, eq, isNotNull, isNull, not, like, sql } from 'drizzle-orm'
import type { Db } from '#db/client.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { hashChains } from '../live/live.tables.ts'
import { fairnessSeeds } from './originals.tables.ts'

/** Seed pairs sealed per statement, so that a large table converts in bounded steps. */
const SEEDS_PER_BATCH = 500

/** How a sealed value begins (`SecretBox.seal`); a plain secret is hex and never does. */
const SEALED_PREFIX = 'v1.'

/**
 * Seals the game secrets a database holds in plain text from before they were sealed at rest:
 * the server seeds of seed pairs still in use, and the live games' chain secrets. Revealed seeds
 * stay in plain text (they are public). Runs at every start, after the migrations; each
 * statement changes only rows still in plain text, so a second run, or a second instance
 * starting at the same moment, changes nothing.
 */
export async function sealGameSecrets(
  db: Db,
  box: SecretBox,
): Promise<{ seeds: number; chains: number }> {
  let seeds = 0
  for (;;) {
    const plain = await db
      .select({ id: fairnessSeeds.id, serverSeed: fairnessSeeds.serverSeed })
      .from(fairnessSeeds)
      .where(and(isNull(fairnessSeeds.revealedAt), isNotNull(fairnessSeeds.serverSeed)))
      .limit(SEEDS_PER_BATCH)
    if (plain.length === 0) break
    const rows = sql.join(
      plain.map(({ id, serverSeed }) => {
        const seed = serverSeed ?? ''
        return sql`(${id}::uuid, ${seed}, ${box.seal(seed)})`
      }),
      sql`, `,
    )
    // Only while the row still holds that plain seed and is still in use.
    const sealed = await db.execute(sql`
      update ${fairnessSeeds} set server_seed_sealed = v.sealed, server_seed = null
      from (values ${rows}) as v(id, plain, sealed)
      where ${fairnessSeeds.id} = v.id and ${fairnessSeeds.serverSeed} = v.plain
        and ${fairnessSeeds.revealedAt} is null
      returning ${fairnessSeeds.id}`)
    const count = (sealed as { rows: unknown[] }).rows.length
    seeds += count
    // Nothing of a batch sealed: every row of it changed meanwhile; the next start looks again.
    if (count === 0) break
  }

  let chains = 0
  const plainChains = await db
    .select({ game: hashChains.game, secret: hashChains.secretSeedSealed })
    .from(hashChains)
    .where(not(like(hashChains.secretSeedSealed, `${SEALED_PREFIX}%`)))
  for (const { game, secret } of plainChains) {
    const sealed = await db
      .update(hashChains)
      .set({ secretSeedSealed: box.seal(secret) })
      .where(and(eq(hashChains.game, game), eq(hashChains.secretSeedSealed, secret)))
      .returning({ game: hashChains.game })
    chains += sealed.length
  }
  return { seeds, chains }
}
