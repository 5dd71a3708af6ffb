import { and, asc, eq, gt, inArray, isNull, lte, min, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { createHash } from 'node:crypto'
import { DEFAULT_LOCALE, isLocalePrefix } from '#common/locales.ts'
import type { Messages } from '#common/messages.ts'
import { lotteryWinners as drawWinners } from '#common/rewards-rules.ts'
import type { Db, Tx } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import type { LocalizedTexts } from '#server/modules/engagement/engagement.tables.ts'
import { notifyAfterCommit, type Notify } from '#server/modules/notifications/index.ts'
import { uint32Stream } from '#server/modules/originals/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { wordingOfEveryLocale, type Wording } from '#server/modules/site/index.ts'
import { loadRates, publishWallet, type RateTable } from '#server/modules/wallet/index.ts'
import type { CoreDeps } from '#server/plugins/module-deps.ts'
import { forgetEarningLotteries } from './lottery-progress.ts'
import { grantPrize } from './prizes.ts'
import { lotteries, lotteryPrizes, lotteryTickets, lotteryWinners } from './rewards.tables.ts'

/** How often an instance looks for a due draw besides its timer (a draw another instance left). */
export const LOTTERY_POLL_MS = 5000

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
 * one transaction: a draw that fails rolls back whole and the next poll draws it again.
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

/**
 * When the next undrawn lottery falls due, if one is still to come. One already due is the
 * poll's: a timer on it would spin while another instance holds it, or while its draw fails.
 */
async function nextDrawAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(lotteries.drawAt) })
    .from(lotteries)
    .where(
      and(
        isNull(lotteries.drawnAt),
        eq(lotteries.isEnabled, true),
        gt(lotteries.drawAt, sql`now()`),
      ),
    )
  return row?.at ?? null
}

const DUE_MARGIN_MS = 100

// setTimeout's longest delay; a later draw is found again by a poll long before it is due.
const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * The lottery draws: a timer to the next `drawAt` and a poll every `LOTTERY_POLL_MS`, each
 * drawing every due lottery. Instances race for them safely: the claim skips a row another
 * instance holds and a drawn one is no longer due, so each lottery is drawn exactly once.
 */
export function startLotteryDraws(
  deps: Pick<CoreDeps, 'db' | 'bus' | 'site' | 'secretBox'>,
  log: FastifyBaseLogger,
  options: { pollMs?: number } = {},
) {
  const drawDeps: DrawDeps = {
    db: deps.db,
    bus: deps.bus,
    secretBox: deps.secretBox,
    messages: (locale) => deps.site.messages(locale),
    log,
  }
  let stopped = false
  let running: Promise<void> | undefined
  let timer: NodeJS.Timeout | undefined

  async function drawAll(): Promise<void> {
    try {
      while (!stopped && (await drawDueLottery(drawDeps)) !== null);
    } catch (error) {
      log.error({ err: error }, 'lottery draw failed')
    }
    if (!stopped) await schedule()
  }

  async function schedule(): Promise<void> {
    clearTimeout(timer)
    const at = await nextDrawAt(deps.db).catch(() => null)
    if (stopped || at === null) return
    // A little past the time, so that the database's clock agrees it is due.
    const delay = at.getTime() - Date.now() + DUE_MARGIN_MS
    timer = setTimeout(wake, Math.min(Math.max(delay, 0), MAX_TIMER_MS))
    timer.unref()
  }

  function wake() {
    if (stopped || running) return
    running = drawAll().finally(() => {
      running = undefined
    })
  }

  const unsubscribe = deps.bus.subscribe('rewards.content.changed', () => {
    void schedule()
  })
  const poll = setInterval(wake, options.pollMs ?? LOTTERY_POLL_MS)
  poll.unref()
  wake()

  return {
    async stop(): Promise<void> {
      stopped = true
      clearInterval(poll)
      clearTimeout(timer)
      unsubscribe()
      await running
    },
  }
}
