import { describe, expect, it } from 'vitest'
import { createSandboxPsp, SANDBOX_SAVED_VISA, TOKEN_LIFETIME_S } from './psp.ts'

const psp = createSandboxPsp({ base: '/sandbox-psp', secret: 'whsec_c2VjcmV0LW9mLXRoZS1jYXNpbm8=' })
const now = new Date('2026-11-26T10:00:00Z')
const card = (number: string) => ({ number, expiry: '12/30', cvc: '123', holder: 'Ann Lee' })
const tokenOf = (number: string) => {
  const result = psp.tokenize(card(number), now)
  if (!('token' in result)) throw new Error('refused')
  return result.token
}
const charge = (source: { token: string } | { paymentMethod: string }, customer = 'player-1') =>
  psp.charge({ reference: 'pay-1', customer, amountMinor: 2500n, currency: 'EUR', source }, now)

describe('sandbox PSP', () => {
  it('checks the card and keeps no number or CVC in its token', () => {
    expect(
      psp.tokenize({ number: '4242 4242 4242 4241', expiry: '10/26', cvc: '1', holder: '' }, now),
    ).toEqual({
      problems: { number: 'number', expiry: 'expiry_past', cvc: 'cvc', holder: 'required' },
    })
    const token = tokenOf('4242 4242 4242 4242')
    const content = Buffer.from(token.slice(4).split('.')[0] ?? '', 'base64url').toString()
    expect(content).not.toMatch(/4242424242424242|"123"/)
  })

  it('answers the test cards: approve with a saved card, decline, 3-D Secure', async () => {
    const paid = await charge({ token: tokenOf('4242424242424242') })
    expect(paid).toMatchObject({ status: 'succeeded', card: { brand: 'Visa', last4: '4242' } })
    expect(await charge({ token: tokenOf('4000000000000002') })).toMatchObject({
      status: 'declined',
      reason: 'card_declined',
    })
    const secure = await charge({ token: tokenOf('4000002760003184') })
    expect(secure).toMatchObject({ status: 'requires_action' })
    const id = secure.status === 'requires_action' ? secure.challengeUrl.split('id=')[1] : ''
    expect(psp.challenge(id ?? '', now)).toMatchObject({ reference: 'pay-1', amountMinor: 2500n })
    expect(psp.challenge(`${id ?? ''}x`, now)).toBeUndefined()
  })

  it('refuses forged, stale and misused tokens; a saved card pays for its own customer only', async () => {
    const token = tokenOf('4242424242424242')
    const forged = token.replace(/.$/, token.endsWith('A') ? 'B' : 'A')
    expect(await charge({ token: forged })).toMatchObject({ reason: 'token_invalid' })
    const later = new Date(now.getTime() + (TOKEN_LIFETIME_S + 1) * 1000)
    expect(
      await psp.charge(
        { reference: 'p', customer: 'c', amountMinor: 1n, currency: 'EUR', source: { token } },
        later,
      ),
    ).toMatchObject({ reason: 'token_invalid' })
    const paid = await charge({ token })
    const saved = paid.status === 'succeeded' ? paid.paymentMethod : ''
    expect(await charge({ paymentMethod: saved })).toMatchObject({ status: 'succeeded' })
    expect(await charge({ paymentMethod: saved }, 'player-2')).toMatchObject({
      reason: 'token_invalid',
    })
    // A saved card is never a one-time token, and the reverse.
    expect(await charge({ token: saved })).toMatchObject({ reason: 'token_invalid' })
    expect(await charge({ paymentMethod: token })).toMatchObject({ reason: 'token_invalid' })
    expect(
      await psp.payout({ reference: 'w', paymentMethod: saved, customer: 'player-2' }),
    ).toEqual({ status: 'failed', reason: 'token_invalid' })
    expect(
      await psp.payout({ reference: 'w', paymentMethod: SANDBOX_SAVED_VISA, customer: 'x' }),
    ).toMatchObject({ status: 'paid' })
  })
})
