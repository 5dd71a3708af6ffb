import { and, eq, sql } from 'drizzle-orm'
import { coinsOfMinor } from '#common/engagement-rules.ts'
import type { LocalePrefix } from '#common/locales.ts'
import { costInMinor, formatDecimal, isCurrencyCode, type CurrencyCode } from '#common/money.ts'
import { canJoin, tournamentPhase } from '#common/tournament-rules.ts'
import type { Db, Tx } from '#db/client.ts'
import { AppError } from '#server/lib/errors.ts'
import { uuidv7 } from '#server/lib/ids.ts'
import {
  COIN,
  inLedgerTransaction,
  postTransfer,
  type LedgerCurrency,
  type TransferInput,
} from '#server/modules/ledger/index.ts'
import { assertNotBarredFromPlay } from '#server/modules/limits/index.ts'
import type { Notify } from '#server/modules/notifications/index.ts'
import type { Texts } from '#server/modules/site/index.ts'
import { getWallet, type RateTable } from '#server/modules/wallet/index.ts'
import { boardMessage } from './leaderboard.ts'
import type { LeaderboardMessage } from './tournaments.contract.ts'
import { tournamentEntries, tournaments } from './tournaments.tables.ts'

type TournamentRow = typeof tournaments.$inferSelect

export interface JoinInput {
  playerId: string
  tournamentId: number
  /** The wallet a money fee is paid from (the body's `currency`). */
  currency: string | undefined
  /** Read before the transaction (a read on `db` inside it would wait on the embedded database). */
  rates: RateTable
  /** The player's language and its words, read before the transaction (the notice). */
  locale: LocalePrefix
  texts: Texts
  /** Stores the `tournament_joined` notice with the entry (`notifyAfterCommit`). */
  notify: Notify
  now?: Date
}

export interface Joined {
  entryId: string
  /** The board after the join, to publish (`tournament.leaderboard`) once committed. */
  message: LeaderboardMessage
  /** The ledger currency the fee left (`COIN` for coins); null when free. */
  feeCurrency: LedgerCurrency | null
}

/** The key of a player's fee for a tournament: one fee per entry, whatever retries happen. */
export const feeKey = (tournamentId: number, playerId: string) =>
  `tournament-fee:${tournamentId}:${playerId}`

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === '23505') return true
  }
  return false
}

const amountText = (minor: bigint, currency: LedgerCurrency) =>
  currency === COIN ? String(coinsOfMinor(minor)) : formatDecimal(minor, currency)

/**
 * The currencies a money fee may be paid in: the player's wallets the tournament plays in (all of
 * them when it names none). 400 `tournament.currency_required` when `wanted` is not one of them.
 */
async function feeCurrency(
  tx: Tx,
  tournament: TournamentRow,
  playerId: string,
  wanted: string | undefined,
): Promise<CurrencyCode> {
  const wallets = (await getWallet(tx, playerId)).map((wallet) => wallet.currency_id)
  const allowed = wallets.filter(
    (currency): currency is CurrencyCode =>
      isCurrencyCode(currency) &&
      (tournament.currencies.length === 0 || tournament.currencies.includes(currency)),
  )
  if (allowed.length === 0) {
    throw new AppError('tournament.no_wallet', {
      params: { currencies: tournament.currencies.join(', ') },
    })
  }
  const chosen = allowed.find((currency) => currency === wanted)
  if (!chosen) {
    throw new AppError('tournament.currency_required', {
      params: { currencies: allowed.join(', ') },
    })
  }
  return chosen
}

/** The fee's transfer, or null for free entry. */
async function feeTransfer(
  tx: Tx,
  tournament: TournamentRow,
  input: JoinInput,
): Promise<(TransferInput & { currency: LedgerCurrency }) | null> {
  const { playerId } = input
  const base = {
    idempotencyKey: feeKey(tournament.id, playerId),
    code: 'tournament_fee' as const,
    reference: String(tournament.id),
  }
  switch (tournament.entryFeeKind) {
    case 'free':
      return null
    case 'coins':
      // Coins are issued from the house's `rewards_expense` account, so spent ones go back to it.
      return {
        ...base,
        currency: COIN,
        debit: { playerId, kind: 'cash', currency: COIN },
        credit: { system: 'rewards_expense', currency: COIN, shardKey: playerId },
        amountMinor: tournament.entryFeeMinor,
      }
    case 'money': {
      const currency = await feeCurrency(tx, tournament, playerId, input.currency)
      // The fee is set in euros; in another wallet the player pays at least as much, rounded up
      // at the mid rate (no spread: no money changes currency, the house only receives it).
      const amountMinor = costInMinor(
        tournament.entryFeeMinor,
        { currency, rate: input.rates.get(currency).scaled },
        { currency: 'EUR', rate: input.rates.get('EUR').scaled },
      )
      return {
        ...base,
        currency,
        debit: { playerId, kind: 'cash', currency },
        credit: { system: 'house', currency, shardKey: playerId },
        amountMinor,
      }
    }
  }
}

/**
 * Joins a player to a tournament in one transaction, or changes nothing: the tournament's row is
 * locked first (the engine's scoring locks it too, so the participant count and the board's
 * version move in one order), then it must be enabled (404), open to joins (409
 * `tournament.closed`), the player not barred from play (their protection bar, `protection.*`,
 * or 409 `tournament.barred` for a limit reached) nor in it already (409
 * `tournament.already_joined`, also when the unique index is what tells); the fee
 * leaves the player's coins or the chosen wallet's cash (409 `tournament.not_enough_funds`), the
 * entry is written with the fee it paid, the count and version grow by one, and the player is told.
 */
export async function joinTournament(db: Db, input: JoinInput): Promise<Joined> {
  const { playerId, tournamentId } = input
  const now = input.now ?? new Date()
  try {
    return await inLedgerTransaction(db, async (tx) => {
      const [tournament] = await tx
        .select()
        .from(tournaments)
        .where(eq(tournaments.id, tournamentId))
        .for('update')
      if (!tournament?.isEnabled) throw new AppError('tournament.not_found')
      if (!canJoin(tournamentPhase(tournament, now))) throw new AppError('tournament.closed')
      await assertNotBarredFromPlay(tx, playerId, {
        rates: input.rates,
        lock: 'share',
        limitError: 'tournament.barred',
      })
      const [entered] = await tx
        .select({ id: tournamentEntries.id })
        .from(tournamentEntries)
        .where(
          and(
            eq(tournamentEntries.tournamentId, tournamentId),
            eq(tournamentEntries.playerId, playerId),
          ),
        )
      if (entered) throw new AppError('tournament.already_joined')

      const fee = await feeTransfer(tx, tournament, input)
      if (fee && fee.amountMinor > 0n) {
        const { currency, ...transfer } = fee
        const paid = await postTransfer(tx, transfer)
        if (paid.status === 'exceeds_balance') {
          throw currency === COIN
            ? new AppError('tournament.not_enough_coins', {
                params: { fee: amountText(fee.amountMinor, currency) },
              })
            : new AppError('tournament.not_enough_funds', {
                params: { amount: amountText(fee.amountMinor, currency), currency },
              })
        }
      }
      const paidFee = fee && fee.amountMinor > 0n ? fee : null

      const entryId = uuidv7(now.getTime())
      await tx.insert(tournamentEntries).values({
        id: entryId,
        tournamentId,
        playerId,
        feeCurrency: paidFee?.currency ?? null,
        feeMinor: paidFee?.amountMinor ?? 0n,
        joinedAt: now,
      })
      const [head] = await tx
        .update(tournaments)
        .set({
          participantCount: sql`${tournaments.participantCount} + 1`,
          leaderboardVersion: sql`${tournaments.leaderboardVersion} + 1`,
        })
        .where(eq(tournaments.id, tournamentId))
        .returning({
          version: tournaments.leaderboardVersion,
          participants: tournaments.participantCount,
        })
      if (!head) throw new Error('a locked tournament row was not updated')

      const title =
        tournament.texts[input.locale].title || tournament.texts.en.title || tournament.slug
      await input.notify(tx, {
        playerId,
        type: 'tournament_joined',
        text: input.texts('tournaments.notices.joined', { tournament: title }),
        url: `/${input.locale}/tournament-details/t/${tournamentId}`,
      })
      const message = await boardMessage(tx, tournamentId, head, [
        { entry_id: entryId, before: null, after: { score: '0', reached_at: null } },
      ])
      return { entryId, message, feeCurrency: paidFee?.currency ?? null }
    })
  } catch (error) {
    // Two joins of one player wait on the tournament's lock, so the second sees the first's
    // entry; the unique index stays the last word should anything get past that.
    if (isUniqueViolation(error)) throw new AppError('tournament.already_joined', { cause: error })
    throw error
  }
}
