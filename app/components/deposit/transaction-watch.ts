import { useCallback, useEffect, useRef } from 'react'
import { apiFetch } from '#app/lib/api.ts'
import { useUserStore } from '#app/state/user-store.ts'
import type { WireTransaction } from '#server/modules/payments/payments.contract.ts'
import type { TransactionsPage } from '#app/components/wallet/wallet-actions.ts'

/** How often a waiting payment is looked up when no balance update has come. */
export const WATCH_INTERVAL_MS = 10_000

/**
 * Waits for a pending deposit to settle: each `balanceUpdate` (and, in case the socket is down,
 * every 10 s) looks the transaction up among the newest deposits and reports its final status.
 * Answers a function that looks at once (a provider's page said it has answered).
 */
export function useTransactionWatch(
  transactionId: string | null,
  onSettled: (transaction: WireTransaction) => void,
): () => void {
  const onSettledRef = useRef(onSettled)
  onSettledRef.current = onSettled
  const wallets = useUserStore((state) => state.wallet.all)
  const isFirst = useRef(true)

  const check = useRef(async (id: string) => {
    const query = new URLSearchParams({ pageSize: '20', page: '0', transactionType: 'deposit' })
    const { data } = await apiFetch<{ data: TransactionsPage }>(`/player/transactions?${query}`)
    const found = data.transactions.find((transaction) => transaction.id === id)
    if (found && found.status !== 'pending') onSettledRef.current(found)
  })

  // A balance change is the usual sign: look at once.
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false
      return
    }
    if (!transactionId) return
    check.current(transactionId).catch((error: unknown) => console.warn('deposit status', error))
  }, [wallets, transactionId])

  useEffect(() => {
    if (!transactionId) return
    const timer = window.setInterval(() => {
      check.current(transactionId).catch((error: unknown) => console.warn('deposit status', error))
    }, WATCH_INTERVAL_MS)
    return () => window.clearInterval(timer)
  }, [transactionId])

  return useCallback(() => {
    if (!transactionId) return
    check.current(transactionId).catch((error: unknown) => console.warn('deposit status', error))
  }, [transactionId])
}
