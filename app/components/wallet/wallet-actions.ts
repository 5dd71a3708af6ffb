import { apiFetch } from '#app/lib/api.ts'
import { useUserStore, type WalletEntry } from '#app/state/user-store.ts'
import type { WireTransaction } from '#server/modules/payments/payments.contract.ts'

/** The cash-out lookup: the newest pending withdrawal, page 0 of size 1, over all dates. */
export const CASH_OUT_QUERY = {
  pageSize: '1',
  page: '0',
  status: 'pending',
  transactionType: 'withdrawal',
  dateFrom: '2000/01/01',
  dateTo: '2100/01/01',
} as const

export interface TransactionsPage {
  transactions: WireTransaction[]
  total: number
}

/**
 * The current wallet is the entry of the player's currency. The server marks it
 * (`is_current`); a list without the mark falls back to the player's currency.
 */
export function currentWalletOf(
  all: readonly WalletEntry[],
  playerCurrency: string | undefined,
): WalletEntry | null {
  return (
    all.find((entry) => entry.is_current === true) ??
    all.find((entry) => entry.currency_id === playerCurrency) ??
    null
  )
}

/** A balance pushed over the socket (`balanceUpdate`) replaces its currency's entry. */
export function withBalanceUpdate(all: readonly WalletEntry[], update: WalletEntry): WalletEntry[] {
  const known = all.some((entry) => entry.currency_id === update.currency_id)
  if (!known) return [...all, { ...update, is_current: false }]
  return all.map((entry) =>
    entry.currency_id === update.currency_id
      ? { ...entry, ...update, is_current: entry.is_current ?? false }
      : entry,
  )
}

function storeWallets(all: WalletEntry[]) {
  useUserStore.setState((state) => {
    const current = currentWalletOf(all, state.userData?.currency_id ?? state.user?.currency)
    return { wallet: { ...state.wallet, all, current } }
  })
}

/** `GET /player/wallet` into the user store. */
export async function loadWallet(): Promise<void> {
  const { data } = await apiFetch<{ data: WalletEntry[] }>('/player/wallet')
  storeWallets(data)
}

/** The pending cash-out into the user store. */
export async function loadCashOut(): Promise<void> {
  const query = new URLSearchParams(CASH_OUT_QUERY)
  const { data } = await apiFetch<{ data: TransactionsPage }>(`/player/transactions?${query}`)
  useUserStore.setState((state) => ({
    wallet: { ...state.wallet, cashOut: data.transactions[0] ?? null },
  }))
}

/** Both, as initialisation does; a failure is logged (as other failed fetches are). */
export async function loadWalletAndCashOut(): Promise<void> {
  const results = await Promise.allSettled([loadWallet(), loadCashOut()])
  for (const result of results) {
    if (result.status === 'rejected') console.warn('wallet', result.reason)
  }
}

/** The socket's `balanceUpdate`: one wallet entry after every balance change. */
export function applyBalanceUpdate(payload: unknown): void {
  if (!isWalletEntry(payload)) {
    console.warn('balanceUpdate without a wallet entry', payload)
    return
  }
  const { currency_id, cents, bonus_cents, held_cents } = payload
  const update: WalletEntry = { currency_id, cents }
  if (bonus_cents !== undefined) update.bonus_cents = bonus_cents
  if (held_cents !== undefined) update.held_cents = held_cents
  storeWallets(withBalanceUpdate(useUserStore.getState().wallet.all, update))
}

function isWalletEntry(value: unknown): value is WalletEntry {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { currency_id?: unknown }).currency_id === 'string' &&
    typeof (value as { cents?: unknown }).cents === 'string'
  )
}

/** Opens a wallet in another currency (at zero); answers the wallets. */
export async function openWallet(currency: string): Promise<void> {
  const { data } = await apiFetch<{ data: WalletEntry[] }>('/player/wallet/open', {
    method: 'POST',
    body: { currency },
  })
  storeWallets(data)
}

/** Makes an open wallet the current one: the header, deposits and play then use it. */
export async function switchWallet(currency: string): Promise<void> {
  const { data } = await apiFetch<{ data: WalletEntry[] }>('/player/wallet/switch', {
    method: 'POST',
    body: { currency },
  })
  useUserStore.setState((state) => ({
    userData: state.userData ? { ...state.userData, currency_id: currency } : state.userData,
    user: state.user ? { ...state.user, currency } : state.user,
  }))
  storeWallets(data)
}

/**
 * Cancels a pending withdrawal (`GET /player/cancel-pending-transaction/{id}`); the money goes
 * back to the wallet. The cash-out and the wallet are reloaded after.
 */
export async function cancelPendingTransaction(id: string): Promise<WireTransaction> {
  const { data } = await apiFetch<{ data: WireTransaction }>(
    `/player/cancel-pending-transaction/${encodeURIComponent(id)}`,
    { sendsCsrf: true },
  )
  await loadWalletAndCashOut()
  return data
}
