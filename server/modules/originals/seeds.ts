import { randomBytes } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { hashServerSeed, newServerSeed } from './engines/fairness.ts'
import { playerBonuses } from '#server/modules/bonuses/bonuses.tables.ts'
import type { PlayerBonusRow } from '#server/modules/bonuses/index.ts'
import { hasPlayChecksSql, lockPlayChecksSql } from '#server/modules/limits/index.ts'
import { jurisdictionOf } from '#common/protection.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { minesRounds } from './originals.tables.ts'
import { fairnessSeeds } from './originals.tables.ts'

type SeedRow = typeof fairnessSeeds.$inferSelect

const newClientSeed = () => randomBytes(8).toString('hex')

/**
 * A pair's server seed in plain text: stored so once revealed, else opened from its sealed form
 * (a few microseconds; the one-step bets open it once per pair, in `seedState`).
 */
export function serverSeedOf(
  box: SecretBox,
  pair: Pick<SeedRow, 'id' | 'serverSeed' | 'serverSeedSealed'>,
): string {
  if (pair.serverSeed !== null) return pair.serverSeed
  if (pair.serverSeedSealed === null) throw new Error(`seed pair ${pair.id} has no server seed`)
  return box.open(pair.serverSeedSealed)
}

async function createSeedPair(
  db: Db | Tx,
  box: SecretBox,
  playerId: string,
  clientSeed = newClientSeed(),
) {
  const serverSeed = newServerSeed()
  const [row] = await db
    .insert(fairnessSeeds)
    .values({
      id: uuidv7(),
      playerId,
      serverSeedSealed: box.seal(serverSeed),
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
export async function activeSeedPair(db: Db | Tx, box: SecretBox, playerId: string) {
  const [row] = await db.select().from(fairnessSeeds).where(activeWhere(playerId))
  if (row) return row
  const created = await createSeedPair(db, box, playerId)
  if (created) return created
  // Made at the same moment by a parallel call: read theirs.
  const [theirs] = await db.select().from(fairnessSeeds).where(activeWhere(playerId))
  if (!theirs) throw new Error('no active seed pair after creating one')
  return theirs
}

/**
 * Takes the next nonce of the player's active pair in one statement that also locks it until the
 * transaction ends, so no nonce is used twice and no rotation reveals the pair meanwhile (a Mines
 * round, see `rotateSeedPair`; the one-step bets count theirs in `seedState` and check it in
 * their own statement). Only
 * while `currency` is the player's current one; undefined otherwise. The same statement locks
 * what a bet of the player checks (loss and wager limits, the protection row) and says whether
 * there is any, so a player with neither pays no extra round trip (`hasPlayChecks`).
 */
export async function takeNonce(tx: Tx, box: SecretBox, playerId: string, currency: string) {
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
        serverSeedHash: fairnessSeeds.serverSeedHash,
        clientSeed: fairnessSeeds.clientSeed,
        nonce: sql<number>`${fairnessSeeds.nextNonce} - 1`,
        hasPlayChecks: lockPlayChecksSql(playerId),
      })
  const [taken] = await take()
  if (taken) return taken
  // Either the first bet (no pair yet) or another currency: make the pair and try once more.
  await activeSeedPair(tx, box, playerId)
  const [retaken] = await take()
  return retaken
}

/**
 * What a one-step bet needs of the player's active pair. This instance counts the nonce on from
 * its last read, and the bet's statement writes only while the pair's nonce is still the one
 * counted (`placeInstantBet`): a stale count (another instance's bet, a Mines round, a rotation)
 * writes nothing, and the bet reads the pair again.
 */
export interface SeedState {
  id: string
  serverSeed: string
  serverSeedHash: string
  clientSeed: string
  nextNonce: number
  currency: string
  /**
   * Whether a bet of the player has anything to check (a loss or wager limit, a protection row
   * bets read: `hasPlayChecksSql`). The bet's statement writes only while that is still none
   * (`INSTANT_BET`), so a limit or a break set since makes the count stale.
   */
  hasPlayChecks: boolean
  /** The shortest slot spin in the player's jurisdiction (0: none), by their country. */
  slotMinCycleMs: number
  /**
   * The player's active bonus as last read (its fields other than `wageredMinor` do not change
   * while it is active), null for none. The bet's statement writes only while that is still so
   * (`INSTANT_BET`): a bonus granted, completed, cancelled or expired since makes the count stale
   * and the bet reads again.
   */
  bonus: PlayerBonusRow | null
  /**
   * The player's cash in `currency` after their last bet here: with a bonus, the stake's split
   * (real money first) is taken on it and the statement checks it still holds.
   */
  cashMinor: bigint
}

/** The most players whose pair one instance remembers; the longest unused is forgotten first. */
const SEED_STATES_MAX = 20_000
const seedStates = new WeakMap<Db, Map<string, SeedState>>()

/**
 * The player's active pair as this instance last counted it, read (and made) when unknown. Its
 * server seed is opened here, once per read of the pair rather than once per bet.
 */
export async function seedState(db: Db, box: SecretBox, playerId: string): Promise<SeedState> {
  const states = seedStates.get(db) ?? new Map<string, SeedState>()
  seedStates.set(db, states)
  const known = states.get(playerId)
  if (known) {
    // Most recently used last, so that the first key is the one to forget.
    states.delete(playerId)
    states.set(playerId, known)
    return known
  }
  const pair = await activeSeedPair(db, box, playerId)
  const [player] = await db
    .select({
      currency: players.currency,
      country: players.country,
      hasPlayChecks: hasPlayChecksSql(playerId),
      // Spelled out: drizzle names a column without its table inside `sql`, and both tables
      // have a `currency`.
      cashMinor: sql<string>`coalesce((select a.balance_minor from ledger_accounts a
        where a.player_id = ${playerId} and a.currency = players.currency and a.kind = 'cash'), 0)::text`,
    })
    .from(players)
    .where(eq(players.id, playerId))
  if (!player) throw new Error(`player ${playerId} not found`)
  const [bonus] = await db
    .select()
    .from(playerBonuses)
    .where(
      and(
        eq(playerBonuses.playerId, playerId),
        eq(playerBonuses.status, 'active'),
        sql`${playerBonuses.expiresAt} > now()`,
      ),
    )
  const state: SeedState = {
    id: pair.id,
    serverSeed: serverSeedOf(box, pair),
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    nextNonce: pair.nextNonce,
    currency: player.currency,
    hasPlayChecks: player.hasPlayChecks,
    slotMinCycleMs: jurisdictionOf(player.country).slotMinCycleMs,
    bonus: bonus ?? null,
    cashMinor: BigInt(player.cashMinor),
  }
  if (states.size >= SEED_STATES_MAX) {
    const oldest = states.keys().next().value
    if (oldest !== undefined) states.delete(oldest)
  }
  states.set(playerId, state)
  return state
}

/** Makes the next `seedState` of the player read the pair again. */
export function forgetSeedState(db: Db, playerId: string): void {
  seedStates.get(db)?.delete(playerId)
}

const betLines = new Map<string, Promise<unknown>>()

/**
 * Runs a player's bets on this instance one after another, as the player's nonces are: each
 * starts from the nonce the one before it left, rather than eight parallel bets all counting on
 * the same nonce and seven reading the pair again.
 */
export function inPlayersLine<T>(playerId: string, work: () => Promise<T>): Promise<T> {
  const before = betLines.get(playerId) ?? Promise.resolve()
  const mine = before.then(work, work)
  const settled = mine.then(
    () => undefined,
    () => undefined,
  )
  betLines.set(playerId, settled)
  void settled.then(() => {
    if (betLines.get(playerId) === settled) betLines.delete(playerId)
  })
  return mine
}

/** How often a rotation looks for the player's pair again after a parallel call made the first. */
const ROTATE_ATTEMPTS = 2

/**
 * Ends the active pair (its server seed becomes public, in plain text) and starts a new one; 409
 * `games.mines_round_active` while a round is in play on it (revealing its seed would show where
 * the mines lie). Note: the pair is locked before the round is looked for, and a Mines start
 * takes its nonce under the same row lock (`takeNonce`), so the two run one after the other:
 * either the start committed first and its round is seen here, or it waits for this rotation and
 * then plays on the new pair. Mines is the only game that keeps a round open on a seed pair.
 */
export async function rotateSeedPair(
  db: Db,
  box: SecretBox,
  playerId: string,
  clientSeed?: string,
) {
  forgetSeedState(db, playerId)
  return db.transaction(async (tx) => {
    for (let attempt = 1; ; attempt++) {
      const [active] = await tx
        .select()
        .from(fairnessSeeds)
        .where(activeWhere(playerId))
        .for('update')
      if (!active) {
        // No pair yet: make the first one. A parallel call making it at the same moment wins,
        // and the next pass (a new statement, which sees it once committed) locks theirs.
        const current = await createSeedPair(tx, box, playerId, clientSeed)
        if (current) return { ended: undefined, current }
        if (attempt >= ROTATE_ATTEMPTS) throw new Error('no seed pair to rotate after making one')
        continue
      }
      const [open] = await tx
        .select({ id: minesRounds.id })
        .from(minesRounds)
        .where(and(eq(minesRounds.playerId, playerId), eq(minesRounds.status, 'active')))
      if (open) throw new AppError('games.mines_round_active')
      const [ended] = await tx
        .update(fairnessSeeds)
        .set({
          revealedAt: new Date(),
          serverSeed: serverSeedOf(box, active),
          serverSeedSealed: null,
        })
        .where(eq(fairnessSeeds.id, active.id))
        .returning()
      const current = await createSeedPair(tx, box, playerId, clientSeed)
      if (!ended || !current) throw new Error('a new seed pair could not be made')
      return { ended, current }
    }
  })
}
