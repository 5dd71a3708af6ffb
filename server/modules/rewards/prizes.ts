import { and, eq, sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { isCurrencyCode } from '#common/money.ts'
import {
  MAX_PRIZE_COINS_MINOR,
  MAX_PRIZE_COUNT,
  MAX_PRIZE_EUR_MINOR,
  type Prize,
} from '#common/rewards-rules.ts'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { grantRewardBonus } from '#server/modules/bonuses/index.ts'
import { COIN, postTransfer, type TransferInput } from '#server/modules/ledger/index.ts'
import type { Notify } from '#server/modules/notifications/index.ts'
import type { Wording } from '#server/modules/site/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { grantFreeSpins } from '#server/modules/studios/index.ts'
import { fromEurRounded, publishWallet, type RateTable } from '#server/modules/wallet/index.ts'
import { issueLotteryTickets } from './lottery-tickets.ts'
import { lootboxes, playerLootboxes, playerWheels, wheels } from './rewards.tables.ts'
import { offeredWheel, wheelStanding } from './wheel-content.ts'

/** What a granted prize changed, for the caller's after-commit messages. */
export interface GrantedPrize {
  prize: Prize
  /** The player's money or coins moved: publish the wallet (`currency`) after the commit. */
  walletCurrency: string | null
  /** The player's wheel changed (spins added): publish `wheel.progress` after the commit. */
  wheelId: number | null
  /** The player lootbox given, when the prize was one. */
  playerLootboxId: string | null
}

export interface PrizeGrant {
  playerId: string
  prize: Prize
  /**
   * Names this grant and nothing else (`wheel:<drawId>`, `lootbox:<drawId>`,
   * `shop:<purchaseId>`, `lottery:<lotteryId>:<rank>`): the ledger's key, the lootbox's and the
   * tickets' source keys and the bonus's and free spins' keys all derive from it, so a retried
   * grant gives nothing twice.
   */
  key: string
  /** The rate table, read before the transaction (a read on `db` inside it would wait). */
  rates: RateTable
  now: Date
  /** Stores the player's notices (bonus money, free spins) with the grant; sent after the commit. */
  notify: Notify
  /** The notices' words, read before the transaction (`wordingOfEveryLocale`). */
  wording: Wording
}

/**
 * Why a prize an operator wrote cannot be paid, or null when it can: amounts within the caps,
 * the lootbox and the game existing. Operators' calls refuse such a prize (`rewards.invalid_prize`).
 */
export async function prizeProblem(db: Db | Tx, prize: Prize): Promise<string | null> {
  switch (prize.kind) {
    case 'coins':
      return BigInt(prize.coinsMinor) > 0n && BigInt(prize.coinsMinor) <= MAX_PRIZE_COINS_MINOR
        ? null
        : 'coins_out_of_range'
    case 'cash':
    case 'bonus':
      return BigInt(prize.eurMinor) > 0n && BigInt(prize.eurMinor) <= MAX_PRIZE_EUR_MINOR
        ? null
        : 'amount_out_of_range'
    case 'free_spins':
      return BigInt(prize.stakeEurMinor) > 0n &&
        BigInt(prize.stakeEurMinor) * BigInt(prize.spins) <= MAX_PRIZE_EUR_MINOR
        ? null
        : 'amount_out_of_range'
    case 'lootbox': {
      const [found] = await db
        .select({ id: lootboxes.id })
        .from(lootboxes)
        .where(eq(lootboxes.id, prize.lootboxId))
      return found ? null : 'unknown_lootbox'
    }
    case 'wheel_spin':
      return prize.spins <= MAX_PRIZE_COUNT ? null : 'count_out_of_range'
    case 'lottery_ticket':
      return prize.tickets <= MAX_PRIZE_COUNT ? null : 'count_out_of_range'
  }
}

/** The player's wallet currency, read in the transaction. */
async function currencyOf(tx: Tx, playerId: string) {
  const [player] = await tx
    .select({ currency: players.currency })
    .from(players)
    .where(eq(players.id, playerId))
  if (!player || !isCurrencyCode(player.currency)) throw new Error('prize for an unknown player')
  return player.currency
}

/**
 * Gives a prize inside the caller's transaction (a spin, an opening, a purchase, a draw), so it
 * lands with what earned it or not at all. Every payout is capped (`prizeProblem`) and keyed by
 * `grant.key`. The caller has checked that the player is not barred from play.
 */
export async function grantPrize(tx: Tx, grant: PrizeGrant): Promise<GrantedPrize> {
  const { playerId, prize, key } = grant
  const granted: GrantedPrize = {
    prize,
    walletCurrency: null,
    wheelId: null,
    playerLootboxId: null,
  }
  const problem = await prizeProblem(tx, prize)
  if (problem) throw new AppError('rewards.invalid_prize', { params: { reason: problem } })

  const post = async (transfer: TransferInput) => {
    const posted = await postTransfer(tx, transfer)
    if (posted.status === 'exceeds_balance') throw new Error('house account refused a prize')
  }

  switch (prize.kind) {
    case 'coins':
      await post({
        idempotencyKey: `prize:${key}`,
        code: 'coins_award',
        debit: { system: 'rewards_expense', currency: COIN, shardKey: playerId },
        credit: { playerId, kind: 'cash', currency: COIN },
        amountMinor: BigInt(prize.coinsMinor),
        reference: key,
      })
      granted.walletCurrency = COIN
      return granted
    case 'cash': {
      const currency = await currencyOf(tx, playerId)
      await post({
        idempotencyKey: `prize:${key}`,
        code: 'prize_cash',
        debit: { system: 'rewards_expense', currency, shardKey: playerId },
        credit: { playerId, kind: 'cash', currency },
        amountMinor: fromEurRounded(grant.rates, BigInt(prize.eurMinor), currency),
        reference: key,
      })
      granted.walletCurrency = currency
      return granted
    }
    case 'bonus': {
      const currency = await currencyOf(tx, playerId)
      await grantRewardBonus(tx, {
        playerId,
        currency,
        amountMinor: fromEurRounded(grant.rates, BigInt(prize.eurMinor), currency),
        key: `prize:${key}`,
        now: grant.now,
        notify: grant.notify,
        wording: grant.wording,
      })
      granted.walletCurrency = currency
      return granted
    }
    case 'free_spins': {
      const currency = await currencyOf(tx, playerId)
      await grantFreeSpins(tx, {
        playerId,
        gameId: prize.gameId,
        currency,
        spins: prize.spins,
        stakeMinor: fromEurRounded(grant.rates, BigInt(prize.stakeEurMinor), currency),
        key: `prize:${key}`,
        now: grant.now,
        notify: grant.notify,
        wording: grant.wording,
      })
      return granted
    }
    case 'lootbox': {
      const [kind] = await tx.select().from(lootboxes).where(eq(lootboxes.id, prize.lootboxId))
      if (!kind)
        throw new AppError('rewards.invalid_prize', { params: { reason: 'unknown_lootbox' } })
      const id = randomUUID()
      const [inserted] = await tx
        .insert(playerLootboxes)
        .values({
          id,
          playerId,
          lootboxId: kind.id,
          sourceKey: `prize:${key}`,
          expiredAt: new Date(grant.now.getTime() + kind.validDays * 86_400_000),
        })
        .onConflictDoNothing({ target: playerLootboxes.sourceKey })
        .returning({ id: playerLootboxes.id })
      granted.playerLootboxId = inserted?.id ?? null
      return granted
    }
    case 'wheel_spin': {
      const wheel = await offeredWheel(tx)
      if (!wheel) throw new AppError('wheel.not_found')
      await tx
        .insert(playerWheels)
        .values({ playerId, wheelId: wheel.id, spinsAvailable: prize.spins })
        .onConflictDoUpdate({
          target: [playerWheels.playerId, playerWheels.wheelId],
          set: {
            spinsAvailable: sql`${playerWheels.spinsAvailable} + ${prize.spins}`,
            updatedAt: grant.now,
          },
        })
      granted.wheelId = wheel.id
      return granted
    }
    case 'lottery_ticket':
      await issueLotteryTickets(tx, {
        playerId,
        count: prize.tickets,
        source: key.startsWith('shop:') ? 'bought' : 'won',
        key: `prize:${key}`,
        now: grant.now,
      })
      return granted
  }
}

/**
 * Tells a player's open pages what committed prizes changed: each wallet once (`currencies` adds
 * ones the caller moved itself, the coins of a purchase), and the standing of each wheel the
 * prizes or the caller (`wheelIds`: a spin spent) touched. A lost message waits for the next.
 */
export async function announcePrizes(
  deps: { db: Db; bus: EventBus; log: Pick<FastifyBaseLogger, 'warn'> },
  playerId: string,
  granted: readonly GrantedPrize[],
  also: { currencies?: readonly string[]; wheelIds?: readonly number[] } = {},
): Promise<void> {
  const currencies = new Set(also.currencies)
  const wheelIds = new Set(also.wheelIds)
  for (const prize of granted) {
    if (prize.walletCurrency) currencies.add(prize.walletCurrency)
    if (prize.wheelId !== null) wheelIds.add(prize.wheelId)
  }
  try {
    for (const currency of currencies) await publishWallet(deps.db, deps.bus, playerId, currency)
    for (const wheelId of wheelIds) {
      const [standing] = await deps.db
        .select({
          spinEveryEurMinor: wheels.spinEveryEurMinor,
          progressEurMinor: playerWheels.progressEurMinor,
          spinsAvailable: playerWheels.spinsAvailable,
        })
        .from(wheels)
        .leftJoin(
          playerWheels,
          and(eq(playerWheels.wheelId, wheels.id), eq(playerWheels.playerId, playerId)),
        )
        .where(eq(wheels.id, wheelId))
      if (!standing) continue
      await deps.bus.publish('wheel.progress', {
        playerId,
        wheelId,
        ...wheelStanding(standing, {
          progressEurMinor: standing.progressEurMinor ?? 0n,
          spinsAvailable: standing.spinsAvailable ?? 0,
        }),
      })
    }
  } catch (error) {
    deps.log.warn({ err: error, playerId }, 'prizes not announced')
  }
}
