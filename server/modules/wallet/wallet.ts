import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import { AppError } from '#server/lib/errors.ts'
import type { CurrencyCode } from '#common/money.ts'
import { COIN, openAccounts, playerBalances } from '#server/modules/ledger/index.ts'
import { ledgerAccounts, PLAYER_ACCOUNT_KINDS } from '#server/modules/ledger/ledger.tables.ts'
import { players } from '#server/modules/players/players.tables.ts'
import type { WalletEntry } from './wallet.contract.ts'

/**
 * The player's wallets: one entry per currency they hold, the current currency
 * first and always present (with zero before the first deposit).
 */
export async function getWallet(db: Db | Tx, playerId: string): Promise<WalletEntry[]> {
  const [player] = await db
    .select({ currency: players.currency })
    .from(players)
    .where(eq(players.id, playerId))
  if (!player) throw new AppError('auth.sign_in_required')
  const byCurrency = new Map<string, WalletEntry>()
  const entry = (currency: string) => {
    let found = byCurrency.get(currency)
    if (!found) {
      found = {
        currency_id: currency,
        cents: '0',
        bonus_cents: '0',
        held_cents: '0',
        is_current: currency === player.currency,
      }
      byCurrency.set(currency, found)
    }
    return found
  }
  entry(player.currency)
  for (const balance of await playerBalances(db, playerId)) {
    // Coins are kept by the ledger too, but they are no wallet (the quests pages show them).
    if (balance.currency === COIN) continue
    const field = { cash: 'cents', bonus: 'bonus_cents', held: 'held_cents' } as const
    entry(balance.currency)[field[balance.kind]] = balance.balanceMinor.toString()
  }
  return [...byCurrency.values()]
}

/** Opens a wallet in another currency (its accounts, at zero); opening one twice changes nothing. */
export async function openWallet(db: Db, playerId: string, currency: CurrencyCode): Promise<void> {
  await openAccounts(
    db,
    PLAYER_ACCOUNT_KINDS.map((kind) => ({ playerId, kind, currency })),
  )
}

/** Makes an open wallet the current one: deposits, play and the header then use its currency. */
export async function switchWallet(
  db: Db,
  playerId: string,
  currency: CurrencyCode,
): Promise<void> {
  const wallets = await getWallet(db, playerId)
  const isOpen = wallets.some((wallet) => wallet.currency_id === currency)
  if (!isOpen) throw new AppError('wallet.not_open', { params: { currency } })
  await db
    .update(players)
    .set({ currency, updatedAt: new Date() })
    .where(and(eq(players.id, playerId)))
}

/** The player's wallet in one currency, read in one query (inside a bet's transaction, say). */
export async function walletEntry(
  db: Db | Tx,
  playerId: string,
  currency: string,
): Promise<WalletEntry> {
  const rows = await db
    .select({ kind: ledgerAccounts.kind, balanceMinor: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.playerId, playerId), eq(ledgerAccounts.currency, currency)))
  return walletEntryOf(rows, currency)
}

/** A wallet entry from the balances of one player's accounts in `currency` (a posted batch's). */
export function walletEntryOf(
  balances: { kind: string; balanceMinor: bigint }[],
  currency: string,
): WalletEntry {
  const of = (kind: string) =>
    (balances.find((row) => row.kind === kind)?.balanceMinor ?? 0n).toString()
  return {
    currency_id: currency,
    cents: of('cash'),
    bonus_cents: of('bonus'),
    held_cents: of('held'),
    is_current: true,
  }
}

/**
 * Tells the player's open pages their balance in one currency (`balanceUpdate` on the socket) and
 * drops their cached player info. Call it after the transaction that moved the money committed.
 */
export async function publishWalletEntry(
  bus: EventBus,
  playerId: string,
  entry: WalletEntry,
): Promise<void> {
  await bus.publish('player.changed', { playerId })
  await bus.publish('wallet.changed', {
    playerId,
    currency_id: entry.currency_id,
    cents: entry.cents,
    bonus_cents: entry.bonus_cents,
    held_cents: entry.held_cents,
  })
}

/**
 * `publishWalletEntry` for a currency whose balance the caller does not hold: reads it first.
 * Note: a failed push is logged by the caller, not retried: the header reloads the wallet on its
 * next page anyway.
 */
export async function publishWallet(
  db: Db,
  bus: EventBus,
  playerId: string,
  currency: string,
): Promise<void> {
  await publishWalletEntry(bus, playerId, await walletEntry(db, playerId, currency))
}
