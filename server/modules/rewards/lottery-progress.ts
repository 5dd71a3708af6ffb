import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { executePrepared, type Db, type Tx } from '#db/client.ts'
import type { EngagementBatch, EngagementConsumer } from '#server/modules/engagement/index.ts'
import { lotteries } from './rewards.tables.ts'

interface EarningLottery {
  id: number
  salesOpenAt: Date
  salesCloseAt: Date
  ticketEveryEurMinor: bigint
}

/** Lotteries change when an operator edits one: a minute's staleness at most, dropped on edits. */
const CACHE_MS = 60_000
const cache = new WeakMap<Db, { value: Promise<EarningLottery[]>; readAtMs: number }>()
// What the last `prepare` read, for `apply` (which only has the transaction): a read on `db`
// inside it would wait on the embedded database. `LOCK` checks every window again in the
// transaction, so a list another app's database left here in tests earns nothing wrong.
let prepared: Promise<EarningLottery[]> = Promise.resolve([])

/** Drops the cached lotteries (`rewards.content.changed`, a draw). */
export function forgetEarningLotteries(db: Db): void {
  cache.delete(db)
}

function earningLotteries(db: Db): Promise<EarningLottery[]> {
  const cached = cache.get(db)
  if (cached && Date.now() - cached.readAtMs < CACHE_MS) return cached.value
  const value = db
    .select({
      id: lotteries.id,
      salesOpenAt: lotteries.salesOpenAt,
      salesCloseAt: lotteries.salesCloseAt,
      ticketEveryEurMinor: lotteries.ticketEveryEurMinor,
    })
    .from(lotteries)
    .where(
      and(
        eq(lotteries.isEnabled, true),
        isNull(lotteries.drawnAt),
        isNotNull(lotteries.ticketEveryEurMinor),
      ),
    )
    .then((rows) =>
      rows.flatMap((row) =>
        row.ticketEveryEurMinor !== null && row.ticketEveryEurMinor > 0n
          ? [{ ...row, ticketEveryEurMinor: row.ticketEveryEurMinor }]
          : [],
      ),
    )
  value.catch(() => cache.delete(db))
  cache.set(db, { value, readAtMs: Date.now() })
  return value
}

const json = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? item.toString() : item,
  )

// The lotteries still selling, locked: tickets are numbered one issue at a time, and none is
// earned once sales closed (the draw's client seed is the tickets sold).
const LOCK = `
  select id, ticket_count, max_tickets_per_player, ticket_every_eur_minor::text as step,
    (extract(epoch from sales_open_at) * 1000)::float8 as open_ms,
    (extract(epoch from sales_close_at) * 1000)::float8 as close_ms
  from lotteries
  where id in (select jsonb_array_elements_text($1::jsonb)::integer)
    and is_enabled and drawn_at is null and ticket_every_eur_minor > 0 and sales_open_at <= $2::timestamptz and sales_close_at > $2::timestamptz
  order by id for update`

// Adds the batch's stakes to each player's progress; answers it with the tickets they hold.
const PROGRESS = `
  with up as (
    insert into lottery_progress as lp (player_id, lottery_id, progress_eur_minor)
    select u.player_id, u.lottery_id, u.amount
    from jsonb_to_recordset($1::jsonb) as u(player_id uuid, lottery_id integer, amount bigint)
    order by u.player_id, u.lottery_id
    on conflict (player_id, lottery_id) do update
      set progress_eur_minor = lp.progress_eur_minor + excluded.progress_eur_minor
    returning lp.player_id, lp.lottery_id, lp.progress_eur_minor)
  select up.player_id::text as player_id, up.lottery_id, up.progress_eur_minor::text as progress,
    (select count(*) from lottery_tickets t
      where t.player_id = up.player_id and t.lottery_id = up.lottery_id)::integer as held,
    (select count(*) from lottery_tickets t
      where t.player_id = up.player_id and t.lottery_id = up.lottery_id and t.source = 'earned')::integer as earned
  from up`

const TICKETS = `
  insert into lottery_tickets (id, lottery_id, number, player_id, source, source_key, created_at)
  select t.id, t.lottery_id, t.number, t.player_id, 'earned', t.source_key, $2::timestamptz
  from jsonb_to_recordset($1::jsonb) as t(id uuid, lottery_id integer, number integer, player_id uuid, source_key text)
  on conflict (source_key) do nothing`

const COUNTS = `
  update lotteries l set ticket_count = l.ticket_count + c.issued, updated_at = l.updated_at
  from jsonb_to_recordset($1::jsonb) as c(lottery_id integer, issued integer)
  where l.id = c.lottery_id`

const REMAINDERS = `
  update lottery_progress p set progress_eur_minor = r.progress
  from jsonb_to_recordset($1::jsonb) as r(player_id uuid, lottery_id integer, progress bigint)
  where p.player_id = r.player_id and p.lottery_id = r.lottery_id`

/**
 * Earned lottery tickets: real-money stakes (`cashEurMinor`) of bets made while a lottery's sales
 * are open add to the player's progress; each full `ticketEveryEurMinor` issues a ticket, keyed
 * `earned:<player>:<lottery>:<n>`. At the per-player limit progress stops (it is kept at 0). A
 * handful of statements per batch, none per event.
 */
export const lotteryConsumer: EngagementConsumer = {
  name: 'lottery',
  prepare: async (db) => {
    prepared = earningLotteries(db)
    await prepared
  },
  apply: async (tx, batch) => {
    const events = batch.events.filter(
      (entry) => entry.event.kind === 'bet' && entry.cashEurMinor > 0n,
    )
    if (events.length === 0) return
    const earning = await prepared.catch(() => [])
    if (earning.length === 0) return
    const candidates = earning.filter((lottery) =>
      events.some(({ at }) => at >= lottery.salesOpenAt && at < lottery.salesCloseAt),
    )
    if (candidates.length === 0) return
    await applyProgress(tx, events, candidates, new Date())
  },
}

type CashEvent = EngagementBatch['events'][number]

async function applyProgress(
  tx: Tx,
  events: readonly CashEvent[],
  candidates: readonly EarningLottery[],
  now: Date,
): Promise<void> {
  const locked = await executePrepared<{
    id: number
    ticket_count: number
    max_tickets_per_player: number
    step: string
    open_ms: number
    close_ms: number
  }>(tx, 'lottery_lock', LOCK, [json(candidates.map((lottery) => lottery.id)), now.toISOString()])
  const open = new Map(locked.map((row) => [row.id, { ...row, step: BigInt(row.step) }]))
  const amounts = new Map<string, { player_id: string; lottery_id: number; amount: bigint }>()
  for (const { playerId, at, cashEurMinor } of events) {
    for (const lottery of open.values()) {
      if (at.getTime() < lottery.open_ms || at.getTime() >= lottery.close_ms) continue
      const key = `${playerId}|${lottery.id}`
      const entry = amounts.get(key) ?? { player_id: playerId, lottery_id: lottery.id, amount: 0n }
      entry.amount += cashEurMinor
      amounts.set(key, entry)
    }
  }
  const counted = [...amounts.values()].sort((a, b) =>
    a.player_id !== b.player_id
      ? a.player_id < b.player_id
        ? -1
        : 1
      : a.lottery_id - b.lottery_id,
  )
  if (counted.length === 0) return
  const rows = await executePrepared<{
    player_id: string
    lottery_id: number
    progress: string
    held: number
    earned: number
  }>(tx, 'lottery_progress', PROGRESS, [json(counted)])

  const tickets: {
    id: string
    lottery_id: number
    number: number
    player_id: string
    source_key: string
  }[] = []
  const issued = new Map<number, number>()
  const remainders: { player_id: string; lottery_id: number; progress: bigint }[] = []
  rows.sort((a, b) =>
    a.player_id !== b.player_id
      ? a.player_id < b.player_id
        ? -1
        : 1
      : a.lottery_id - b.lottery_id,
  )
  for (const row of rows) {
    const lottery = open.get(row.lottery_id)
    if (!lottery) continue
    const progress = BigInt(row.progress)
    const due = progress / lottery.step
    const room = BigInt(Math.max(lottery.max_tickets_per_player - row.held, 0))
    const give = due < room ? due : room
    const atLimit = BigInt(row.held) + give >= BigInt(lottery.max_tickets_per_player)
    const remainder = atLimit ? 0n : progress - give * lottery.step
    if (remainder !== progress) {
      remainders.push({ player_id: row.player_id, lottery_id: row.lottery_id, progress: remainder })
    }
    for (let index = 0; index < Number(give); index++) {
      const before = issued.get(row.lottery_id) ?? 0
      issued.set(row.lottery_id, before + 1)
      tickets.push({
        id: randomUUID(),
        lottery_id: row.lottery_id,
        number: lottery.ticket_count + before + 1,
        player_id: row.player_id,
        source_key: `earned:${row.player_id}:${row.lottery_id}:${row.earned + index + 1}`,
      })
    }
  }
  if (tickets.length > 0) {
    await executePrepared(tx, 'lottery_earned_tickets', TICKETS, [json(tickets), now.toISOString()])
    await executePrepared(tx, 'lottery_ticket_counts', COUNTS, [
      json([...issued].map(([lottery_id, count]) => ({ lottery_id, issued: count }))),
    ])
  }
  if (remainders.length > 0) {
    await executePrepared(tx, 'lottery_progress_left', REMAINDERS, [json(remainders)])
  }
}
