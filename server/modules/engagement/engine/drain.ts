import type { FastifyBaseLogger } from 'fastify'
import {
  levelOf,
  periodKey,
  progressOf,
  type EngagementEvent,
  type EngagementEventKind,
} from '#common/engagement-rules.ts'
import type { Messages } from '#common/messages.ts'
import { isCurrencyCode } from '#common/money.ts'
import { executePrepared, type Db, type Tx } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import {
  COIN,
  postTransfer,
  retryingConflicts,
  type TransferInput,
} from '#server/modules/ledger/index.ts'
import { barredFromPlay } from '#server/modules/limits/index.ts'
import { notifyAfterCommit, type Notify } from '#server/modules/notifications/index.ts'
import { wordingOfEveryLocale, type Wording } from '#server/modules/site/index.ts'
import { loadRates, type RateTable } from '#server/modules/wallet/index.ts'
import type { TriggerProgressUpdate } from '../engagement.contract.ts'
import {
  loadLoyaltyTables,
  multipliedCoins,
  tierOfLevel,
  type LoyaltyTables,
} from '../loyalty-tables.ts'
import { inWindow, loadEngagementContent, type EngagementContent } from './content.ts'
import { loadGameCategories } from './game-categories.ts'
import { levelUpNotice, questNotice } from './notices.ts'
import { MAX_EVENT_ATTEMPTS } from './parking.ts'
import type { AfterCommit, EngagementBatch, EngagementConsumer } from './consumer.ts'

export interface DrainDeps {
  db: Db
  bus: EventBus
  messages: (locale: string) => Promise<Messages>
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>
  /** Other modules' rules fed by the same events, in the same transaction (the rewards'). */
  consumers?: readonly EngagementConsumer[]
}

export interface DrainOptions {
  /** Rows taken per transaction. */
  limit?: number
  /** Tests only: runs after every write of the drain, before its commit. */
  beforeCommit?: () => Promise<void>
}

export interface DrainResult {
  /** Inbox rows taken (applied or dropped) and deleted. */
  taken: number
  progressed: number
  rewards: number
  levelUps: number
}

export const DRAIN_BATCH = 500
export { MAX_EVENT_ATTEMPTS }

interface InboxRow {
  id: string
  kind: EngagementEventKind
  player_id: string
  data: Record<string, string | number> | string
  at_ms: number
  game: string | null
  currency: string | null
  stake_minor: string | null
  bonus_stake_minor: string | null
  payout_minor: string | null
  multiplier_bp: string | number | null
}

// The oldest rows no other drain holds, with their bet's columns for bet events.
const TAKE = `
  with picked as (
    select id, kind, source_id, player_id, data, created_at from engagement_events
    where attempts < ${MAX_EVENT_ATTEMPTS}
    order by id limit $1 for update skip locked
  )
  select p.id::text as id, p.kind, p.player_id::text as player_id, p.data,
         (extract(epoch from coalesce(b.created_at, p.created_at)) * 1000)::float8 as at_ms,
         b.game, b.currency, b.stake_minor::text as stake_minor,
         b.bonus_stake_minor::text as bonus_stake_minor, b.payout_minor::text as payout_minor,
         b.multiplier_bp::text as multiplier_bp
  from picked p
  left join bets b on p.kind = 'bet' and b.id = case when p.kind = 'bet' then p.source_id::uuid end
  order by p.id`

// Adds (or raises, for a level reached) a trigger's progress per player and period, capped at its
// expected value; a finished one no longer moves. `updated_at` is the time of the last event
// counted: a login trigger counts a UTC day once, however many sign-ins that day (the inbox's key
// keeps a day's second sign-in out only while the first is still waiting). Answers the rows that
// moved.
const PROGRESS = `
  insert into trigger_progress as tp (player_id, trigger_id, period_key, progress, finished_at, updated_at)
  select u.player_id, u.trigger_id, u.period_key, least(u.amount, t.expected),
         case when u.amount >= t.expected then now() end, u.at
  from jsonb_to_recordset($1::jsonb) as u(player_id uuid, trigger_id integer, period_key text, amount bigint, at timestamptz)
  join engagement_triggers t on t.id = u.trigger_id
  order by u.player_id, u.trigger_id, u.period_key
  on conflict (player_id, trigger_id, period_key) do update set
    progress = least(
      (select et.expected from engagement_triggers et where et.id = tp.trigger_id),
      case when (select et.event from engagement_triggers et where et.id = tp.trigger_id) = 'level_up'
        then greatest(tp.progress, excluded.progress) else tp.progress + excluded.progress end),
    finished_at = case when least(
      (select et.expected from engagement_triggers et where et.id = tp.trigger_id),
      case when (select et.event from engagement_triggers et where et.id = tp.trigger_id) = 'level_up'
        then greatest(tp.progress, excluded.progress) else tp.progress + excluded.progress end)
      >= (select et.expected from engagement_triggers et where et.id = tp.trigger_id) then now() end,
    updated_at = greatest(tp.updated_at, excluded.updated_at)
  where tp.finished_at is null
    and ((select et.event from engagement_triggers et where et.id = tp.trigger_id) <> 'level_up'
         or excluded.progress > tp.progress)
    and ((select et.event from engagement_triggers et where et.id = tp.trigger_id) <> 'login'
         or date_trunc('day', tp.updated_at at time zone 'UTC')
            < date_trunc('day', excluded.updated_at at time zone 'UTC'))
  returning tp.player_id::text as player_id, tp.trigger_id, tp.period_key, tp.progress::text as progress,
            tp.finished_at is not null as finished`

// A task whose every trigger is finished in the period is paid once (the primary key says so).
const REWARDS = `
  insert into template_rewards (player_id, template_id, period_key, coins_minor)
  select c.player_id, c.template_id, c.period_key, c.coins_minor
  from jsonb_to_recordset($1::jsonb) as c(player_id uuid, template_id integer, period_key text, coins_minor bigint)
  where not exists (
    select 1 from engagement_triggers t
    where t.template_id = c.template_id and not exists (
      select 1 from trigger_progress p
      where p.player_id = c.player_id and p.trigger_id = t.id and p.period_key = c.period_key
        and p.finished_at is not null))
  order by c.player_id, c.template_id
  on conflict do nothing
  returning player_id::text as player_id, template_id, period_key, coins_minor::text as coins_minor`

// Points (euro cents of own-money stakes) added per player; answers the level before the change.
const POINTS = `
  insert into player_loyalty as pl (player_id, points_minor)
  select u.player_id, u.points_minor
  from jsonb_to_recordset($1::jsonb) as u(player_id uuid, points_minor bigint)
  order by u.player_id
  on conflict (player_id) do update set points_minor = pl.points_minor + excluded.points_minor,
    updated_at = now()
  returning pl.player_id::text as player_id, pl.points_minor::text as points_minor, pl.level`

// Raises the levels reached. The points upsert of this transaction holds each row's lock, so the
// level it answered is the one this raise starts from.
const LEVELS = `
  update player_loyalty pl set level = u.level, updated_at = now()
  from jsonb_to_recordset($1::jsonb) as u(player_id uuid, level integer)
  where pl.player_id = u.player_id and pl.level < u.level`

const RECORD_LEVEL_UPS = `
  insert into engagement_events (kind, source_id, player_id, data)
  select 'level_up', u.player_id || ':' || u.level, u.player_id::uuid, jsonb_build_object('level', u.level)
  from jsonb_to_recordset($1::jsonb) as u(player_id text, level integer)
  on conflict do nothing`

const DELETE = `delete from engagement_events where id = any(select jsonb_array_elements_text($1::jsonb)::bigint)`

// Counts a failed drain against the rows it had taken; answers those now parked.
const FAILED = `
  update engagement_events set attempts = attempts + 1
  where id = any(select jsonb_array_elements_text($1::jsonb)::bigint)
  returning id::text as id, kind, source_id, player_id::text as player_id, attempts`

const PLAYER_LOCALES = `
  select id::text as id, locale from players where id in (select jsonb_array_elements_text($1::jsonb)::uuid)`

/** The player's words, English when their catalogue did not load, the key as a last resort. */

const json = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? item.toString() : item,
  )

const parseData = (data: InboxRow['data']): Record<string, string | number> =>
  typeof data === 'string' ? (JSON.parse(data) as Record<string, string | number>) : data

const bigintOf = (value: string | number | undefined | null): bigint => {
  if (value === undefined || value === null) return 0n
  try {
    return BigInt(value)
  } catch {
    return 0n
  }
}

function eurOf(rates: RateTable, currency: string | null, minor: bigint): bigint {
  if (currency === null || minor === 0n || !isCurrencyCode(currency)) return 0n
  try {
    return rates.convert(minor, currency, 'EUR', 'half_even')
  } catch {
    // A currency the rate table cannot convert counts no money.
    return 0n
  }
}

interface Applied {
  result: DrainResult
  moved: { playerId: string; trigger: TriggerProgressUpdate }[]
  changedPlayers: string[]
  afterCommit: AfterCommit[]
}

/**
 * Applies up to `limit` inbox rows in one transaction and deletes them with it: progress,
 * rewards, points and levels (docs/decisions/014). After the commit: the moved triggers, the
 * notifications, `player.changed` for the players whose points moved, and `engagement.recorded`
 * when this drain recorded level-ups (they are the next drain's events).
 */
export async function drainOnce(deps: DrainDeps, options: DrainOptions = {}): Promise<DrainResult> {
  const limit = options.limit ?? DRAIN_BATCH
  // Reads outside the transaction first: on the embedded database a read on `db` inside the
  // transaction would wait for it.
  const [rates, content, loyalty, categories] = await Promise.all([
    loadRates(deps.db),
    loadEngagementContent(deps.db),
    loadLoyaltyTables(deps.db),
    loadGameCategories(deps.db),
    ...(deps.consumers ?? []).map((consumer) => consumer.prepare?.(deps.db)),
  ])
  // Every language's words, before the transaction (a catalogue read inside it would wait).
  const wording = await wordingOfEveryLocale(deps.messages, deps.log)

  let taken: readonly string[] = []
  let applied: Applied
  try {
    applied = await notifyAfterCommit({ bus: deps.bus, log: deps.log }, (notify) =>
      retryingConflicts(() =>
        deps.db.transaction((tx) =>
          applyBatch(tx, notify, {
            deps,
            limit,
            rates,
            content,
            loyalty,
            categories,
            options,
            wording,
            onTaken: (ids) => {
              taken = ids
            },
          }),
        ),
      ),
    )
  } catch (error) {
    await countFailure(deps, taken)
    throw error
  }
  for (const moved of applied.moved) {
    await deps.bus.publish('trigger.progress', moved).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'trigger progress not published')
    })
  }
  for (const playerId of applied.changedPlayers) {
    await deps.bus.publish('player.changed', { playerId }).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'player change not published')
    })
  }
  if (applied.result.levelUps > 0) {
    await deps.bus.publish('engagement.recorded', { kind: 'level_up' }).catch(() => {})
  }
  for (const after of applied.afterCommit) {
    await after().catch((error: unknown) => {
      deps.log.warn({ err: error }, 'engagement consumer’s messages not published')
    })
  }
  return applied.result
}

/**
 * Records a failed drain against its rows (the rolled-back transaction left them in the inbox);
 * the engine then drains them one at a time, so a row that fails alone is the one that reaches
 * `MAX_EVENT_ATTEMPTS` and is parked, and the others go through. Never throws: the drain's own
 * error is the one to report.
 */
async function countFailure(deps: DrainDeps, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  try {
    const counted = await executePrepared<{
      id: string
      kind: string
      source_id: string
      player_id: string
      attempts: number
    }>(deps.db, 'engagement_failed', FAILED, [json(ids)])
    const parked = counted.filter((row) => row.attempts >= MAX_EVENT_ATTEMPTS)
    if (parked.length > 0) {
      deps.log.error({ events: parked }, 'engagement events parked after repeated failures')
    }
  } catch (error) {
    deps.log.warn({ err: error }, 'engagement failure not counted')
  }
}

interface BatchContext {
  onTaken: (ids: readonly string[]) => void
  deps: DrainDeps
  limit: number
  rates: RateTable
  content: EngagementContent
  loyalty: LoyaltyTables
  categories: ReadonlyMap<string, readonly string[]>
  options: DrainOptions
  wording: Wording
}

async function applyBatch(tx: Tx, notify: Notify, context: BatchContext): Promise<Applied> {
  const { rates, content, loyalty, categories } = context
  const rows = await executePrepared<InboxRow>(tx, 'engagement_take', TAKE, [context.limit])
  context.onTaken(rows.map((row) => row.id))
  const result: DrainResult = { taken: rows.length, progressed: 0, rewards: 0, levelUps: 0 }
  const applied: Applied = { result, moved: [], changedPlayers: [], afterCommit: [] }
  if (rows.length === 0) return applied

  // A player barred from play earns nothing: their events are dropped.
  const barred = await barredFromPlay(tx, [...new Set(rows.map((row) => row.player_id))], rates)

  // Progress per (player, trigger, period), and points per player, summed in memory.
  const progress = new Map<
    string,
    { player_id: string; trigger_id: number; period_key: string; amount: bigint; at: string }
  >()
  const points = new Map<string, bigint>()
  const batch: {
    events: EngagementBatch['events'][number][]
    rewards: EngagementBatch['rewards'][number][]
  } = { events: [], rewards: [] }
  for (const row of rows) {
    if (barred.has(row.player_id)) continue
    const data = parseData(row.data)
    const at = new Date(row.at_ms)
    let event: EngagementEvent
    let cashEur = 0n
    if (row.kind === 'bet') {
      if (row.game === null) continue
      const stake = bigintOf(row.stake_minor)
      const cashStake = stake - bigintOf(row.bonus_stake_minor)
      cashEur = eurOf(rates, row.currency, cashStake)
      if (cashEur > 0n) points.set(row.player_id, (points.get(row.player_id) ?? 0n) + cashEur)
      event = {
        kind: 'bet',
        gameId: row.game,
        gameCategories: categories.get(row.game) ?? [],
        amountEurMinor: eurOf(rates, row.currency, stake),
        multiplierBp: Number(row.multiplier_bp ?? 0),
        currency: row.currency ?? undefined,
        winEurMinor: eurOf(rates, row.currency, bigintOf(row.payout_minor)),
      }
    } else {
      event = {
        kind: row.kind,
        amountEurMinor: bigintOf(data.amountEurMinor),
        level: row.kind === 'level_up' ? Number(data.level ?? 0) : undefined,
      }
    }
    batch.events.push({ playerId: row.player_id, at, event, cashEurMinor: cashEur })
    for (const trigger of content.byEvent.get(event.kind) ?? []) {
      if (!inWindow(trigger, at)) continue
      const moved = progressOf(trigger, event)
      if (!moved) continue
      const period = periodKey(trigger.repeat, at)
      const key = `${row.player_id}|${trigger.id}|${period}`
      const entry = progress.get(key) ?? {
        player_id: row.player_id,
        trigger_id: trigger.id,
        period_key: period,
        amount: 0n,
        at: at.toISOString(),
      }
      if (at.toISOString() > entry.at) entry.at = at.toISOString()
      entry.amount =
        'add' in moved
          ? entry.amount + moved.add
          : entry.amount > moved.reach
            ? entry.amount
            : moved.reach
      progress.set(key, entry)
    }
  }

  // Points first: the coin multiplier of a task finished in this batch is the level's after it.
  const levels = new Map<string, number>()
  const levelUps: { playerId: string; level: number }[] = []
  if (points.size > 0) {
    const sorted = [...points].sort(([a], [b]) => (a < b ? -1 : 1))
    const updated = await executePrepared<{
      player_id: string
      points_minor: string
      level: number
    }>(tx, 'engagement_points', POINTS, [
      json(sorted.map(([player_id, points_minor]) => ({ player_id, points_minor }))),
    ])
    applied.changedPlayers = updated.map((row) => row.player_id)
    const raises = updated.flatMap((row) => {
      levels.set(row.player_id, row.level)
      const reached = levelOf(Number(BigInt(row.points_minor) / 100n), loyalty.steps).level
      return reached > row.level ? [{ player_id: row.player_id, level: reached }] : []
    })
    if (raises.length > 0) {
      await executePrepared(tx, 'engagement_levels', LEVELS, [json(raises)])
      for (const raise of raises) {
        const from = levels.get(raise.player_id) ?? 1
        levels.set(raise.player_id, raise.level)
        for (let level = from + 1; level <= raise.level; level++) {
          levelUps.push({ playerId: raise.player_id, level })
        }
      }
    }
  }

  const progressRows = [...progress.values()].sort((a, b) =>
    a.player_id !== b.player_id
      ? a.player_id < b.player_id
        ? -1
        : 1
      : a.trigger_id - b.trigger_id,
  )
  const finished: { playerId: string; templateId: number; periodKey: string }[] = []
  if (progressRows.length > 0) {
    const movedRows = await executePrepared<{
      player_id: string
      trigger_id: number
      period_key: string
      progress: string
      finished: boolean
    }>(tx, 'engagement_progress', PROGRESS, [json(progressRows)])
    result.progressed = movedRows.length
    const seen = new Set<string>()
    for (const row of movedRows) {
      const trigger = content.byId.get(row.trigger_id)
      if (!trigger) continue
      const value = BigInt(row.progress)
      const display = (minor: bigint) =>
        trigger.unit === 'eur' ? Number(minor) / 100 : Number(minor)
      applied.moved.push({
        playerId: row.player_id,
        trigger: {
          id: trigger.id,
          progress: {
            progress: display(value),
            expected: display(trigger.expected),
            is_finished: row.finished ? 1 : 0,
          },
        },
      })
      const key = `${row.player_id}|${trigger.templateId}|${row.period_key}`
      if (row.finished && !seen.has(key)) {
        seen.add(key)
        finished.push({
          playerId: row.player_id,
          templateId: trigger.templateId,
          periodKey: row.period_key,
        })
      }
    }
  }

  // Levels of the players who may be paid, for the VIP multiplier (read once).
  // Each award: its coins (none when the amount is 0) and the player's notification.
  const awards: { transfer: TransferInput | undefined; notice: Parameters<Notify>[1] }[] = []
  const needLocales = new Set<string>([
    ...finished.map((entry) => entry.playerId),
    ...levelUps.map((entry) => entry.playerId),
  ])
  const locales = new Map<string, string>()
  if (needLocales.size > 0) {
    const found = await executePrepared<{ id: string; locale: string }>(
      tx,
      'engagement_player_locales',
      PLAYER_LOCALES,
      [json([...needLocales])],
    )
    for (const row of found) locales.set(row.id, row.locale)
  }

  if (finished.length > 0) {
    const missing = finished
      .filter((entry) => !levels.has(entry.playerId))
      .map((entry) => entry.playerId)
    if (missing.length > 0) {
      const found = await executePrepared<{ player_id: string; level: number }>(
        tx,
        'engagement_player_levels',
        `select player_id::text as player_id, level from player_loyalty
         where player_id in (select jsonb_array_elements_text($1::jsonb)::uuid)`,
        [json([...new Set(missing)])],
      )
      for (const row of found) levels.set(row.player_id, row.level)
    }
    const candidates = finished.flatMap((entry) => {
      const triggerId = content.triggersOfTemplate.get(entry.templateId)?.[0]
      const trigger = triggerId === undefined ? undefined : content.byId.get(triggerId)
      if (!trigger) return []
      const tier = tierOfLevel(loyalty.tiers, levels.get(entry.playerId) ?? 1)
      return [
        {
          player_id: entry.playerId,
          template_id: entry.templateId,
          period_key: entry.periodKey,
          coins_minor: multipliedCoins(trigger.rewardCoinsMinor, tier),
        },
      ]
    })
    const paid = await executePrepared<{
      player_id: string
      template_id: number
      period_key: string
      coins_minor: string
    }>(tx, 'engagement_rewards', REWARDS, [json(candidates)])
    result.rewards = paid.length
    for (const row of paid) {
      batch.rewards.push({
        playerId: row.player_id,
        templateId: row.template_id,
        periodKey: row.period_key,
      })
      const triggerId = content.triggersOfTemplate.get(row.template_id)?.[0]
      const trigger = triggerId === undefined ? undefined : content.byId.get(triggerId)
      if (!trigger) continue
      const coins = BigInt(row.coins_minor)
      const locale = locales.get(row.player_id) ?? 'en'
      awards.push({
        transfer:
          coins > 0n
            ? {
                idempotencyKey: `coins:quest:${row.player_id}:${row.template_id}:${row.period_key}`,
                code: 'coins_award',
                debit: { system: 'rewards_expense', currency: COIN, shardKey: row.player_id },
                credit: { playerId: row.player_id, kind: 'cash', currency: COIN },
                amountMinor: coins,
                reference: `quest_template:${row.template_id}`,
              }
            : undefined,
        notice: questNotice(context.wording(locale), locale, {
          playerId: row.player_id,
          trigger,
          coinsMinor: coins,
        }),
      })
    }
  }

  if (levelUps.length > 0) {
    result.levelUps = levelUps.length
    await executePrepared(tx, 'engagement_record_level_ups', RECORD_LEVEL_UPS, [
      json(levelUps.map((entry) => ({ player_id: entry.playerId, level: entry.level }))),
    ])
    for (const entry of levelUps) {
      const row = loyalty.levels.find((level) => level.level === entry.level)
      const coins = row?.rewardCoinsMinor ?? 0n
      const locale = locales.get(entry.playerId) ?? 'en'
      awards.push({
        transfer:
          coins > 0n
            ? {
                idempotencyKey: `coins:level:${entry.playerId}:${entry.level}`,
                code: 'coins_award',
                debit: { system: 'rewards_expense', currency: COIN, shardKey: entry.playerId },
                credit: { playerId: entry.playerId, kind: 'cash', currency: COIN },
                amountMinor: coins,
                reference: `loyalty_level:${entry.level}`,
              }
            : undefined,
        notice: levelUpNotice(context.wording(locale), locale, {
          playerId: entry.playerId,
          level: entry.level,
          levelTexts: row?.texts,
          coinsMinor: coins,
        }),
      })
    }
  }

  // One transfer each (awards are rare next to bets): a key taken before (coins paid once by a
  // drain whose gate row was lost, say a level set back by hand) pays and tells nothing again.
  for (const award of awards) {
    if (award.transfer) {
      const posted = await postTransfer(tx, award.transfer)
      if (posted.status === 'exists') continue
      if (posted.status !== 'posted') throw new Error(`coins not paid: ${posted.status}`)
    }
    await notify(tx, award.notice)
  }

  for (const consumer of context.deps.consumers ?? []) {
    const after = await consumer.apply(tx, batch, notify, {
      bus: context.deps.bus,
      db: context.deps.db,
      texts: context.wording,
    })
    if (after) applied.afterCommit.push(after)
  }

  await executePrepared(tx, 'engagement_delete', DELETE, [json(rows.map((row) => row.id))])
  await context.options.beforeCommit?.()
  return applied
}
