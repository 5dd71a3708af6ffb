import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { weightedIndex, type Prize } from '#common/rewards-rules.ts'
import type { Tx } from '#db/client.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { serverSeedOf, takeNonce, uint32Stream } from '#server/modules/originals/index.ts'
import { fairnessSeeds } from '#server/modules/originals/originals.tables.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { rewardDraws } from './rewards.tables.ts'

/** An odds table's entry as drawn: its id (segment or lootbox prize), weight and prize. */
export interface DrawEntry {
  id: number
  weight: number
  prize: Prize
}

/**
 * The entry a wheel spin or a lootbox opening picks with a seed pair at a nonce: the first uint32
 * of the draw's stream, through `weightedIndex`. The verify page and `sim:odds` run the same steps.
 */
export function drawIndex(
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
  weights: readonly number[],
): number {
  const first = uint32Stream(seeds).next().value as number
  return weightedIndex(first, weights)
}

/**
 * Draws one entry of `entries` with the player's active seed pair at its next nonce, inside the
 * caller's transaction (which locked what the draw spends), and records it (`reward_draws`) with
 * the odds table as it stood, so the player can recompute it once the pair is revealed. Taking
 * the nonce locks the pair, so a rotation cannot reveal the seed halfway.
 */
export async function drawEntry(
  tx: Tx,
  box: SecretBox,
  draw: {
    playerId: string
    kind: 'wheel' | 'lootbox'
    sourceId: number
    entries: readonly DrawEntry[]
    now: Date
  },
) {
  const [player] = await tx
    .select({ currency: players.currency })
    .from(players)
    .where(eq(players.id, draw.playerId))
  if (!player) throw new Error(`player ${draw.playerId} not found`)
  const taken = await takeNonce(tx, box, draw.playerId, player.currency)
  if (!taken) throw new Error(`no seed pair for player ${draw.playerId}`)
  const [pair] = await tx.select().from(fairnessSeeds).where(eq(fairnessSeeds.id, taken.id))
  if (!pair) throw new Error(`seed pair ${taken.id} vanished`)
  const weights = draw.entries.map((entry) => entry.weight)
  const index = drawIndex(
    { serverSeed: serverSeedOf(box, pair), clientSeed: taken.clientSeed, nonce: taken.nonce },
    weights,
  )
  const entry = draw.entries[index]
  if (!entry) throw new Error('draw outside its odds table')
  const [row] = await tx
    .insert(rewardDraws)
    .values({
      id: randomUUID(),
      playerId: draw.playerId,
      kind: draw.kind,
      sourceId: draw.sourceId,
      seedPairId: taken.id,
      nonce: taken.nonce,
      weights,
      entryIds: draw.entries.map((candidate) => candidate.id),
      index,
      prize: entry.prize,
      createdAt: draw.now,
    })
    .returning()
  if (!row) throw new Error('draw not recorded')
  return { draw: row, entry, index }
}
