import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '#db/client.ts'
import { ok } from '#server/lib/envelope.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { isCurrencyCode } from '#common/money.ts'
import {
  loadRates,
  publishWalletEntry,
  walletEntry,
  type WalletEntry,
} from '#server/modules/wallet/index.ts'
import type { WireBet } from './bets.contract.ts'
import { seedOfBet, type BetRow, type BetSeed, type PlacedBet } from './bet-rows.ts'

// How every real-money Original answers a placed bet and tells the rest of the site about it.

const multiplierText = (bp: number) => {
  const text = (bp / 10_000).toFixed(4).replace(/0+$/, '').replace(/\.$/, '')
  return text.includes('.') ? text : `${text}.00`
}

/** A bet on the wire; the server seed shows only once its pair was rotated. */
export function toWireBet(bet: BetRow, seed: BetSeed | undefined): WireBet {
  return {
    id: bet.id,
    game: bet.game,
    round: bet.round,
    currency: bet.currency,
    stake: bet.stakeMinor.toString(),
    win: bet.payoutMinor.toString(),
    uncapped_win: bet.uncappedPayoutMinor?.toString() ?? null,
    multiplier: multiplierText(bet.multiplierBp),
    outcome: bet.outcome,
    server_seed_hash: seed?.serverSeedHash ?? null,
    client_seed: seed?.clientSeed ?? null,
    nonce: bet.nonce,
    server_seed: seed?.serverSeed ?? null,
    created_at: bet.createdAt.toISOString(),
  }
}

/** Tells the header and the engagement features; a failure here never undoes the settled bet. */
export async function announce(
  db: Db,
  bus: EventBus,
  log: FastifyBaseLogger,
  playerId: string,
  wallet: WalletEntry | null,
  bet: BetRow | null,
) {
  try {
    if (wallet) await publishWalletEntry(bus, playerId, wallet)
    if (bet) {
      const rates = await loadRates(db)
      const inEur = (minor: bigint) =>
        isCurrencyCode(bet.currency)
          ? rates.convert(minor, bet.currency, 'EUR', 'half_even').toString()
          : '0'
      await bus.publish('bet.settled', {
        playerId,
        betId: bet.id,
        gameId: bet.game,
        currency: bet.currency,
        stakeMinor: bet.stakeMinor.toString(),
        payoutMinor: bet.payoutMinor.toString(),
        stakeEurMinor: inEur(bet.stakeMinor),
        payoutEurMinor: inEur(bet.payoutMinor),
        multiplier: multiplierText(bet.multiplierBp),
      })
    }
  } catch (error) {
    log.warn({ err: error, betId: bet?.id }, 'bet settled but not announced')
  }
}

/** The answer to a placed bet: a repeat answers the first bet; a new one is announced first. */
export async function answerPlacedBet(
  db: Db,
  bus: EventBus,
  log: FastifyBaseLogger,
  playerId: string,
  placed: PlacedBet,
) {
  if (!placed.isNew) {
    const wallet = await walletEntry(db, playerId, placed.bet.currency)
    return ok({ bet: toWireBet(placed.bet, await seedOfBet(db, placed.bet)), wallet })
  }
  await announce(db, bus, log, playerId, placed.wallet, placed.bet)
  return ok({ bet: toWireBet(placed.bet, placed.seed), wallet: placed.wallet })
}
