import { describe, expect, it } from 'vitest'
import type { PaymentInfo } from '#server/modules/payments/payments.contract.ts'
import { convertMinor, convertMinorBack, parseAmount, quickAmounts } from './card-rules.ts'
import { createAttemptKeys, outcomeOf } from './payment-outcome.ts'
import {
  fieldsToAsk,
  nextStep,
  openingStep,
  previousStep,
  stepsFor,
  TRACKED_STEPS,
} from './deposit-steps.ts'

const CARD_FIELDS: PaymentInfo['methodFields'] = [
  {
    name: 'card_token',
    type: 'hosted_card',
    required: true,
    maxLength: 1000,
    url: '/sandbox-psp/v1/card-fields',
  },
]
const method = (overrides: Partial<PaymentInfo> = {}) => ({
  playerFields: [],
  savedProfiles: [],
  methodFields: [],
  firstStep: 1,
  ...overrides,
})
const SAVED = [{ id: 'p1', label: 'Visa •••• 4242', fields: { holder: 'A B', expiry: '12/30' } }]

describe('deposit steps', () => {
  it('shows all five for a card a new player pays with', () => {
    const card = method({
      playerFields: ['address'],
      savedProfiles: SAVED,
      methodFields: CARD_FIELDS,
    })
    expect(stepsFor(card)).toEqual([1, 2, 3, 4, 5])
    expect(nextStep(card, 2)).toBe(3)
    expect(previousStep(card, 5)).toBe(4)
  })

  it('skips player info without player fields, saved accounts without saved ones', () => {
    const card = method({ methodFields: CARD_FIELDS })
    expect(stepsFor(card)).toEqual([1, 2, 5])
    expect(nextStep(card, 2)).toBe(5)
    expect(previousStep(card, 5)).toBe(2)
  })

  it('ends at the amount for a method with nothing more to ask (crypto, bank transfer)', () => {
    const crypto = method()
    expect(stepsFor(crypto)).toEqual([1, 2])
    expect(nextStep(crypto, 2)).toBeNull()
    expect(previousStep(crypto, 1)).toBeNull()
  })

  it('keeps its total whatever is picked on the way: a saved card makes step 5 a confirmation', () => {
    const card = method({ savedProfiles: SAVED, methodFields: CARD_FIELDS })
    expect(stepsFor(card)).toEqual([1, 2, 4, 5])
    expect(fieldsToAsk(card, { savedProfileId: 'p1' })).toEqual([])
    expect(fieldsToAsk(card, { savedProfileId: null })).toEqual(CARD_FIELDS)
    expect(nextStep(card, 4)).toBe(5)
    expect(nextStep(card, 5)).toBeNull()
  })

  it("opens at FirstStep, or at the method's own first step", () => {
    expect(openingStep(null)).toBe(1)
    expect(openingStep(method({ firstStep: 2 }))).toBe(2)
    // A first step that would ask nothing moves on to the next one that does.
    expect(openingStep(method({ firstStep: 3, methodFields: CARD_FIELDS }))).toBe(5)
  })

  it('tracks the four steps the spec names', () => {
    expect(Object.values(TRACKED_STEPS)).toEqual([
      'payment methods',
      'amount',
      'player info',
      'method info',
    ])
  })
})

describe('amounts typed by the player', () => {
  it('reads minor units per currency exponent, never through a float', () => {
    expect(parseAmount('15', 'EUR')).toEqual({ minor: 1500n })
    expect(parseAmount('15,5', 'EUR')).toEqual({ minor: 1550n })
    expect(parseAmount(' 1 000.10 ', 'EUR')).toEqual({ minor: 100010n })
    expect(parseAmount('0.00125', 'BTC')).toEqual({ minor: 125000n })
    expect(parseAmount('0.29', 'EUR')).toEqual({ minor: 29n })
    expect(parseAmount('1.000001', 'XRP')).toEqual({ minor: 1000001n })
    expect(parseAmount('.5', 'USD')).toEqual({ minor: 50n })
    expect(parseAmount('12345678901234567890.12', 'EUR')).toEqual({
      minor: 1234567890123456789012n,
    })
  })

  it('names what is wrong with an amount', () => {
    expect(parseAmount('', 'EUR')).toEqual({ problem: 'empty' })
    expect(parseAmount('1.234', 'EUR')).toEqual({ problem: 'decimals' })
    expect(parseAmount('1.0000001', 'USDT')).toEqual({ problem: 'decimals' })
    expect(parseAmount('1.50', 'EUR')).toEqual({ minor: 150n })
    expect(parseAmount('-5', 'EUR')).toEqual({ problem: 'invalid' })
    expect(parseAmount('1e3', 'EUR')).toEqual({ problem: 'invalid' })
    expect(parseAmount('0.00', 'EUR')).toEqual({ problem: 'zero' })
  })

  it('offers round quick amounts inside the range, the minimum first', () => {
    expect(quickAmounts(1000n, 500000n)).toEqual([1000n, 2000n, 5000n, 10000n])
    expect(quickAmounts(1500n, 500000n)).toEqual([1500n, 2000n, 5000n, 10000n])
    expect(quickAmounts(15000n, 50000000n)).toEqual([15000n, 20000n, 50000n, 100000n])
    expect(quickAmounts(1000n, 3000n)).toEqual([1000n, 2000n])
  })
})

describe('displayed conversions', () => {
  it('converts between exponents at the rate, rounding half-even', () => {
    // 0.001 BTC at 60,000 EUR per BTC is 60.00 EUR.
    expect(convertMinor(100000n, '60000', 'BTC', 'EUR')).toBe(6000n)
    // 10.00 EUR at 0.0000166667 BTC per EUR.
    expect(convertMinor(1000n, '0.0000166667', 'EUR', 'BTC')).toBe(16667n)
    expect(convertMinor(1n, '0.5', 'EUR', 'USD')).toBe(0n)
    expect(convertMinor(3n, '0.5', 'EUR', 'USD')).toBe(2n)
    expect(convertMinor(100n, 'abc', 'EUR', 'USD')).toBeNull()
  })

  it('reads a crypto method’s rate backwards for what a wallet can pay out, rounding down', () => {
    // 60.00 EUR at 60,000 EUR per BTC is 0.001 BTC.
    expect(convertMinorBack(6000n, '60000', 'EUR', 'BTC')).toBe(100000n)
    // 0.01 EUR at 90,909.09 EUR per BTC: 11 satoshi (11.0000011 rounded down).
    expect(convertMinorBack(1n, '90909.09', 'EUR', 'BTC')).toBe(11n)
    expect(convertMinorBack(100n, '0', 'EUR', 'BTC')).toBeNull()
  })
})

describe('payment attempts', () => {
  it('reuses the key for a retry of the same attempt, a new one after an answer or a change', () => {
    let counter = 0
    const keys = createAttemptKeys(() => `key-${String(++counter)}`)
    const payload = { method_id: 'card', amount: '1500' }
    expect(keys.keyFor(payload)).toBe('key-1')
    expect(keys.keyFor({ ...payload })).toBe('key-1')
    expect(keys.keyFor({ ...payload, amount: '2000' })).toBe('key-2')
    keys.finish()
    expect(keys.keyFor({ ...payload, amount: '2000' })).toBe('key-3')
  })

  it('reads each answer as what the dialog shows', () => {
    expect(outcomeOf({ transaction_id: 't', status: 'completed' }, null).kind).toBe('success')
    expect(outcomeOf({ transaction_id: 't', status: 'failed' }, 'No funds')).toEqual({
      kind: 'declined',
      transactionId: 't',
      reason: 'No funds',
    })
    expect(
      outcomeOf(
        {
          transaction_id: 't',
          status: 'pending',
          next_action: { type: 'three_ds', transaction_id: 't', url: '/psp/challenge?id=c' },
        },
        null,
      ),
    ).toEqual({ kind: 'three_ds', transactionId: 't', url: '/psp/challenge?id=c' })
    expect(outcomeOf({ transaction_id: 't', status: 'pending' }, null).kind).toBe('pending')
  })
})
