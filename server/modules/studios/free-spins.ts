import type { Tx } from '#db/client.ts'

export interface FreeSpinsGrant {
  playerId: string
  /** The studio game's id (`games.id`). */
  gameId: string
  /** The player's wallet currency, and the stake of each spin in it. */
  currency: string
  spins: number
  stakeMinor: bigint
  /** Unique per grant (`prize:<…>`): `free_spin_grants.source_key`. */
  key: string
  now: Date
}

/** Free spins won or bought in the rewards, inside the caller's transaction. */
export async function grantFreeSpins(_tx: Tx, _grant: FreeSpinsGrant): Promise<void> {
  throw new Error('PLACEHOLDER: grantFreeSpins')
}
