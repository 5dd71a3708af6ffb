import { and, asc, count, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { lotteryPhase } from '#common/rewards-rules.ts'
import type { Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { lotteries, lotteryTickets } from './rewards.tables.ts'

export interface TicketIssue {
  playerId: string
  count: number
  source: 'bought' | 'earned' | 'won'
  /** Unique per issue; ticket n's source key is `<key>:<n>`. */
  key: string
  /** The n of the issue's first ticket (1 by default): earned tickets count on per player. */
  firstIndex?: number
  now: Date
  /** The lottery; by default the one whose sales are open at `now`. */
  lotteryId?: number
}

export interface IssuedTickets {
  lotteryId: number
  /** The numbers given by this call; empty when a retried issue had given them already. */
  numbers: number[]
}

/** The lottery row, locked: tickets of one lottery are numbered one issue at a time. */
async function lockLottery(tx: Tx, issue: TicketIssue) {
  if (issue.lotteryId !== undefined) {
    const [row] = await tx
      .select()
      .from(lotteries)
      .where(eq(lotteries.id, issue.lotteryId))
      .for('update')
    if (!row) throw new AppError('lottery.not_found')
    return row
  }
  const [row] = await tx
    .select()
    .from(lotteries)
    .where(
      and(
        eq(lotteries.isEnabled, true),
        isNull(lotteries.drawnAt),
        lte(lotteries.salesOpenAt, issue.now),
        gt(lotteries.salesCloseAt, issue.now),
      ),
    )
    .orderBy(asc(lotteries.salesCloseAt), asc(lotteries.id))
    .limit(1)
    .for('update')
  if (!row) throw new AppError('shop.no_open_lottery')
  return row
}

/**
 * Issues tickets in a lottery inside the caller's transaction: the lottery's row is locked, its
 * sales must be open (`lottery.closed`) and the player stays within its limit (`lottery.ticket_limit`).
 * A retried issue (same key) gives nothing twice and is not refused for the tickets it gave.
 */
export async function issueLotteryTickets(tx: Tx, issue: TicketIssue): Promise<IssuedTickets> {
  const lottery = await lockLottery(tx, issue)
  const first = issue.firstIndex ?? 1
  const keys = Array.from({ length: issue.count }, (_, index) => `${issue.key}:${first + index}`)
  const given = await tx
    .select({ key: lotteryTickets.sourceKey })
    .from(lotteryTickets)
    .where(inArray(lotteryTickets.sourceKey, keys))
  const givenKeys = new Set(given.map((row) => row.key))
  const missing = keys.filter((key) => !givenKeys.has(key))
  if (missing.length === 0) return { lotteryId: lottery.id, numbers: [] }

  if (!lottery.isEnabled || lotteryPhase(lottery, issue.now) !== 'open') {
    throw new AppError('lottery.closed')
  }
  const [held] = await tx
    .select({ tickets: count() })
    .from(lotteryTickets)
    .where(
      and(eq(lotteryTickets.lotteryId, lottery.id), eq(lotteryTickets.playerId, issue.playerId)),
    )
  if ((held?.tickets ?? 0) + missing.length > lottery.maxTicketsPerPlayer) {
    throw new AppError('lottery.ticket_limit', { params: { max: lottery.maxTicketsPerPlayer } })
  }

  const numbers = missing.map((_, index) => lottery.ticketCount + 1 + index)
  await tx.insert(lotteryTickets).values(
    missing.map((sourceKey, index) => ({
      id: randomUUID(),
      lotteryId: lottery.id,
      number: numbers[index] as number,
      playerId: issue.playerId,
      source: issue.source,
      sourceKey,
      createdAt: issue.now,
    })),
  )
  await tx
    .update(lotteries)
    .set({ ticketCount: sql`${lotteries.ticketCount} + ${missing.length}` })
    .where(eq(lotteries.id, lottery.id))
  return { lotteryId: lottery.id, numbers }
}
