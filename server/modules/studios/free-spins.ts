import { and, asc, eq, gt, lt, sql } from 'drizzle-orm'
import { formatMoney } from '#common/format-money.ts'
import { DEFAULT_LOCALE, getLocale, isLocalePrefix } from '#common/locales.ts'
import { isCurrencyCode } from '#common/money.ts'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import type { Notify } from '#server/modules/notifications/index.ts'
import type { Wording } from '#server/modules/site/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { games } from '../catalogue/catalogue.tables.ts'
import { freeSpinGrants } from './studios.tables.ts'

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
  /** Stores the `free_spins_received` notice in the caller's transaction; sent after its commit. */
  notify: Notify
  /** The notice's words, read before the transaction. */
  wording: Wording
}

/** How long free spins may be played once granted. */
export const FREE_SPINS_VALID_MS = 7 * 24 * 60 * 60 * 1000

/**
 * Free spins won or bought in the rewards, inside the caller's transaction: a grant on a studio
 * game the player can launch (else `rewards.invalid_prize`, reason `not_a_studio_game`), valid
 * 7 days, and a `free_spins_received` notification linking to the game. `key` is the grant's
 * source key: a retried grant gives nothing twice. Answers the new grant's id, undefined when the
 * key was granted before.
 */
export async function grantFreeSpins(tx: Tx, grant: FreeSpinsGrant): Promise<string | undefined> {
  if (!isCurrencyCode(grant.currency) || grant.spins < 1 || grant.stakeMinor <= 0n) {
    throw new Error(`free spins ${grant.spins} × ${grant.stakeMinor} ${grant.currency}`)
  }
  const [game] = await tx
    .select({ slug: games.slug, title: games.title, kind: games.kind, isEnabled: games.isEnabled })
    .from(games)
    .where(eq(games.id, grant.gameId))
  if (!game || game.kind !== 'provider' || !game.isEnabled) {
    throw new AppError('rewards.invalid_prize', { params: { reason: 'not_a_studio_game' } })
  }
  const [inserted] = await tx
    .insert(freeSpinGrants)
    .values({
      id: uuidv7(grant.now.getTime()),
      playerId: grant.playerId,
      gameId: grant.gameId,
      currency: grant.currency,
      stakeMinor: grant.stakeMinor,
      spinsTotal: grant.spins,
      spinsLeft: grant.spins,
      sourceKey: grant.key,
      expiresAt: new Date(grant.now.getTime() + FREE_SPINS_VALID_MS),
      createdAt: grant.now,
    })
    .onConflictDoNothing({ target: freeSpinGrants.sourceKey })
    .returning({ id: freeSpinGrants.id })
  if (!inserted) return undefined
  const [player] = await tx
    .select({ locale: players.locale })
    .from(players)
    .where(eq(players.id, grant.playerId))
  const prefix = player && isLocalePrefix(player.locale) ? player.locale : DEFAULT_LOCALE
  const text = grant.wording(prefix)
  await grant.notify(tx, {
    playerId: grant.playerId,
    type: 'free_spins_received',
    text: text('notifications_text.free_spins_received', {
      count: grant.spins,
      game: game.title,
      stake: formatMoney(grant.stakeMinor, grant.currency, getLocale(prefix).tag),
    }),
    url: `/${prefix}/game/${encodeURIComponent(game.slug)}/`,
    btnText: text('free_spins.play'),
  })
  return inserted.id
}

/** A grant a studio may play now, as the seamless wallet tells it (`free_rounds`). */
export interface FreeRound {
  id: string
  spins_left: number
  stake_minor: string
  currency: string
  expires_at: string
}

/**
 * The player's free rounds on a game in a currency that can be played now (spins left, not
 * expired), the soonest to expire first: what the studio is told at launch and on `balance`.
 */
export async function freeRoundsFor(
  db: Db | Tx,
  input: { playerId: string; gameId: string; currency: string; now: Date },
): Promise<FreeRound[]> {
  const rows = await db
    .select()
    .from(freeSpinGrants)
    .where(
      and(
        eq(freeSpinGrants.playerId, input.playerId),
        eq(freeSpinGrants.gameId, input.gameId),
        eq(freeSpinGrants.currency, input.currency),
        gt(freeSpinGrants.spinsLeft, 0),
        gt(freeSpinGrants.expiresAt, input.now),
      ),
    )
    .orderBy(asc(freeSpinGrants.expiresAt), asc(freeSpinGrants.id))
  return rows.map((row) => ({
    id: row.id,
    spins_left: row.spinsLeft,
    stake_minor: row.stakeMinor.toString(),
    currency: row.currency,
    expires_at: row.expiresAt.toISOString(),
  }))
}

/** The player's free spins still to play, on every game, with the game's title and address. */
export async function playerFreeSpins(db: Db, playerId: string, now: Date) {
  const rows = await db
    .select({ grant: freeSpinGrants, slug: games.slug, title: games.title })
    .from(freeSpinGrants)
    .innerJoin(games, eq(games.id, freeSpinGrants.gameId))
    .where(
      and(
        eq(freeSpinGrants.playerId, playerId),
        gt(freeSpinGrants.spinsLeft, 0),
        gt(freeSpinGrants.expiresAt, now),
        eq(games.isEnabled, true),
      ),
    )
    .orderBy(asc(freeSpinGrants.expiresAt), asc(freeSpinGrants.id))
  return rows.map(({ grant, slug, title }) => ({
    id: grant.id,
    game_slug: slug,
    game_title: title,
    spins_left: grant.spinsLeft,
    spins_total: grant.spinsTotal,
    stake: grant.stakeMinor.toString(),
    currency: grant.currency,
    won: grant.wonMinor.toString(),
    expires_at: grant.expiresAt.toISOString(),
  }))
}

type Grant = typeof freeSpinGrants.$inferSelect

/**
 * A free round's grant, locked for the rest of `tx` (before the bet's row and the accounts), so
 * parallel bets on it take its spins one after another.
 */
export async function lockFreeRound(tx: Tx, grantId: string): Promise<Grant | undefined> {
  const [grant] = await tx
    .select()
    .from(freeSpinGrants)
    .where(eq(freeSpinGrants.id, grantId))
    .for('update')
  return grant
}

export type FreeRoundRefusal =
  | 'free_round_not_found'
  | 'free_round_wrong_game'
  | 'currency_mismatch'
  | 'free_round_expired'
  | 'free_round_used_up'
  | 'free_round_stake_mismatch'

/**
 * Takes one spin of a locked grant for a bet, or says why the bet cannot use it: someone else's
 * grant reads as unknown; it must be for the session's game and currency, not expired, with a
 * spin left, and the bet must stake exactly the grant's stake.
 */
export async function takeFreeSpin(
  tx: Tx,
  grant: Grant | undefined,
  bet: { playerId: string; gameId: string; currency: string; stakeMinor: bigint; now: Date },
): Promise<FreeRoundRefusal | null> {
  if (!grant || grant.playerId !== bet.playerId) return 'free_round_not_found'
  if (grant.gameId !== bet.gameId) return 'free_round_wrong_game'
  if (grant.currency !== bet.currency) return 'currency_mismatch'
  if (grant.expiresAt <= bet.now) return 'free_round_expired'
  if (grant.spinsLeft <= 0) return 'free_round_used_up'
  if (grant.stakeMinor !== bet.stakeMinor) return 'free_round_stake_mismatch'
  await tx
    .update(freeSpinGrants)
    .set({ spinsLeft: sql`${freeSpinGrants.spinsLeft} - 1` })
    .where(eq(freeSpinGrants.id, grant.id))
  return null
}

/** A rolled-back free round's spin, given back to its grant (expired or not). */
export async function returnFreeSpin(tx: Tx, grantId: string): Promise<void> {
  await tx
    .update(freeSpinGrants)
    .set({ spinsLeft: sql`${freeSpinGrants.spinsLeft} + 1` })
    .where(
      and(eq(freeSpinGrants.id, grantId), lt(freeSpinGrants.spinsLeft, freeSpinGrants.spinsTotal)),
    )
}

/** What a free round's win paid the player, added to its grant's total. */
export async function addFreeSpinWin(tx: Tx, grantId: string, wonMinor: bigint): Promise<void> {
  if (wonMinor <= 0n) return
  await tx
    .update(freeSpinGrants)
    .set({ wonMinor: sql`${freeSpinGrants.wonMinor} + ${wonMinor}::bigint` })
    .where(eq(freeSpinGrants.id, grantId))
}
