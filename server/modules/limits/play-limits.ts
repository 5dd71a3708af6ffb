import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { formatDecimal, type CurrencyCode } from '#common/money.ts'
import type { RateTable } from '#server/modules/wallet/index.ts'
import {
  LIMIT_PERIOD_MS,
  NO_LIMIT,
  changeLimit,
  freesAt,
  inCurrency,
  settleLimit,
  tightestAllowance,
  usedOf,
  type LimitState,
  type PlayUsage,
} from './limit-rules.ts'
import {
  LIMIT_PERIODS,
  PLAY_LIMIT_KINDS,
  playLimits,
  playerProtection,
  type LimitPeriod,
  type PlayLimitKind,
} from './limits.tables.ts'
import { bets } from '#server/modules/bets/bets.tables.ts'
import {
  realityCheckDue,
  standingBar,
  type BreakKind,
  type PlayBar,
  type ProtectionState,
} from '#common/protection.ts'
import { playBarError } from './protection-state.ts'
import type { PlayUsageRows } from './play-usage-rows.ts'
import {
  isPlayTimeReached,
  playTimeError,
  playTimeLimitInForce,
  playTimeOf,
  playTimeSql,
} from './play-time.ts'

// Loss and wager limits (docs/decisions/007), and what every real-money bet checks before it
// stakes: the limits and the player's protection (docs/decisions/018: breaks, the reality check,
// the play-time limit, a slot's minimum cycle). A bet path hands over a subquery of its stakes
// (`PlayUsageRows`) and gets one statement back that reads the limits, the sums and the
// protection row.

const MONTH_MS = LIMIT_PERIOD_MS.month

/**
 * Whether the player's protection row (`player_protection`, in a query on that table alone) stops
 * or may stop a bet at the statement's time: a self-exclusion, a time-out still running, a
 * closure, a register match, a play-time limit, or a reality check due. A reality check still
 * ahead is not: the bet's own statement compares it with its time, so a UK player between two
 * checks bets as fast as anyone. Note: these are `checks_play`'s reasons (the table's generated
 * column) with the times applied; a reason added there belongs here too.
 */
export const PROTECTION_IN_PLAY = `(break_kind = 'self_exclusion'
  or (break_kind = 'time_out' and break_until > now()) or closed_at is not null or register_match
  or play_time_limit_minutes is not null or play_time_pending_from is not null
  or reality_check_due_at <= now())`

/**
 * A boolean SQL expression for a statement the bet path already runs: it locks every play-limit
 * row of the player and their protection row when bets read it (`checks_play`), all FOR UPDATE,
 * and is true when there is a limit or the protection is in play (`PROTECTION_IN_PLAY`), so a
 * player with neither pays no extra round trip. Note: `count(*)` rather than `exists` so that
 * every row is locked, not only the first; and the lock is taken here, in an earlier statement
 * than the sums, because under READ COMMITTED a statement that waited for a lock still reads with
 * the snapshot it started with and would miss the bet it waited for. A protection change (a
 * break, a reality check's answer) locks the same row, so it waits for the bets in flight and
 * every later bet sees it.
 */
export const lockPlayChecksSql = (playerId: string | SQL): SQL<boolean> =>
  sql<boolean>`((select count(*) from (select 1 from ${playLimits} where ${playLimits.playerId} = ${playerId} for update) as locked_limits)
    + (select count(*) filter (where in_play) from (select ${sql.raw(PROTECTION_IN_PLAY)} as in_play from ${playerProtection} where ${playerProtection.playerId} = ${playerId} and ${playerProtection.checksPlay} for update) as locked_protection) > 0)`

/** Locks what a bet of the player checks for the rest of `tx` (`lockPlayChecksSql`). */
export async function lockPlayChecks(tx: Tx, playerId: string): Promise<void> {
  await tx.execute(sql`select ${lockPlayChecksSql(playerId)}`)
}

/**
 * True when a bet of the player has anything to check: a play limit, or protection in play
 * (no lock: for a read ahead of the locked check).
 */
export const hasPlayChecksSql = (playerId: string): SQL<boolean> =>
  sql<boolean>`(exists (select 1 from ${playLimits} where ${playLimits.playerId} = ${playerId})
    or exists (select 1 from ${playerProtection} where ${playerProtection.playerId} = ${playerId} and ${sql.raw(PROTECTION_IN_PLAY)}))`

export interface PlayLimitView {
  period: LimitPeriod
  amountMinor: bigint | null
  pendingAmountMinor: bigint | null
  pendingFrom: Date | null
  usedMinor: bigint
}
export type PlayLimitsView = Record<PlayLimitKind, PlayLimitView[]>

interface StoredLimit extends LimitState {
  kind: PlayLimitKind
  period: LimitPeriod
}

interface UsageRow {
  currency: string
  stake_day: string | null
  payout_day: string | null
  oldest_day: string | null
  stake_week: string | null
  payout_week: string | null
  oldest_week: string | null
  stake_month: string | null
  payout_month: string | null
  oldest_month: string | null
}
interface LimitJson {
  kind: PlayLimitKind
  period: LimitPeriod
  currency: string
  amount: string | null
  pending: string | null
  pending_from: string | null
}

const parsed = <T>(value: T[] | string | null): T[] =>
  value === null ? [] : typeof value === 'string' ? (JSON.parse(value) as T[]) : value
const big = (text: string | null) => (text === null ? null : BigInt(text))

/** A bet's extra reads: the protection row, and a slot's previous spin (`PlayCheckInput`). */
interface ProtectionJson {
  break_kind: BreakKind | null
  break_until: string | null
  lapse_requested_at: string | null
  closed_at: string | null
  register_match: boolean
  reality_check_due_at: string | null
  play_time_limit_minutes: string | null
  play_time_pending_minutes: string | null
  play_time_pending_from: string | null
  in_play: boolean
}

interface LimitsAndUsage {
  limits: LimitJson[]
  usage: UsageRow[]
  protection: ProtectionJson | null
  playTime: { used_ms: number | string | null; oldest: string | null } | null
  lastSpinAt: string | null
  /** The protection row is in play (`PROTECTION_IN_PLAY`): later bets must read it too. */
  isProtectionInPlay: boolean
}

/** A json column as the driver hands it over: parsed, or as text. */
const fromJson = (value: unknown): unknown =>
  typeof value === 'string' ? (JSON.parse(value) as unknown) : (value ?? null)

/**
 * One statement: the player's limit rows and their stakes and payouts per window, per currency.
 * It takes no lock; callers lock first (`lockPlayChecksSql`) when they are about to bet. For a
 * bet (`bet`) it also reads the protection row, the play time when a play-time limit is stored,
 * and a slot's previous spin; and it sums the stakes only when the player has a play limit.
 * Note: the conditions on other rows (`exists …`) do not depend on the stakes, so PostgreSQL
 * tests them once before the sums (a one-time filter) and skips the sums when they fail.
 */
async function readLimitsAndUsage(
  tx: Db | Tx,
  playerId: string,
  usageRows: PlayUsageRows,
  now: Date,
  bet?: { slotCycle?: SlotCycle },
): Promise<LimitsAndUsage> {
  const since = (period: LimitPeriod) => new Date(now.getTime() - LIMIT_PERIOD_MS[period])
  const window = (period: LimitPeriod) => sql.raw(period)
  const sums = LIMIT_PERIODS.map(
    (period) => sql`
      (sum(stake_minor) filter (where at > ${since(period)}))::text as stake_${window(period)},
      (sum(payout_minor) filter (where at > ${since(period)}))::text as payout_${window(period)},
      min(at) filter (where at > ${since(period)}) as oldest_${window(period)}`,
  )
  const hasLimits = sql`exists (select 1 from ${playLimits} where ${playLimits.playerId} = ${playerId})`
  const betReads = bet
    ? sql`,
      (select row_to_json(p) from (
        select break_kind, break_until, lapse_requested_at, closed_at, register_match,
          reality_check_due_at, play_time_limit_minutes::text as play_time_limit_minutes,
          play_time_pending_minutes::text as play_time_pending_minutes, play_time_pending_from,
          ${sql.raw(PROTECTION_IN_PLAY)} as in_play
        from ${playerProtection} where ${playerProtection.playerId} = ${playerId}) as p) as protection,
      (select json_build_object('used_ms', used_ms, 'oldest', oldest)
        from (${playTimeSql(playerId, usageRows, now)}) as play
        where exists (select 1 from ${playerProtection} where ${playerProtection.playerId} = ${playerId}
          and (${playerProtection.playTimeLimitMinutes} is not null
            or ${playerProtection.playTimePendingFrom} is not null))) as play_time,
      ${bet.slotCycle ? lastSpinSql(playerId, bet.slotCycle, now) : sql`null`} as last_spin_at`
    : sql``
  const result = await tx.execute(sql`
    select
      (select json_agg(json_build_object('kind', kind, 'period', period, 'currency', currency,
          'amount', amount_minor::text, 'pending', pending_amount_minor::text,
          'pending_from', pending_from))
        from ${playLimits} where ${playLimits.playerId} = ${playerId}) as limits,
      (select json_agg(by_currency) from (
        select currency, ${sql.join(sums, sql`, `)}
        from (${usageRows(playerId, new Date(now.getTime() - MONTH_MS))}) as stakes
        ${bet ? sql`where ${hasLimits}` : sql``}
        group by currency) as by_currency) as usage${betReads}`)
  const [row] = (
    result as {
      rows: {
        limits: unknown
        usage: unknown
        protection?: unknown
        play_time?: unknown
        last_spin_at?: string | Date | null
      }[]
    }
  ).rows
  const lastSpin = row?.last_spin_at ?? null
  const protection = fromJson(row?.protection) as ProtectionJson | null
  return {
    limits: parsed((row?.limits ?? null) as LimitJson[] | string | null),
    usage: parsed((row?.usage ?? null) as UsageRow[] | string | null),
    protection,
    playTime: fromJson(row?.play_time) as LimitsAndUsage['playTime'],
    lastSpinAt: lastSpin === null ? null : new Date(lastSpin).toISOString(),
    isProtectionInPlay: protection?.in_play ?? false,
  }
}

/**
 * When the player's previous spin of the slot was, if it is within the minimum cycle before
 * `now` (one index range of `bets_player_idx`: the player's bets of the last seconds). A studio
 * round's own earlier bets are part of the same spin, so its round is left out.
 */
const lastSpinSql = (playerId: string, slot: SlotCycle, now: Date) => sql`(
  select max(${bets.createdAt}) from ${bets}
  where ${bets.playerId} = ${playerId}
    and ${bets.createdAt} > ${new Date(now.getTime() - slot.minCycleMs)}
    and ${bets.game} = ${slot.game}
    ${slot.round === undefined ? sql`` : sql`and ${bets.round} <> ${slot.round}`})`

/** The stored limits in `currency`, with waiting changes whose time has come applied. */
function settledLimits(
  limits: LimitJson[],
  rates: RateTable | null,
  currency: CurrencyCode,
  now: Date,
): StoredLimit[] {
  return limits.map((row) => {
    const convert = (amount: bigint | null) =>
      rates ? inCurrency(rates, amount, row.currency, currency) : amount
    const stored: LimitState = {
      amountMinor: convert(big(row.amount)),
      pendingAmountMinor: convert(big(row.pending)),
      pendingFrom: row.pending_from === null ? null : new Date(row.pending_from),
    }
    return { kind: row.kind, period: row.period, ...settleLimit(stored, now) }
  })
}

/** The stakes and payouts of each window in `currency`. */
function usageByPeriod(
  rows: UsageRow[],
  rates: RateTable | null,
  currency: CurrencyCode,
): Record<LimitPeriod, PlayUsage> {
  const usage = Object.fromEntries(
    LIMIT_PERIODS.map((period) => [period, { stakeMinor: 0n, payoutMinor: 0n, oldestAt: null }]),
  ) as Record<LimitPeriod, PlayUsage>
  for (const row of rows) {
    const convert = (amount: bigint | null) =>
      (rates ? inCurrency(rates, amount, row.currency, currency) : amount) ?? 0n
    for (const period of LIMIT_PERIODS) {
      const into = usage[period]
      into.stakeMinor += convert(big(row[`stake_${period}`]))
      into.payoutMinor += convert(big(row[`payout_${period}`]))
      const oldest = row[`oldest_${period}`]
      if (oldest !== null && (!into.oldestAt || new Date(oldest) < into.oldestAt)) {
        into.oldestAt = new Date(oldest)
      }
    }
  }
  return usage
}

const needsRates = (limits: LimitJson[], usage: UsageRow[], currency: string) =>
  limits.some((row) => row.currency !== currency) || usage.some((row) => row.currency !== currency)

/** `GET /player/deposit-limits` (loss and wager part): every kind and period, with what is used. */
export async function getPlayLimits(
  db: Db | Tx,
  input: { playerId: string; currency: CurrencyCode; rates: RateTable; usageRows: PlayUsageRows },
  now = new Date(),
): Promise<PlayLimitsView> {
  const read = await readLimitsAndUsage(db, input.playerId, input.usageRows, now)
  const limits = settledLimits(read.limits, input.rates, input.currency, now)
  const usage = usageByPeriod(read.usage, input.rates, input.currency)
  const viewOf = (kind: PlayLimitKind): PlayLimitView[] =>
    LIMIT_PERIODS.map((period) => {
      const state = limits.find((limit) => limit.kind === kind && limit.period === period)
      return {
        period,
        amountMinor: state?.amountMinor ?? null,
        pendingAmountMinor: state?.pendingAmountMinor ?? null,
        pendingFrom: state?.pendingFrom ?? null,
        usedMinor: usedOf(kind, usage[period]),
      }
    })
  return { loss: viewOf('loss'), wager: viewOf('wager') }
}

/**
 * `POST /player/deposit-limits` with `kind` loss or wager: lowering (or a first limit) applies at
 * once; raising or removing waits 24 hours. The rows are locked, so a bet in
 * flight finishes against the old limit or waits and meets the new one.
 */
export async function setPlayLimit(
  db: Db,
  input: {
    playerId: string
    currency: CurrencyCode
    rates: RateTable
    kind: PlayLimitKind
    period: LimitPeriod
    amountMinor: bigint | null
  },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(playLimits)
      .where(
        and(
          eq(playLimits.playerId, input.playerId),
          eq(playLimits.kind, input.kind),
          eq(playLimits.period, input.period),
        ),
      )
      .for('update')
    const current: LimitState = row
      ? {
          amountMinor: inCurrency(input.rates, row.amountMinor, row.currency, input.currency),
          pendingAmountMinor: inCurrency(
            input.rates,
            row.pendingAmountMinor,
            row.currency,
            input.currency,
          ),
          pendingFrom: row.pendingFrom,
        }
      : NO_LIMIT
    const next = changeLimit(current, input.amountMinor, now)
    const values = { currency: input.currency, ...next, updatedAt: now }
    await tx
      .insert(playLimits)
      .values({ playerId: input.playerId, kind: input.kind, period: input.period, ...values })
      .onConflictDoUpdate({
        target: [playLimits.playerId, playLimits.kind, playLimits.period],
        set: values,
      })
  })
}

/** Why a stake was refused: the binding limit, what it still allows, and when room frees up. */
export interface PlayLimitBreach {
  kind: PlayLimitKind
  period: LimitPeriod
  remainingMinor: bigint
  freesAt: Date | null
}

/**
 * A slot spin of a player whose jurisdiction sets a minimum game cycle (`jurisdictionOf`
 * `.slotMinCycleMs` > 0): the game as `bets.game` names it, that cycle, and for a studio the
 * round the bet belongs to (its earlier bets are the same spin).
 */
export interface SlotCycle {
  game: string
  minCycleMs: number
  round?: string
}

export interface PlayCheckInput {
  playerId: string
  currency: CurrencyCode
  stakeMinor: bigint
  usageRows: PlayUsageRows
  loadRates: () => Promise<RateTable>
  /** Set for a slot spin where the player's jurisdiction sets a minimum cycle. */
  slotCycle?: SlotCycle
}

/**
 * Why a bet is refused: a protection bar (`bar`: the player's refusal, worded; `reason`: what a
 * studio is told) or a loss or wager limit (`limit`: what it still allows).
 */
export type PlayRefusal =
  | { kind: 'bar'; reason: PlayBar | 'slot_cycle'; error: AppError }
  | { kind: 'limit'; breach: PlayLimitBreach }

/**
 * A bet's check: the refusal, if any, and whether the player's next bets need the check too (a
 * limit, or protection in play); false once, say, a reality check was answered, so a bet path
 * that remembers it (the Originals' `seedState`) goes back to its one statement.
 */
export interface PlayCheck {
  refusal: PlayRefusal | undefined
  checksRemain: boolean
}

const dateOf = (text: string | null) => (text === null ? null : new Date(text))

/** The rules' view of the protection row as the bet's statement read it. */
function protectionOf(row: ProtectionJson | null): ProtectionState {
  return {
    breakKind: row?.break_kind ?? null,
    breakUntil: dateOf(row?.break_until ?? null),
    lapseRequestedAt: dateOf(row?.lapse_requested_at ?? null),
    closedAt: dateOf(row?.closed_at ?? null),
    registerMatch: row?.register_match ?? false,
    realityCheckDueAt: dateOf(row?.reality_check_due_at ?? null),
  }
}

/** The refusal of a spin sooner than the jurisdiction's minimum cycle (`seconds`: 2.5). */
function slotCycleError(minCycleMs: number, lastSpinAt: Date, now = new Date()) {
  const waitMs = lastSpinAt.getTime() + minCycleMs - now.getTime()
  return new AppError('protection.slot_cycle', {
    params: { seconds: String(minCycleMs / 1000) },
    details: { bar: 'slot_cycle', wait_ms: Math.max(0, waitMs) },
  })
}

/**
 * Whether the player may stake `stakeMinor` now; the refusal when not. In order: a standing bar
 * (closure, a break, a register match), a reality check waiting for its answer, the play-time
 * limit reached, a slot spin sooner than the jurisdiction's cycle, then the loss and wager
 * limits, the lowest remaining allowance across kinds and windows binding. Runs inside the bet's
 * transaction after `lockPlayChecksSql` locked the rows, as one statement; rates are read
 * (cached per instance) only when a limit or a counted bet is in another currency.
 */
export async function checkPlay(
  tx: Tx,
  input: PlayCheckInput,
  now = new Date(),
): Promise<PlayCheck> {
  const read = await readLimitsAndUsage(tx, input.playerId, input.usageRows, now, {
    ...(input.slotCycle && { slotCycle: input.slotCycle }),
  })
  return {
    refusal: await refusalOf(read, input, now),
    checksRemain: read.limits.length > 0 || read.isProtectionInPlay,
  }
}

async function refusalOf(
  read: LimitsAndUsage,
  input: PlayCheckInput,
  now: Date,
): Promise<PlayRefusal | undefined> {
  const protection = protectionOf(read.protection)
  const bar = standingBar(protection, now)
  if (bar) return { kind: 'bar', reason: bar, error: playBarError(bar, protection, now) }
  if (realityCheckDue(protection, now)) {
    return {
      kind: 'bar',
      reason: 'reality_check',
      error: new AppError('protection.reality_check', { details: { bar: 'reality_check' } }),
    }
  }
  if (read.protection && read.playTime) {
    const limitMinutes = playTimeLimitInForce(
      {
        limitMinutes: big(read.protection.play_time_limit_minutes),
        pendingMinutes: big(read.protection.play_time_pending_minutes),
        pendingFrom: dateOf(read.protection.play_time_pending_from),
      },
      now,
    )
    const used = playTimeOf(read.playTime)
    if (limitMinutes !== null && isPlayTimeReached(limitMinutes, used)) {
      return { kind: 'bar', reason: 'play_time', error: playTimeError(limitMinutes, used, now) }
    }
  }
  if (input.slotCycle && read.lastSpinAt !== null) {
    return {
      kind: 'bar',
      reason: 'slot_cycle',
      error: slotCycleError(input.slotCycle.minCycleMs, new Date(read.lastSpinAt), now),
    }
  }
  // A stake of none of the player's money (a free round) is never over a loss or wager limit.
  if (read.limits.length === 0 || input.stakeMinor <= 0n) return undefined
  const rates = needsRates(read.limits, read.usage, input.currency) ? await input.loadRates() : null
  const limits = settledLimits(read.limits, rates, input.currency, now)
  const usage = usageByPeriod(read.usage, rates, input.currency)
  let breach: PlayLimitBreach | undefined
  for (const kind of PLAY_LIMIT_KINDS) {
    const allowance = tightestAllowance(
      limits
        .filter((limit) => limit.kind === kind)
        .map((limit) => ({
          period: limit.period,
          amountMinor: limit.amountMinor,
          usedMinor: usedOf(kind, usage[limit.period]),
        })),
    )
    if (!allowance || input.stakeMinor <= allowance.remainingMinor) continue
    if (!breach || allowance.remainingMinor < breach.remainingMinor) {
      breach = { kind, ...allowance, freesAt: freesAt(allowance.period, usage[allowance.period]) }
    }
  }
  return breach && { kind: 'limit', breach }
}

/** The refusal of a stake over a play limit, in the shape the player's API answers it. */
export function playLimitError(breach: PlayLimitBreach, currency: CurrencyCode, now = new Date()) {
  // A wait rather than a date: the message says it in words (`waitSeconds`, error-handler.ts).
  // With nothing counted (one stake above the whole limit) the window's length is the answer.
  const untilMs =
    breach.freesAt === null
      ? LIMIT_PERIOD_MS[breach.period]
      : breach.freesAt.getTime() - now.getTime()
  const waitSeconds = Math.max(1, Math.ceil(untilMs / 1000))
  return new AppError(breach.kind === 'loss' ? 'limits.loss_exceeded' : 'limits.wager_exceeded', {
    params: {
      remaining: formatDecimal(breach.remainingMinor, currency),
      currency,
      period: breach.period,
      waitSeconds,
    },
    details: {
      remaining: breach.remainingMinor.toString(),
      period: breach.period,
      frees_at: breach.freesAt?.toISOString() ?? null,
    },
  })
}

/**
 * `checkPlay` for the site's own games: throws the player's refusal (409). Answers whether the
 * player's next bets need the check too (`PlayCheck.checksRemain`).
 */
export async function assertMayPlay(
  tx: Tx,
  input: PlayCheckInput,
  now = new Date(),
): Promise<boolean> {
  const { refusal, checksRemain } = await checkPlay(tx, input, now)
  if (refusal?.kind === 'bar') throw refusal.error
  if (refusal) throw playLimitError(refusal.breach, input.currency, now)
  return checksRemain
}
