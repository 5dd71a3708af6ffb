import { and, eq, gte, lt, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { formatMoney } from '#common/format-money.ts'
import { getLocale, isLocalePrefix } from '#common/locales.ts'
import type { Messages } from '#common/messages.ts'
import { isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import type { Db } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import type { Jobs } from '#server/lib/jobs.ts'
import { bets } from '#server/modules/bets/bets.tables.ts'
import { inLedgerTransaction, postTransfer } from '#server/modules/ledger/index.ts'
import { isBarredFromPlay } from '#server/modules/limits/index.ts'
import { notifyAfterCommit } from '#server/modules/notifications/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { textsIn } from '#server/modules/site/index.ts'
import { loadRates, publishWallet, type RateTable } from '#server/modules/wallet/index.ts'
import { playerLoyalty } from './engagement.tables.ts'
import { cashbackKey, previousWeekKey, standingOf } from './loyalty-standing.ts'
import { loadLoyaltyTables, type VipTierRow } from './loyalty-tables.ts'

export interface CashbackDeps {
  db: Db
  bus: EventBus
  /** A locale's catalogue with the operator's overrides, for the player's notification. */
  site: { messages(locale: string): Promise<Messages> }
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>

/** The queue whose runs pay last week's cashback. */
export const WEEKLY_CASHBACK_QUEUE = 'weekly-cashback'
/** How often a run looks for a week to pay (once across the instances). */
export const CASHBACK_INTERVAL_MS = 10 * 60_000

/** Monday 00:00 UTC of an ISO week (`2026-W47`) and the Monday after. */
export function weekBounds(week: string): { start: Date; end: Date } {
  const match = /^(\d{4})-W(\d{2})$/.exec(week)
  if (!match) throw new Error(`not an ISO week: ${week}`)
  const year = Number(match[1])
  const number = Number(match[2])
  // 4 January is always in week 1.
  const january4 = new Date(Date.UTC(year, 0, 4))
  const mondayOfWeek1 = Date.UTC(year, 0, 4 - ((january4.getUTCDay() || 7) - 1))
  const start = new Date(mondayOfWeek1 + (number - 1) * 7 * 86_400_000)
  return { start, end: new Date(start.getTime() + 7 * 86_400_000) }
}

/**
 * A player's net loss of own money per currency over [start, end): the cash part of each stake
 * (`stake − bonus_stake`) less the cash part of its payout (a win goes back the way its stake
 * came, `splitWin`: the bonus share rounded down goes to bonus money, the rest to cash). Bonus
 * money lost is no loss of the player's. Read by the bets' (player, created_at) index.
 */
export async function weeklyNetLoss(
  db: Db,
  playerId: string,
  start: Date,
  end: Date,
): Promise<Map<CurrencyCode, bigint>> {
  const rows = await db
    .select({
      currency: bets.currency,
      net: sql<string>`sum(${bets.stakeMinor} - ${bets.bonusStakeMinor} - case when ${bets.bonusStakeMinor} <= 0 then ${bets.payoutMinor} when ${bets.bonusStakeMinor} >= ${bets.stakeMinor} then 0 else ${bets.payoutMinor} - (${bets.payoutMinor} * ${bets.bonusStakeMinor}) / ${bets.stakeMinor} end)::text`,
    })
    .from(bets)
    .where(and(eq(bets.playerId, playerId), gte(bets.createdAt, start), lt(bets.createdAt, end)))
    .groupBy(bets.currency)
  const losses = new Map<CurrencyCode, bigint>()
  for (const row of rows) {
    const net = BigInt(row.net)
    if (isCurrencyCode(row.currency) && net > 0n) losses.set(row.currency, net)
  }
  return losses
}

/**
 * The cashback of each currency's loss: `loss × bp / 10 000` rounded down, the week's cap (in
 * euros) shared by the currencies in code order, each converted at the mid rate rounded down.
 * Every run works it out afresh from the week's bets; each currency's key pays it once, so a
 * run that stopped half-way leaves the next only the currencies not yet paid (their cap share at
 * that run's rates).
 */
export function cashbackAmounts(
  losses: ReadonlyMap<CurrencyCode, bigint>,
  tier: Pick<VipTierRow, 'cashbackBp' | 'cashbackCapEurMinor'>,
  rates: Pick<RateTable, 'convert'>,
): { currency: CurrencyCode; amountMinor: bigint }[] {
  let capLeftEur = tier.cashbackCapEurMinor
  const amounts: { currency: CurrencyCode; amountMinor: bigint }[] = []
  for (const currency of [...losses.keys()].sort()) {
    const loss = losses.get(currency) ?? 0n
    const share = (loss * BigInt(tier.cashbackBp)) / 10_000n
    const cap = rates.convert(capLeftEur, 'EUR', currency, 'toward_zero')
    const amountMinor = share < cap ? share : cap
    if (amountMinor <= 0n) continue
    amounts.push({ currency, amountMinor })
    const spentEur = rates.convert(amountMinor, currency, 'EUR', 'half_even')
    capLeftEur = spentEur >= capLeftEur ? 0n : capLeftEur - spentEur
  }
  return amounts
}

/** The player's `cashback_paid` words, read before the transaction. */
async function cashbackWording(deps: CashbackDeps, playerId: string) {
  const [player] = await deps.db
    .select({ locale: players.locale })
    .from(players)
    .where(eq(players.id, playerId))
  const locale = player?.locale ?? 'en'
  const text = await textsIn((code) => deps.site.messages(code), locale)
  const tag = isLocalePrefix(locale) ? getLocale(locale).tag : 'en'
  return (amountMinor: bigint, currency: CurrencyCode) =>
    text('notifications_text.cashback_paid', { amount: formatMoney(amountMinor, currency, tag) })
}

export interface CashbackRun {
  week: string
  /** Players whose tier pays cashback (by their points now). */
  eligible: number
  /** Transfers posted by this run (not those an earlier or concurrent run posted). */
  paid: number
  /** Players whose payment failed (logged); the next run tries them again. */
  failed: number
}

/**
 * Pays the VIP cashback of one ISO week (`2026-W47`, UTC Monday to Sunday): each player whose tier,
 * by their points now, pays cashback gets its share of their net loss of own money in each
 * currency they played, capped by the tier's weekly cap, moved from `rewards_expense` to their
 * cash by a ledger `cashback` transfer with a `cashback_paid` notification, one player per
 * transaction. The key `cashback:<player>:<currency>:<week>` pays a week once however often and on
 * however many instances this runs (a concurrent run's insert waits and then finds the key). A
 * player barred from play (`isBarredFromPlay`) gets none. A plain function: the job below calls
 * it, and tests do.
 */
export async function payWeeklyCashback(
  deps: CashbackDeps,
  week: string,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<CashbackRun> {
  const { db } = deps
  const run: CashbackRun = { week, eligible: 0, paid: 0, failed: 0 }
  const tables = await loadLoyaltyTables(db)
  const paying = tables.tiers.filter((tier) => tier.cashbackBp > 0)
  const firstLevel = Math.min(...paying.map((tier) => tier.fromLevel))
  const fromPoints = tables.levels.find((row) => row.level >= firstLevel)?.fromPoints
  if (fromPoints === undefined) return run
  const { start, end } = weekBounds(week)
  const rates = await loadRates(db)
  const candidates = await db
    .select({ playerId: playerLoyalty.playerId, pointsMinor: playerLoyalty.pointsMinor })
    .from(playerLoyalty)
    .where(gte(playerLoyalty.pointsMinor, BigInt(fromPoints) * 100n))
  const warn = log ?? { warn: () => {} }
  /** One player's cashback in one transaction; answers the transfers it posted. */
  const payPlayer = async (playerId: string, tier: VipTierRow): Promise<number> => {
    // Read before the transaction: on the embedded database a read outside a running
    // transaction waits for it.
    if (await isBarredFromPlay(db, playerId, rates)) return 0
    const amounts = cashbackAmounts(await weeklyNetLoss(db, playerId, start, end), tier, rates)
    if (amounts.length === 0) return 0
    const words = await cashbackWording(deps, playerId)
    const posted = await notifyAfterCommit({ bus: deps.bus, log: warn }, (notify) =>
      inLedgerTransaction(db, async (tx) => {
        const currencies: CurrencyCode[] = []
        for (const { currency, amountMinor } of amounts) {
          const result = await postTransfer(tx, {
            idempotencyKey: cashbackKey(playerId, currency, week),
            code: 'cashback',
            debit: { system: 'rewards_expense', currency, shardKey: playerId },
            credit: { playerId, kind: 'cash', currency },
            amountMinor,
            reference: week,
          })
          if (result.status !== 'posted') continue
          currencies.push(currency)
          await notify(tx, { playerId, type: 'cashback_paid', text: words(amountMinor, currency) })
        }
        return currencies
      }),
    )
    for (const currency of posted) {
      try {
        await publishWallet(db, deps.bus, playerId, currency)
      } catch (error) {
        warn.warn({ err: error, playerId }, 'cashback paid but the balance not pushed')
      }
    }
    return posted.length
  }
  for (const candidate of candidates) {
    const tier = standingOf(candidate.pointsMinor, tables).tier
    if (!tier || tier.cashbackBp === 0) continue
    run.eligible++
    const { playerId } = candidate
    try {
      run.paid += await payPlayer(playerId, tier)
    } catch (error) {
      run.failed++
      warn.warn({ err: error, playerId, week }, 'weekly cashback of a player not paid')
    }
  }
  return run
}

/**
 * The weekly cashback as a job: the queue `weekly-cashback`, one run every 10 minutes across the
 * instances, paying what of last week is not paid yet (the ledger keys make every run after the
 * first pay nothing twice). A week an instance's run finished without a failure is not scanned
 * again by that instance: a remembered week costs nothing to keep, and with several instances a
 * paid week is scanned at most once more by each. A failed player does not stop the others and is
 * tried again at the next run; a run that fails whole is not retried (the next slot's run is).
 */
export function defineWeeklyCashback(jobs: Jobs, deps: CashbackDeps, log: Log): void {
  let doneWeek = ''
  jobs.define(
    WEEKLY_CASHBACK_QUEUE,
    async () => {
      const week = previousWeekKey(new Date())
      if (week === doneWeek) return
      const run = await payWeeklyCashback(deps, week, log)
      if (run.failed === 0) doneWeek = week
      if (run.paid > 0 || run.failed > 0) log.info({ ...run }, 'weekly cashback run')
    },
    // A scan of every player in a tier may take a while.
    { expireInSeconds: 1800, retryLimit: 0 },
  )
  jobs.every(WEEKLY_CASHBACK_QUEUE, CASHBACK_INTERVAL_MS)
}
