import { ENDED_BONUS_STATUSES, type BonusStatus } from '#common/bonus-rules.ts'
import type { PlayerBonus } from '#server/modules/bonuses/bonuses.contract.ts'

/** The player's two bonus lists as the user store keeps them (the spec's `bonuses`). */
export interface BonusLists {
  /** Offered and active bonuses (`GET /bonus/get-all`): the active one first, then offers. */
  activeBonuses: PlayerBonus[]
  /** Ended bonuses (`GET /bonus/get-old`), newest first. */
  oldBonuses: PlayerBonus[]
}

export const isEndedStatus = (status: BonusStatus): boolean => ENDED_BONUS_STATUSES.includes(status)

const newestFirst = (a: PlayerBonus, b: PlayerBonus) =>
  (b.ended_at ?? b.created_at).localeCompare(a.ended_at ?? a.created_at)

/** The active bonus leads; offers follow, newest first. */
export function sortActiveList(bonuses: readonly PlayerBonus[]): PlayerBonus[] {
  return [...bonuses].sort(
    (a, b) =>
      Number(b.status === 'active') - Number(a.status === 'active') ||
      b.created_at.localeCompare(a.created_at),
  )
}

export const sortOldList = (bonuses: readonly PlayerBonus[]): PlayerBonus[] =>
  [...bonuses].sort(newestFirst)

/**
 * Whether `incoming` is older news than what the lists already hold. Socket messages of one
 * bonus may arrive out of order (two bets settle on two instances, a reconnect reloads the lists
 * while an update is in flight): an ended bonus never becomes live again, and the wagering of an
 * active bonus only grows, so an update that would move either backwards is stale.
 */
function isStale(known: PlayerBonus | undefined, incoming: PlayerBonus): boolean {
  if (!known) return false
  if (isEndedStatus(known.status)) return !isEndedStatus(incoming.status)
  if (known.status === 'active' && incoming.status === 'offered') return true
  return (
    known.status === 'active' &&
    incoming.status === 'active' &&
    BigInt(incoming.wagered) < BigInt(known.wagered)
  )
}

/**
 * The socket's `bonusUpdate`: the bonus replaces its copy in the lists, moving to the old list
 * when it ended (completed, expired, cancelled, declined). A bonus neither list knows is added
 * (granted by a deposit in another tab).
 */
export function withBonusUpdate(lists: BonusLists, bonus: PlayerBonus): BonusLists {
  const known =
    lists.activeBonuses.find((entry) => entry.id === bonus.id) ??
    lists.oldBonuses.find((entry) => entry.id === bonus.id)
  if (isStale(known, bonus)) return lists
  const activeBonuses = lists.activeBonuses.filter((entry) => entry.id !== bonus.id)
  const oldBonuses = lists.oldBonuses.filter((entry) => entry.id !== bonus.id)
  return isEndedStatus(bonus.status)
    ? { activeBonuses, oldBonuses: sortOldList([bonus, ...oldBonuses]) }
    : { activeBonuses: sortActiveList([bonus, ...activeBonuses]), oldBonuses }
}

/** The active bonus of a currency, if the player has one (the withdrawal form warns about it). */
export const activeBonusIn = (
  lists: Pick<BonusLists, 'activeBonuses'>,
  currency: string | undefined,
): PlayerBonus | undefined =>
  lists.activeBonuses.find((entry) => entry.status === 'active' && entry.currency === currency)

/**
 * Reads the socket's payload: the realtime relay sends the event without its player id
 * (`{ bonus }`); a bare bonus is accepted too. Anything else is ignored.
 */
export function bonusOfPayload(payload: unknown): PlayerBonus | null {
  const candidate =
    typeof payload === 'object' && payload !== null && 'bonus' in payload ? payload.bonus : payload
  if (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof (candidate as { id?: unknown }).id === 'string' &&
    typeof (candidate as { status?: unknown }).status === 'string' &&
    typeof (candidate as { wagered?: unknown }).wagered === 'string'
  ) {
    return candidate as PlayerBonus
  }
  return null
}
