import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { derivePaymentWebhookSecret } from '#server/config/env.ts'
import { createOperator, signInOperator } from '#tests/factories/players.ts'
import { fundedClient } from '#tests/factories/wallet.ts'
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '#tests/helpers/build-test-app.ts'
import { cryptoDepositAddresses } from './payments.tables.ts'
import { webhookHeaders } from './standard-webhooks.ts'

let t: TestApp
let player: Record<string, string>
let address: string
let operator: Record<string, string>
beforeAll(async () => {
  t = await buildTestApp()
  const funded = await fundedClient(t)
  player = funded.client.headers
  // A deposit address of the player's, so that the gateway's transfer reaches the conversion.
  address = `bc1q${randomUUID().replaceAll('-', '')}`
  await t.database.db
    .insert(cryptoDepositAddresses)
    .values({ playerId: funded.player.id, currency: 'BTC', address })
  operator = (await signInOperator(t.app, await createOperator(t.database.db, ['finance']))).headers
})

/** Beyond bigint, beyond numeric(38), and just past what any conversion may still hold. */
const OVERSIZED = [
  '999999999999999999999999',
  '9'.repeat(400),
  '9223372036854775808',
  '1000000000000',
]

const id = () => randomUUID()

/** Every call that takes an amount from a client, with the amount put where it goes. */
const CALLS: {
  name: string
  send: (amount: string) => Promise<{ statusCode: number; body: string }>
}[] = [
  {
    name: 'deposit',
    send: (amount) =>
      t.app.inject({
        method: 'POST',
        url: '/payment/deposit',
        headers: player,
        payload: { method_id: 'card', currency: 'EUR', amount, idempotency_key: id() },
      }),
  },
  {
    name: 'withdrawal',
    send: (amount) =>
      t.app.inject({
        method: 'POST',
        url: '/payment/withdraw',
        headers: player,
        payload: {
          method_id: 'bank_transfer',
          currency: 'EUR',
          amount,
          fields: { iban: 'FI2112345600000785', holder: 'Robin Tester' },
          idempotency_key: id(),
        },
      }),
  },
  ...(['deposit', 'loss', 'wager'] as const).map((kind) => ({
    name: `${kind} limit`,
    send: (amount: string) =>
      t.app.inject({
        method: 'POST',
        url: '/player/deposit-limits',
        headers: player,
        payload: { kind, period: 'day', amount },
      }),
  })),
  {
    name: 'dice bet',
    send: (amount) =>
      t.app.inject({
        method: 'POST',
        url: '/games/originals/dice/bet',
        headers: player,
        payload: {
          amount,
          currency: 'EUR',
          target: 5000,
          direction: 'over',
          client_request_id: id(),
        },
      }),
  },
  {
    name: 'slots spin',
    send: (amount) =>
      t.app.inject({
        method: 'POST',
        url: '/games/originals/slots/spin',
        headers: player,
        payload: { amount, currency: 'EUR', client_request_id: id() },
      }),
  },
  {
    name: 'roulette spin',
    send: (amount) =>
      t.app.inject({
        method: 'POST',
        url: '/games/originals/roulette/spin',
        headers: player,
        payload: { currency: 'EUR', bets: [{ kind: 'red', amount }], client_request_id: id() },
      }),
  },
  {
    name: 'mines start',
    send: (amount) =>
      t.app.inject({
        method: 'POST',
        url: '/games/originals/mines/start',
        headers: player,
        payload: { amount, currency: 'EUR', mines: 3, client_request_id: id() },
      }),
  },
  {
    name: 'crash bet',
    send: (amount) =>
      t.app.inject({
        method: 'POST',
        url: '/games/live/crash/bet',
        headers: player,
        payload: { amount, currency: 'EUR', client_request_id: id() },
      }),
  },
  {
    name: 'live roulette bet',
    send: (amount) =>
      t.app.inject({
        method: 'POST',
        url: '/games/live/live_roulette/bet',
        headers: player,
        payload: { currency: 'EUR', bets: [{ kind: 'red', amount }], client_request_id: id() },
      }),
  },
  {
    name: 'bank deposit confirmation',
    send: (amount) =>
      t.app.inject({
        method: 'POST',
        url: `/admin/api/deposits/${id()}/confirm`,
        headers: operator,
        payload: { amount },
      }),
  },
  {
    name: 'crypto webhook',
    send: (amount) => {
      const body = JSON.stringify({
        type: 'crypto.deposit',
        data: {
          address,
          currency: 'BTC',
          amount,
          txid: `tx${id()}`.replaceAll('-', ''),
          confirmations: 3,
        },
      })
      return t.app.inject({
        method: 'POST',
        url: '/payment/webhook/sandbox_crypto',
        headers: {
          'content-type': 'application/json',
          ...webhookHeaders(derivePaymentWebhookSecret(TEST_SESSION_SECRET), `msg_${id()}`, body),
        },
        payload: body,
      })
    },
  },
]

describe('oversized amounts', () => {
  it.each(CALLS.map((call) => [call.name, call] as const))(
    '%s answers 400 for amounts no column or conversion holds',
    async (_name, call) => {
      for (const amount of OVERSIZED) {
        const response = await call.send(amount)
        expect(response.statusCode, `${amount.slice(0, 30)}: ${response.body}`).toBe(400)
      }
    },
  )
})
