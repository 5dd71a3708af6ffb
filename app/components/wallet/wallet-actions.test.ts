import { describe, expect, it } from 'vitest'
import { CASH_OUT_QUERY, currentWalletOf, withBalanceUpdate } from './wallet-actions.ts'

const EUR = { currency_id: 'EUR', cents: '50000', is_current: true }
const BTC = { currency_id: 'BTC', cents: '125000', is_current: false }

describe('wallet in the user store', () => {
  it('takes the entry the server marks current, else the player currency', () => {
    expect(currentWalletOf([BTC, EUR], 'BTC')).toBe(EUR)
    const unmarked = [
      { currency_id: 'EUR', cents: '1' },
      { currency_id: 'USD', cents: '2' },
    ]
    expect(currentWalletOf(unmarked, 'USD')?.currency_id).toBe('USD')
    expect(currentWalletOf([], 'EUR')).toBeNull()
  })

  it('replaces one currency from a balanceUpdate and keeps which one is current', () => {
    const updated = withBalanceUpdate([EUR, BTC], {
      currency_id: 'EUR',
      cents: '52500',
      held_cents: '0',
    })
    expect(updated).toEqual([{ ...EUR, cents: '52500', held_cents: '0' }, BTC])
    const opened = withBalanceUpdate([EUR], { currency_id: 'USD', cents: '0' })
    expect(opened.at(-1)).toEqual({ currency_id: 'USD', cents: '0', is_current: false })
  })

  it('looks the cash-out up as the spec says: page 0 of size 1, 2000/01/01 to 2100/01/01', () => {
    expect(new URLSearchParams(CASH_OUT_QUERY).toString()).toBe(
      'pageSize=1&page=0&status=pending&transactionType=withdrawal&dateFrom=2000%2F01%2F01&dateTo=2100%2F01%2F01',
    )
  })
})
