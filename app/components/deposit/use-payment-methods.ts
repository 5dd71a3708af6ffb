import { useCallback, useEffect, useState } from 'react'
import { apiFetch } from '#app/lib/api.ts'
import type { PaymentInfo } from '#server/modules/payments/payments.contract.ts'

export type { PaymentInfo }
export type MethodsStatus = 'loading' | 'ready' | 'error'

/**
 * The cashier's methods for this player (`GET /{lang}/payment/methods`), by direction and wallet
 * currency, in the player's language; reloaded when either changes.
 */
export function usePaymentMethods(
  locale: string,
  type: 'deposit' | 'withdrawal',
  currency: string | undefined,
) {
  const [status, setStatus] = useState<MethodsStatus>('loading')
  const [methods, setMethods] = useState<PaymentInfo[]>([])
  const load = useCallback(async () => {
    setStatus('loading')
    try {
      const query = new URLSearchParams({ type })
      if (currency) query.set('currency', currency)
      const { data } = await apiFetch<{ data: PaymentInfo[] }>(
        `/${locale}/payment/methods?${query}`,
      )
      setMethods(data)
      setStatus('ready')
    } catch (error) {
      console.warn('payment methods', error)
      setStatus('error')
    }
  }, [locale, type, currency])
  useEffect(() => {
    void load()
  }, [load])
  return { status, methods, reload: load }
}

/** A fresh key per payment attempt (the server answers a repeated key with the first result). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID()
}
