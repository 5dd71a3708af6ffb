import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { createHash } from 'node:crypto'
import { DEFAULT_LOCALE, isLocalePrefix } from '#common/locales.ts'
import type { Messages } from '#common/messages.ts'
import { lotteryWinners as drawWinners } from '#common/rewards-rules.ts'
import type { Db, Tx } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import type { Jobs } from '#server/lib/jobs.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import type { LocalizedTexts } from '#server/modules/engagement/engagement.tables.ts'
import { notifyAfterCommit, type Notify } from '#server/modules/notifications/index.ts'
import { uint32Stream } from '#server/modules/originals/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { wordingOfEveryLocale, type Wording } from '#server/modules/site/index.ts'
import { loadRates, publishWallet, type RateTable } from '#server/modules/wallet/index.ts'
import { forgetEarningLotteries } from './lottery-progress.ts'
import { grantPrize } from './prizes.ts'
import { lotteries, lotteryPrizes, lotteryTickets, lotteryWinners } from './rewards.tables.ts'

/**
 * The draw's client seed: sha256 (hex) of the tickets in number order, one `<number>:<ticket id>`
 * line each, joined by `\n`. Fixed once sales close, unknown when the server seed was committed.
 */
export function lotteryClientSeed(tickets: readonly { number: number; id: string }[]): string {
  const lines = [...tickets]
    .sort((a, b) => a.number - b.number)
    .map((ticket) => `${ticket.number}:${ticket.id}`)
  return createHash('sha256').update(lines.join('\n')).digest('hex')
}

export interface DrawDeps {
  db: Db
  bus: EventBus
  secretBox: SecretBox
  messages: (locale: string) => Promise<Messages>
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>
}

export interface DrawOptions {
  /** Tests only: runs after every write of the draw, before its commit. */
  beforeCommit?: () => Promise<void>
}

const dueCondition = () =>
  and(isNull(lotteries.drawnAt), lte(lotteries.drawAt, sql`now()`), eq(lotteries.isEnabled, true))

type LotteryRow = typeof lotteries.$inferSelect

export interface DrawContext {
  secretBox: SecretBox
  /** The rate table, read before the transaction. */
  rates: RateTable
  /** Each language's words, read before the transaction. */
  textOf: Wording
  notify: Notify
  now: Date
}

export interface DrawnLottery {
  lotteryId: number
  /** Every ticket holder, notified. */
  holders: string[]
  /** The winners' ticket numbers by player. */
  winners: Map<string, number[]>
  /** The currencies each winner's prizes moved, to publish after the commit. */
  wallets: Map<string, Set<string>>
}

/**
 * Draws a lottery whose row the caller holds locked, in the caller's transaction: opens the
 * sealed server seed, takes the tickets' digest as client seed, picks the winners
 * (`lotteryWinners` over the stream at nonce 0), pays each rank (`lottery:<id>:<rank>`),
 * reveals the seeds and tells every ticket holder in their language.
 */
export async function drawLottery(
  tx: Tx,
  lottery: LotteryRow,
  context: DrawContext,
): Promise<DrawnLottery> {
  const { now } = context
  if (lottery.serverSeedSealed === null) throw new Error(`lottery ${lottery.id} has no sealed seed`)
  const serverSeed = context.secretBox.open(lottery.serverSeedSealed)
  const tickets = await tx
    .select({
      id: lotteryTickets.id,
      number: lotteryTickets.number,
      playerId: lotteryTickets.playerId,
    })
    .from(lotteryTickets)
    .where(eq(lotteryTickets.lotteryId, lottery.id))
    .orderBy(asc(lotteryTickets.number))
  const prizes = await tx
    .select()
    .from(lotteryPrizes)
    .where(eq(lotteryPrizes.lotteryId, lottery.id))
    .orderBy(asc(lotteryPrizes.rank))
  const clientSeed = lotteryClientSeed(tickets)
  const numbers = drawWinners(
    uint32Stream({ serverSeed, clientSeed, nonce: 0 }),
    tickets.length,
    prizes.length,
  )
  const byNumber = new Map(tickets.map((ticket) => [ticket.number, ticket]))
  const wallets = new Map<string, Set<string>>()
  const won = new Map<string, number[]>()
  const labels = new Map<string, LocalizedTexts<'label'>>()
  for (const [index, number] of numbers.entries()) {
    const ticket = byNumber.get(number)
    const prize = prizes[index]
    if (!ticket || !prize) throw new Error('a drawn ticket or rank is missing')
    // A winner barred from play since is paid all the same: the draw stays verifiable from the
    // tickets, which were only bought or earned while not barred (docs/decisions/015).
    const granted = await grantPrize(tx, {
      playerId: ticket.playerId,
      prize: prize.prize,
      key: `lottery:${lottery.id}:${prize.rank}`,
      rates: context.rates,
      now,
      notify: context.notify,
      wording: context.textOf,
    })
    await tx.insert(lotteryWinners).values({
      lotteryId: lottery.id,
      rank: prize.rank,
      ticketId: ticket.id,
      playerId: ticket.playerId,
      prize: prize.prize,
      paidAt: now,
    })
    if (granted.walletCurrency) {
      const currencies = wallets.get(ticket.playerId) ?? new Set<string>()
      currencies.add(granted.walletCurrency)
      wallets.set(ticket.playerId, currencies)
    }
    const entries = won.get(ticket.playerId) ?? []
    entries.push(number)
    labels.set(`${ticket.playerId}:${number}`, prize.texts)
    won.set(ticket.playerId, entries)
  }
  await tx
    .update(lotteries)
    .set({ drawnAt: now, serverSeed, clientSeed, serverSeedSealed: null, updatedAt: now })
    .where(eq(lotteries.id, lottery.id))

  const holders = [...new Set(tickets.map((ticket) => ticket.playerId))].sort()
  const locales = new Map<string, string>()
  if (holders.length > 0) {
    const found = await tx
      .select({ id: players.id, locale: players.locale })
      .from(players)
      .where(inArray(players.id, holders))
    for (const row of found) locales.set(row.id, row.locale)
  }
  for (const playerId of holders) {
    const stored = locales.get(playerId) ?? DEFAULT_LOCALE
    const locale = isLocalePrefix(stored) ? stored : DEFAULT_LOCALE
    const text = context.textOf(locale)
    const title = lottery.texts[locale].title || lottery.texts.en.title
    const entries = won.get(playerId) ?? []
    const prizeLabel = (number: number) => {
      const texts = labels.get(`${playerId}:${number}`)
      return texts ? texts[locale].label || texts.en.label : ''
    }
    await context.notify(tx, {
      playerId,
      type: 'lottery_result',
      text:
        entries.length > 0
          ? text('notifications_text.lottery_won', {
              lottery: title,
              prize: entries.map(prizeLabel).join(', '),
              tickets: entries.map((number) => `#${number}`).join(', '),
            })
          : text('notifications_text.lottery_not_won', { lottery: title }),
      url: `/${locale}/lottery`,
      btnText: text('notifications_text.lottery_view_button'),
    })
  }
  return {
    lotteryId: lottery.id,
    holders,
    winners: won,
    wallets,
  }
}

/**
 * Draws one due lottery, if any, and answers its id (null when none is due or another instance
 * holds every due one). The claim (`for update skip locked`) and everything the draw writes are
 * one transaction: a draw that fails rolls back whole and the next run draws it again.
 */
export async function drawDueLottery(
  deps: DrawDeps,
  options: DrawOptions = {},
): Promise<number | null> {
  const [due] = await deps.db
    .select({ id: lotteries.id })
    .from(lotteries)
    .where(dueCondition())
    .limit(1)
  if (!due) return null
  // Reads outside the transaction: on the embedded database a read on `db` inside it would wait.
  const rates = await loadRates(deps.db)
  const textOf = await wordingOfEveryLocale(deps.messages, deps.log)

  const drawn = await notifyAfterCommit(deps, (notify) =>
    deps.db.transaction(async (tx) => {
      const [lottery] = await tx
        .select()
        .from(lotteries)
        .where(dueCondition())
        .orderBy(asc(lotteries.drawAt), asc(lotteries.id))
        .limit(1)
        .for('update', { skipLocked: true })
      if (!lottery) return null
      const result = await drawLottery(tx, lottery, {
        secretBox: deps.secretBox,
        rates,
        textOf,
        notify,
        now: new Date(),
      })
      await options.beforeCommit?.()
      return result
    }),
  )
  if (!drawn) return null
  forgetEarningLotteries(deps.db)
  for (const playerId of drawn.holders) {
    await deps.bus
      .publish('lottery.drawn', {
        playerId,
        lotteryId: drawn.lotteryId,
        won: drawn.winners.has(playerId),
      })
      .catch((error: unknown) => {
        deps.log.warn({ err: error }, 'lottery draw not published')
      })
  }
  for (const [playerId, currencies] of drawn.wallets) {
    for (const currency of currencies) {
      await publishWallet(deps.db, deps.bus, playerId, currency).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'lottery winner’s wallet not published')
      })
    }
  }
  return drawn.lotteryId
}

/** The queue whose runs draw every due lottery. */
export const LOTTERY_DRAWS_QUEUE = 'lottery-draws'

/**
 * The catch-up run's interval: a draw whose own run was never asked for (a lottery written
 * straight into the table) or whose run failed is drawn within this.
 */
export const LOTTERY_CATCH_UP_MS = 30_000

/** How far ahead a run asks for the coming draws' own runs. */
const ASK_AHEAD_MS = 60 * 60_000

/**
 * Asks for a run of the draws at a lottery's draw time (after an operator's create or edit): the
 * draw happens within about a second of `drawAt` rather than at the next catch-up. Keyed by the
 * time, so a changed time asks again; a run at the old time finds nothing due.
 */
export async function askForDraw(
  jobs: Pick<Jobs, 'runAt'>,
  lottery: { id: number; drawAt: Date },
): Promise<void> {
  await jobs.runAt(
    LOTTERY_DRAWS_QUEUE,
    lottery.drawAt,
    `lottery:${lottery.id}:${lottery.drawAt.toISOString()}`,
  )
}

/**
 * One run of the `lottery-draws` queue: draws every due lottery (each once, by its `drawn_at`,
 * however many instances run), then asks for a run at the time of each draw due within the hour,
 * so that the first run after a start, or after a lost ask, puts every coming draw on time.
 * Answers the lotteries this run drew.
 */
export async function runLotteryDraws(
  deps: DrawDeps,
  jobs: Pick<Jobs, 'runAt'>,
): Promise<number[]> {
  const drawn: number[] = []
  for (;;) {
    const lotteryId = await drawDueLottery(deps)
    if (lotteryId === null) break
    drawn.push(lotteryId)
  }
  const coming = await deps.db
    .select({ id: lotteries.id, drawAt: lotteries.drawAt })
    .from(lotteries)
    .where(
      and(
        isNull(lotteries.drawnAt),
        eq(lotteries.isEnabled, true),
        gt(lotteries.drawAt, sql`now()`),
        lte(lotteries.drawAt, new Date(Date.now() + ASK_AHEAD_MS)),
      ),
    )
  for (const lottery of coming) await askForDraw(jobs, lottery)
  return drawn
}

/**
 * The lottery draws as jobs: the queue `lottery-draws`, run at each draw's time (`askForDraw`)
 * and every `LOTTERY_CATCH_UP_MS` as the catch-up. A failed run rolls back whole
 * (`drawDueLottery`) and is retried; the next catch-up draws it in any case.
 */
export function defineLotteryDraws(jobs: Jobs, deps: DrawDeps): void {
  jobs.define(
    LOTTERY_DRAWS_QUEUE,
    async () => {
      await runLotteryDraws(deps, jobs)
    },
    { expireInSeconds: 300, retryLimit: 3, retryDelaySeconds: 2 },
  )
  jobs.every(LOTTERY_DRAWS_QUEUE, LOTTERY_CATCH_UP_MS)
}
