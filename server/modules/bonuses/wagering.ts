import { and, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { contributionPercent, splitStake, splitWin, type BonusStatus } from '#common/bonus-rules.ts'
import { formatDecimal, type CurrencyCode } from '#common/money.ts'
import { betTransfer } from '#server/modules/bets/index.ts'
import { games } from '#server/modules/catalogue/catalogue.tables.ts'
import { ledgerAccounts } from '#server/modules/ledger/ledger.tables.ts'
import { postTransfers, type TransferInput } from '#server/modules/ledger/index.ts'
import { bonusContributions, playerBonuses } from './bonuses.tables.ts'
import { toPlayerBonus, type PlayerBonusRow } from './bonus-view.ts'
import { bonusWording, notifyBonusCompleted } from './bonus-notifications.ts'
import { notifyAfterCommit } from '#server/modules/notifications/index.ts'
import type { Messages } from '#common/messages.ts'

// Every game's bets while a bonus is active (docs/decisions/013): the stake takes cash first,
// then bonus money; a stake above the bonus's maximum bet is refused; each stake adds its game's
// contribution to the wagering; the bet that reaches the requirement releases the bonus money to
// cash in its own transaction. Lock order, everywhere: the bonus row, then the ledger's accounts
// (the ledger statement locks those itself), so bets, cancels, expiry and deposits never deadlock.

/** A player account's balance as the ledger statement answers it. */
type PlayerBalance = Extract<
  Awaited<ReturnType<typeof postTransfers>>,
  { status: 'posted' }
>['balances'][number]

/** How long an instance trusts its copy of the contributions and of a game's categories. */
const CACHE_MS = 60_000

const contributionsCache = new WeakMap<
  object,
  { table: Record<string, number>; readAtMs: number }
>()
const categoriesCache = new WeakMap<
  object,
  Map<string, { categories: string[]; readAtMs: number }>
>()

/** Drops this instance's cached contributions and categories (after an operator edited them). */
export function forgetContributions(db: Db | Tx): void {
  contributionsCache.delete(db)
  categoriesCache.delete(db)
}

/** The operator's contribution per category (`bonus_contributions`), read once a minute. */
export async function contributionTable(db: Db | Tx): Promise<Record<string, number>> {
  const cached = contributionsCache.get(db)
  if (cached && Date.now() - cached.readAtMs < CACHE_MS) return cached.table
  const rows = await db
    .select({ category: bonusContributions.category, percent: bonusContributions.percent })
    .from(bonusContributions)
  const table = Object.fromEntries(rows.map((row) => [row.category, row.percent]))
  contributionsCache.set(db, { table, readAtMs: Date.now() })
  return table
}

/**
 * Which catalogue game a bet is on: an Original or a live game by its engine (`dice`, `crash`),
 * a studio game by its id.
 */
export type GameRef = { engine: string } | { gameId: string }

async function categoriesOf(db: Db | Tx, game: GameRef): Promise<string[]> {
  const key = 'engine' in game ? `engine:${game.engine}` : `id:${game.gameId}`
  const byKey =
    categoriesCache.get(db) ?? new Map<string, { categories: string[]; readAtMs: number }>()
  categoriesCache.set(db, byKey)
  const cached = byKey.get(key)
  if (cached && Date.now() - cached.readAtMs < CACHE_MS) return cached.categories
  const [row] = await db
    .select({ categories: games.categories })
    .from(games)
    .where('engine' in game ? eq(games.engine, game.engine) : eq(games.id, game.gameId))
    .limit(1)
  const categories = row?.categories ?? []
  byKey.set(key, { categories, readAtMs: Date.now() })
  return categories
}

/** A game's share of a stake that counts toward wagering, in percent (0: it does not count). */
export async function gameContribution(db: Db | Tx, game: GameRef): Promise<number> {
  const [table, categories] = await Promise.all([contributionTable(db), categoriesOf(db, game)])
  return contributionPercent(categories, table)
}

/** The player's active bonus, locked for the rest of the transaction, with the balances a stake splits on. */
export interface LockedBonus {
  row: PlayerBonusRow
  /** The player's cash in the bonus's currency when the row was locked. */
  cashMinor: bigint
  bonusBalanceMinor: bigint
}

/**
 * Locks the player's active bonus in `currency` (`FOR UPDATE`, first of every lock a bet takes),
 * then reads the cash and bonus balances. Undefined when the player has no active bonus in that
 * currency: the bet is plain cash.
 * Note: the balances are read by a second statement on purpose. Read in the locking statement,
 * they would come from that statement's snapshot, taken before it waited for the lock: a parallel
 * bet that held the row would have moved them, and the split would be computed on stale cash.
 */
export async function lockBonusForBet(
  tx: Tx,
  playerId: string,
  currency: string,
): Promise<LockedBonus | undefined> {
  const [row] = await tx
    .select()
    .from(playerBonuses)
    .where(
      and(
        eq(playerBonuses.playerId, playerId),
        eq(playerBonuses.status, 'active'),
        eq(playerBonuses.currency, currency),
        // Past its time it is over, whether or not the sweep has forfeited it yet.
        sql`${playerBonuses.expiresAt} > now()`,
      ),
    )
    .for('update')
  if (!row) return undefined
  const balances = await tx
    .select({ kind: ledgerAccounts.kind, balanceMinor: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.playerId, playerId), eq(ledgerAccounts.currency, currency)))
  const of = (kind: string) => balances.find((balance) => balance.kind === kind)?.balanceMinor ?? 0n
  return { row, cashMinor: of('cash'), bonusBalanceMinor: of('bonus') }
}

/** Refuses a stake above the active bonus's maximum bet (409, before anything moves). */
export function assertWithinMaxBet(bonus: PlayerBonusRow, stakeMinor: bigint): void {
  if (bonus.maxBetMinor > 0n && stakeMinor > bonus.maxBetMinor) {
    throw new AppError('wagering.max_bet', {
      params: {
        max: formatDecimal(bonus.maxBetMinor, bonus.currency as CurrencyCode),
        currency: bonus.currency,
      },
    })
  }
}

/** How a stake was paid: the bonus it was wagered on (if any) and its bonus-money part. */
export interface StakeSplit {
  bonusId: string | null
  cashMinor: bigint
  bonusMinor: bigint
}

export const CASH_ONLY = (stakeMinor: bigint): StakeSplit => ({
  bonusId: null,
  cashMinor: stakeMinor,
  bonusMinor: 0n,
})

/**
 * The split of a stake under a locked bonus: real money first, then bonus money. The ledger
 * statement's own balance check stays the guard (a stake beyond cash plus bonus is refused there).
 */
export function splitLockedStake(locked: LockedBonus | undefined, stakeMinor: bigint): StakeSplit {
  if (!locked) return CASH_ONLY(stakeMinor)
  const split = splitStake(stakeMinor, locked.cashMinor)
  return { bonusId: locked.row.id, ...split }
}

interface MoneyRef {
  /** The game's own idempotency key for this movement (`bet:<id>`); the bonus part adds `:bonus`. */
  key: string
  playerId: string
  currency: CurrencyCode
  reference: string
}

/** A stake's transfers: the cash part, then the bonus part, each only when above zero. */
export function stakeTransfers(money: MoneyRef, split: StakeSplit): TransferInput[] {
  const transfers: TransferInput[] = []
  const base = { playerId: money.playerId, currency: money.currency, reference: money.reference }
  if (split.cashMinor > 0n)
    transfers.push(
      betTransfer('stake', { ...base, idempotencyKey: money.key, amountMinor: split.cashMinor }),
    )
  if (split.bonusMinor > 0n)
    transfers.push(
      betTransfer('stake', {
        ...base,
        idempotencyKey: `${money.key}:bonus`,
        amountMinor: split.bonusMinor,
        account: 'bonus',
      }),
    )
  return transfers
}

/**
 * Where the bonus share of a win or refund goes: `active` back to the bonus account, `completed`
 * to cash (the bonus money became cash meanwhile), `forfeited` nowhere (the bonus expired or was
 * cancelled: winnings made with forfeited bonus money are forfeited too).
 */
export type BonusShareGoesTo = 'active' | 'completed' | 'forfeited'

export function bonusShareGoesTo(status: BonusStatus): BonusShareGoesTo {
  if (status === 'active') return 'active'
  if (status === 'completed') return 'completed'
  return 'forfeited'
}

/**
 * A win's or refund's transfers: `splitWin` gives the bonus money's share of the stake back the
 * way it came (see `BonusShareGoesTo`), the rest to cash. Keys as `stakeTransfers`.
 */
export function returnTransfers(
  kind: 'win' | 'refund',
  money: MoneyRef,
  amounts: { amountMinor: bigint; stakeMinor: bigint; bonusStakeMinor: bigint },
  goesTo: BonusShareGoesTo | null,
): { transfers: TransferInput[]; paidMinor: bigint } {
  const split =
    goesTo === null
      ? { cashMinor: amounts.amountMinor, bonusMinor: 0n }
      : splitWin(amounts.amountMinor, amounts.stakeMinor, amounts.bonusStakeMinor)
  const base = { playerId: money.playerId, currency: money.currency, reference: money.reference }
  const transfers: TransferInput[] = []
  if (split.cashMinor > 0n)
    transfers.push(
      betTransfer(kind, { ...base, idempotencyKey: money.key, amountMinor: split.cashMinor }),
    )
  if (split.bonusMinor > 0n && goesTo !== 'forfeited')
    transfers.push(
      betTransfer(kind, {
        ...base,
        idempotencyKey: `${money.key}:bonus`,
        amountMinor: split.bonusMinor,
        account: goesTo === 'active' ? 'bonus' : 'cash',
      }),
    )
  const paidMinor = transfers.reduce((sum, transfer) => sum + transfer.amountMinor, 0n)
  return { transfers, paidMinor }
}

/**
 * Locks the bonus a bet was staked with (`FOR UPDATE`, before the ledger's accounts) and says
 * where its win's bonus share goes. Null for a bet staked without bonus money.
 */
export async function lockBonusOfBet(
  tx: Tx,
  bet: { bonusId: string | null; bonusStakeMinor: bigint },
): Promise<BonusShareGoesTo | null> {
  if (!bet.bonusId || bet.bonusStakeMinor <= 0n) return null
  const [row] = await tx
    .select({ status: playerBonuses.status })
    .from(playerBonuses)
    .where(eq(playerBonuses.id, bet.bonusId))
    .for('update')
  return row ? bonusShareGoesTo(row.status) : 'forfeited'
}

/** What a bet did to a bonus, for `announceWagering` once the transaction committed. */
export interface WageringOutcome {
  playerId: string
  bonus: PlayerBonusRow
  bonusBalanceMinor: bigint
  /** The bonus money released to cash when this bet completed the wagering (0 otherwise). */
  releasedMinor: bigint
  /** The player's balances after the release, when there was one (the wallet changed again). */
  balances: PlayerBalance[] | null
  /** True when this bet's wagering completed the bonus (its notice is due). */
  releasedByThisBet: boolean
}

const bonusOf = (balances: PlayerBalance[], currency: string, kind: 'bonus' | 'cash') =>
  balances.find((balance) => balance.currency === currency && balance.kind === kind)?.balanceMinor

/**
 * Completes a locked active bonus whose wagering reached its requirement: the whole bonus
 * balance moves to cash (`bonus_release`, key `bonus_release:<id>`, so it happens once), the row
 * becomes `completed` with `settled_minor`. Call it in the bet's transaction, bonus row locked.
 */
export async function completeIfWagered(
  tx: Tx,
  row: PlayerBonusRow,
  bonusBalanceMinor: bigint,
): Promise<WageringOutcome> {
  if (row.status !== 'active' || row.wageredMinor < row.wageringRequiredMinor) {
    return {
      playerId: row.playerId,
      bonus: row,
      bonusBalanceMinor,
      releasedMinor: 0n,
      balances: null,
      releasedByThisBet: false,
    }
  }
  let balances: PlayerBalance[] | null = null
  if (bonusBalanceMinor > 0n) {
    const currency = row.currency as CurrencyCode
    const released = await postTransfers(tx, [
      {
        idempotencyKey: `bonus_release:${row.id}`,
        code: 'bonus_release',
        debit: { playerId: row.playerId, kind: 'bonus', currency },
        credit: { playerId: row.playerId, kind: 'cash', currency },
        amountMinor: bonusBalanceMinor,
        reference: row.id,
      },
    ])
    // The row is locked and active, so its release cannot have been posted before; anything
    // else is a broken invariant, and the transaction rolls back rather than mark it completed.
    if (released.status !== 'posted') throw new Error(`bonus ${row.id} release: ${released.status}`)
    balances = released.balances
  }
  const [completed] = await tx
    .update(playerBonuses)
    .set({ status: 'completed', settledMinor: bonusBalanceMinor, endedAt: sql`now()` })
    .where(and(eq(playerBonuses.id, row.id), eq(playerBonuses.status, 'active')))
    .returning()
  if (!completed) throw new Error(`bonus ${row.id} was not active when completed`)
  return {
    playerId: row.playerId,
    bonus: completed,
    bonusBalanceMinor: 0n,
    releasedMinor: bonusBalanceMinor,
    balances,
    releasedByThisBet: true,
  }
}

/**
 * Adds a stake's wagering to a locked active bonus and completes it when the requirement is
 * reached. `balances`: the player's balances after the bet's own transfers (the bonus balance
 * to release is read from them).
 */
export async function recordWagering(
  tx: Tx,
  locked: LockedBonus,
  wageringMinor: bigint,
  balances: PlayerBalance[],
): Promise<WageringOutcome> {
  const bonusBalanceMinor =
    bonusOf(balances, locked.row.currency, 'bonus') ?? locked.bonusBalanceMinor
  let row = locked.row
  if (wageringMinor > 0n) {
    const [updated] = await tx
      .update(playerBonuses)
      .set({ wageredMinor: sql`${playerBonuses.wageredMinor} + ${wageringMinor}` })
      .where(eq(playerBonuses.id, row.id))
      .returning()
    if (!updated) throw new Error(`bonus ${row.id} vanished while locked`)
    row = updated
  }
  return completeIfWagered(tx, row, bonusBalanceMinor)
}

/** The balances to show after a bet: those after the release when the bet completed the bonus. */
export const balancesAfter = (
  outcome: WageringOutcome | null | undefined,
  balances: PlayerBalance[],
): PlayerBalance[] => outcome?.balances ?? balances

/** What `announceWagering` needs to tell the player: the bus, and for the completion notice the words. */
export interface WageringAnnouncer {
  bus: EventBus
  log: Pick<FastifyBaseLogger, 'warn'>
  db: Db
  /** The site's catalogue per locale (`app.site.messages`), for the notice in the player's words. */
  messages: (locale: string) => Promise<Messages>
}

/**
 * Tells the player's pages about a committed change of their bonus (`bonus.changed`, the
 * cabinet's wagering bar) and, when the bet completed it, stores and pushes the "wagering
 * complete" notification (`notifyBonusCompleted`) in a transaction right after the bet's: the
 * bet's own transaction stays free of the player's words, which only a completion needs. A
 * failure is logged: the bet and the bonus are committed either way.
 */
export async function announceWagering(
  deps: WageringAnnouncer,
  outcome: WageringOutcome | null | undefined,
): Promise<void> {
  if (!outcome) return
  try {
    await deps.bus.publish('bonus.changed', {
      playerId: outcome.playerId,
      bonus: toPlayerBonus(outcome.bonus, outcome.bonusBalanceMinor),
    })
    if (outcome.bonus.status === 'completed' && outcome.releasedByThisBet) {
      const wording = await bonusWording(deps.db, deps.messages, outcome.playerId)
      await notifyAfterCommit(deps, (notify) =>
        deps.db.transaction((tx) => notifyBonusCompleted(notify, tx, outcome.bonus, wording)),
      )
    }
  } catch (error) {
    deps.log.warn({ err: error, bonusId: outcome.bonus.id }, 'bonus changed but not announced')
  }
}
