import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import Fastify from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { derivePaymentWebhookSecret } from '#server/config/env.ts'
import { DEMO_PLAYER } from '#db/seed/demo-accounts.ts'
import { checkBooks, playerBalances } from '#server/modules/ledger/index.ts'
import { players } from '#server/modules/players/players.tables.ts'
import {
  completeProfile,
  createOperator,
  createPlayer,
  signIn,
  signInOperator,
} from '#tests/factories/players.ts'
import {
  API_HEADERS,
  buildTestApp,
  TEST_SESSION_SECRET,
  type TestApp,
} from '#tests/helpers/build-test-app.ts'
import type { PaymentInfo } from './payments.contract.ts'
import { depositLimits } from '#server/modules/limits/limits.tables.ts'
import { paymentMethods, paymentTransactions, paymentWebhooks } from './payments.tables.ts'
import { webhookHeaders } from './standard-webhooks.ts'
import { paymentWebhookPlugin } from './payments.webhook.plugin.ts'
import { createProviders } from './providers/index.ts'
import { seedDemoDeposit } from './seed-demo-deposit.ts'
import { createSandboxPsp } from '../../../providers/sandbox-psp/psp.ts'
import { cardToken } from '#tests/helpers/sandbox-card.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
// Every test moves money, or tries to: the books must balance after each.
afterEach(async () => {
  const books = await checkBooks(t.database.db)
  expect(books).toMatchObject({ isBalanced: true })
})

const SECRET = derivePaymentWebhookSecret(TEST_SESSION_SECRET)

interface Client {
  id: string
  email: string
  headers: Record<string, string>
}

/** A signed-in player whose profile has what the card method asks for (unless `bare`). */
async function player(
  options: { currency?: string; country?: string; bare?: boolean } = {},
): Promise<Client> {
  const account = await createPlayer(t.database.db, {
    ...(options.currency && { currency: options.currency }),
    ...(options.country && { country: options.country }),
  })
  if (!options.bare) await completeProfile(t.database.db, account.id)
  return { id: account.id, email: account.email, headers: (await signIn(t.app, account)).headers }
}

interface Answer<T = unknown> {
  success: boolean
  data: T
  message: string | null
  errors: { code: string; fields?: Record<string, string[]> } | null
}
interface Result {
  transaction_id: string
  status: string
  next_action?: { type: string; address?: string; [key: string]: unknown }
}

/** The deposit's fields for a card typed into the PSP's hosted fields: its one-time token. */
const card = async (number = '4242 4242 4242 4242') => ({
  card_token: await cardToken(t.app, number),
})

const deposit = (client: Client, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/payment/deposit',
    headers: client.headers,
    payload: { currency: 'EUR', idempotency_key: randomUUID(), ...body },
  })

const cardDeposit = async (client: Client, amount = '2500', number?: string) =>
  deposit(client, { method_id: 'card', amount, fields: await card(number) })

const methods = async (client: Client, query = 'type=deposit', lang = 'en') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/${lang}/payment/methods?${query}`,
    headers: client.headers,
  })
  expect(response.statusCode).toBe(200)
  return response.json<Answer<PaymentInfo[]>>().data
}

const cash = async (client: Client, currency = 'EUR') => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/player/wallet',
    headers: client.headers,
  })
  const wallets = response.json<Answer<{ currency_id: string; cents: string }[]>>().data
  return wallets.find((wallet) => wallet.currency_id === currency)?.cents ?? '0'
}

const paymentRow = async (id: string) => {
  const [row] = await t.database.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, id))
  return row
}

const notificationsOf = async (client: Client) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/player/all-notifications',
      headers: client.headers,
    })
  ).json<{ notifications: { type: string; text: string }[] }>().notifications

const sendWebhook = (
  payload: unknown,
  options: { id?: string; secret?: string; atMs?: number; provider?: string } = {},
) => {
  const body = JSON.stringify(payload)
  return t.app.inject({
    method: 'POST',
    url: `/payment/webhook/${options.provider ?? 'sandbox_crypto'}`,
    headers: {
      'content-type': 'application/json',
      ...webhookHeaders(
        options.secret ?? SECRET,
        options.id ?? `msg_${randomUUID()}`,
        body,
        options.atMs,
      ),
    },
    payload: body,
  })
}

/** The player's answer on the PSP's 3-D Secure page: a form posted to the page itself. */
const challenge = (url: string, decision: 'approve' | 'fail') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `decision=${decision}`,
  })

const cryptoTransfer = (
  address: string,
  amount: string,
  confirmations: number,
  txid = `tx${randomUUID().replaceAll('-', '')}`,
  currency = 'BTC',
) => ({ type: 'crypto.deposit', data: { address, currency, amount, txid, confirmations } })

describe('GET /{lang}/payment/methods', () => {
  it('lists the methods for the player’s wallet and country, with limits and conversion', async () => {
    const client = await player()
    const list = await methods(client)
    const ids = list.map((method) => method.id)
    expect(ids.slice(0, 2)).toEqual(['card', 'bank_transfer'])
    expect(ids).toContain('crypto_btc')
    const cardInfo = list.find((method) => method.id === 'card')
    expect(cardInfo).toMatchObject({
      name: 'Card',
      currency: 'EUR',
      currencySymbol: '€',
      currencyConverted: null,
      amountConverted: null,
      rate: null,
      min: '1000',
      max: '500000',
      amount: '5000',
      coinspaidAmount: null,
      // A new player's first deposit earns the first welcome bonus, with its terms in euros.
      bonusCode: 'first',
      bonusOffer: {
        code: 'first',
        match_percent: 100,
        deposit_min: '1500',
        deposit_max: '20000',
        max_bonus: '20000',
        currency: 'EUR',
        wagering_times: 10,
        valid_days: 7,
        max_bet: '500',
      },
      playerFields: [],
      amountFieldName: 'amount',
      firstStep: 1,
      lastUsedMethod: false,
      savedProfiles: [],
      savedProfilesId: null,
    })
    // The card is asked for by the PSP's hosted fields, never by a field of ours.
    expect(cardInfo?.methodFields).toEqual([
      {
        name: 'card_token',
        type: 'hosted_card',
        required: true,
        pattern: '^tok_[A-Za-z0-9_.-]{10,990}$',
        maxLength: 1000,
        url: '/sandbox-psp/v1/card-fields',
      },
    ])
    const payouts = await methods(client, 'type=withdrawal')
    expect(payouts.find((method) => method.id === 'card')?.methodFields).toEqual([
      { name: 'saved_profile_id', type: 'saved_card', required: true, maxLength: 36 },
    ])
    // A bank transfer or crypto deposit asks the player for nothing.
    expect(list.find((method) => method.id === 'bank_transfer')?.methodFields).toEqual([])
    const btc = list.find((method) => method.id === 'crypto_btc')
    expect(btc).toMatchObject({
      name: 'Bitcoin',
      currency: 'BTC',
      currencyConverted: 'EUR',
      // 50 EUR at 0.000011 BTC per EUR, and back again, rounded half-even.
      amount: '55000',
      amountConverted: '5000',
      coinspaidAmount: '0.00055000',
      rate: '90909.090909090909',
      methodFields: [],
    })
  })

  it('names methods in the path’s language and lists missing profile fields', async () => {
    const client = await player({ bare: true })
    const list = await methods(client, 'type=deposit', 'de')
    expect(list.find((method) => method.id === 'card')).toMatchObject({
      name: 'Karte',
      playerFields: ['birth_date', 'address', 'city', 'post_code'],
    })
    expect(list.find((method) => method.id === 'bank_transfer')?.name).toBe('Banküberweisung')
  })

  it('filters by country and by wallet currency', async () => {
    const british = await player({ country: 'GB' })
    expect((await methods(british)).map((method) => method.id)).not.toContain('bank_transfer')
    const bitcoiner = await player({ currency: 'BTC' })
    const list = await methods(bitcoiner)
    expect(list.map((method) => method.id)).not.toContain('card')
    expect(list.find((method) => method.id === 'crypto_btc')?.currencyConverted).toBeNull()
    expect(list.find((method) => method.id === 'crypto_eth')?.currencyConverted).toBe('BTC')
    // Another wallet currency than the current one, by the query.
    const usd = await methods(await player(), 'type=deposit&currency=USD')
    expect(usd.find((method) => method.id === 'card')).toMatchObject({
      currency: 'USD',
      min: '1100',
    })
  })

  it('remembers the last method and saved cards, and offers the next welcome bonus', async () => {
    const client = await player()
    expect((await cardDeposit(client)).statusCode).toBe(200)
    const cardInfo = (await methods(client)).find((method) => method.id === 'card')
    expect(cardInfo).toMatchObject({
      lastUsedMethod: true,
      // One deposit made (without a code): the next one earns the second welcome bonus.
      bonusCode: 'second',
      bonusOffer: { code: 'second', match_percent: 75, deposit_min: '1500', deposit_max: '30000' },
      savedProfiles: [
        {
          label: 'Visa •••• 4242',
          fields: { holder: 'Robin Tester', expiry: '12/30', last4: '4242' },
        },
      ],
    })
    expect(cardInfo?.savedProfilesId).toBe(cardInfo?.savedProfiles[0]?.id)
  })

  it('refuses visitors and bad queries', async () => {
    const client = await player()
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/en/payment/methods?type=deposit',
      headers: API_HEADERS,
    })
    expect(anonymous.statusCode).toBe(401)
    for (const query of ['type=sideways', 'type=deposit&currency=XYZ', '']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/en/payment/methods?${query}`,
        headers: client.headers,
      })
      expect(response.statusCode).toBe(400)
    }
  })
})

describe('POST /payment/deposit by card', () => {
  it('4242… credits at once, keeps only brand, last four and expiry, and notifies', async () => {
    const client = await player()
    const events: string[] = []
    const stops = [
      t.app.bus.subscribe('deposit.completed', (event) => {
        if (event.playerId === client.id)
          events.push(`deposit ${event.currency} ${event.amountMinor}`)
      }),
      t.app.bus.subscribe('wallet.changed', (event) => {
        if (event.playerId === client.id) events.push(`wallet ${event.currency_id} ${event.cents}`)
      }),
      t.app.bus.subscribe('notification.created', (event) => {
        if (event.playerId === client.id) events.push(`notification ${event.notification.type}`)
      }),
    ]
    const response = await cardDeposit(client, '2500')
    // The header's balance, the domain event and the toast, once each, after the commit.
    await expect.poll(() => events.length).toBe(3)
    for (const stop of stops) stop()
    expect(events.sort()).toEqual([
      'deposit EUR 2500',
      'notification deposit_credited',
      'wallet EUR 2500',
    ])
    expect(response.statusCode).toBe(200)
    const result = response.json<Answer<Result>>().data
    expect(result.status).toBe('completed')
    expect(result.next_action).toBeUndefined()
    expect(await cash(client)).toBe('2500')
    const row = await paymentRow(result.transaction_id)
    expect(row).toMatchObject({
      status: 'completed',
      amountMinor: 2500n,
      walletAmountMinor: 2500n,
      rate: '1',
      details: { brand: 'Visa', last4: '4242', expiry: '12/30', holder: 'Robin Tester' },
    })
    expect(
      JSON.stringify(row, (_key, value: unknown) =>
        typeof value === 'bigint' ? String(value) : value,
      ),
    ).not.toMatch(/4242424242424242|4242 4242 4242 4242|"cvc"|"123"/)
    const notifications = await notificationsOf(client)
    expect(notifications[0]).toMatchObject({
      type: 'deposit_credited',
      text: 'Your deposit of €25.00 has been credited.',
    })
  })

  it('4000 0000 0000 0002 is declined and moves nothing; other numbers are unknown test cards', async () => {
    const client = await player()
    const declined = (await cardDeposit(client, '2500', '4000 0000 0000 0002')).json<
      Answer<Result>
    >().data
    expect(declined).toMatchObject({ status: 'failed', reason: 'card_declined' })
    expect((await paymentRow(declined.transaction_id))?.details.reason).toBe('card_declined')
    const unknown = (await cardDeposit(client, '2500', '5555 5555 5555 4444')).json<
      Answer<Result>
    >().data
    expect(unknown.status).toBe('failed')
    expect((await paymentRow(unknown.transaction_id))?.details.reason).toBe('unknown_test_card')
    expect(await cash(client)).toBe('0')
  })

  it('4000 0027 6000 3184 waits for the PSP’s 3-D Secure page; only its answer credits, once', async () => {
    const client = await player()
    const started = (await cardDeposit(client, '3000', '4000 0027 6000 3184')).json<
      Answer<Result>
    >().data
    expect(started).toMatchObject({
      status: 'pending',
      next_action: { type: 'three_ds', transaction_id: started.transaction_id },
    })
    const url = String(started.next_action?.url)
    expect(url).toMatch(/^\/sandbox-psp\/v1\/challenge\?id=ch_/)
    // The player's old call is gone: no call of the player's can pass 3-D Secure.
    const playerCall = await t.app.inject({
      method: 'POST',
      url: '/payment/three-ds',
      headers: client.headers,
      payload: { transaction_id: started.transaction_id, outcome: 'approve' },
    })
    expect(playerCall.statusCode).toBe(404)
    // Nor can a webhook the player signs with a secret of their own.
    const forged = await sendWebhook(
      {
        type: 'charge.succeeded',
        data: {
          reference: started.transaction_id,
          payment_method: 'pm_forged',
          card: { brand: 'Visa', last4: '3184', expiry: '12/30', holder: 'Robin Tester' },
        },
      },
      { provider: 'sandbox_card', secret: `whsec_${Buffer.from(randomUUID()).toString('base64')}` },
    )
    expect(forged.statusCode).toBe(401)
    // A challenge id changed by a character is not the PSP's.
    const tampered = await challenge(
      `${url.slice(0, -1)}${url.endsWith('A') ? 'B' : 'A'}`,
      'approve',
    )
    expect(tampered.statusCode).toBe(404)
    expect(await cash(client)).toBe('0')
    expect((await paymentRow(started.transaction_id))?.status).toBe('pending')

    // The PSP's page shows the amount and the card; its "Approve" tells the casino, signed.
    const page = await t.app.inject({ method: 'GET', url: `${url}&lang=en` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('€30.00')
    expect(page.body).toContain('Visa •••• 3184')
    const approvals = await Promise.all(Array.from({ length: 5 }, () => challenge(url, 'approve')))
    expect(approvals.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect(await cash(client)).toBe('3000')
    expect(await paymentRow(started.transaction_id)).toMatchObject({
      status: 'completed',
      details: { brand: 'Visa', last4: '3184' },
    })
    // A later "fail" on the same page changes nothing: the first answer stands.
    expect((await challenge(url, 'fail')).statusCode).toBe(200)
    expect(await cash(client)).toBe('3000')
    expect((await paymentRow(started.transaction_id))?.status).toBe('completed')
    // The card that passed 3-D Secure is a saved card now.
    const cardInfo = (await methods(client)).find((method) => method.id === 'card')
    expect(cardInfo?.savedProfiles.map((profile) => profile.label)).toEqual(['Visa •••• 3184'])
  })

  it('3-D Secure failed on the PSP’s page fails the deposit; approving after changes nothing', async () => {
    const client = await player()
    const started = (await cardDeposit(client, '3000', '4000002760003184')).json<Answer<Result>>()
      .data
    const url = String(started.next_action?.url)
    expect((await challenge(url, 'fail')).statusCode).toBe(200)
    expect(await paymentRow(started.transaction_id)).toMatchObject({
      status: 'failed',
      details: { reason: 'three_ds_declined' },
    })
    expect((await challenge(url, 'approve')).statusCode).toBe(200)
    expect((await paymentRow(started.transaction_id))?.status).toBe('failed')
    expect(await cash(client)).toBe('0')
  })

  it('a PSP webhook for a deposit that is not waiting for 3-D Secure moves nothing', async () => {
    const client = await player()
    const paid = (await cardDeposit(client, '2000')).json<Answer<Result>>().data
    const psp = createSandboxPsp({ base: '/sandbox-psp', secret: SECRET })
    const event = psp.decide(
      {
        reference: paid.transaction_id,
        customer: client.id,
        amountMinor: 2000n,
        currency: 'EUR',
        card: { brand: 'Visa', last4: '4242', expiry: '12/30', holder: 'Robin Tester' },
      },
      true,
    )
    const answer = await sendWebhook(event, { provider: 'sandbox_card' })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ data: { status: 'completed' } })
    expect(await cash(client)).toBe('2000')
    const unknown = await sendWebhook(
      { ...event, data: { ...event.data, reference: randomUUID() } },
      { provider: 'sandbox_card' },
    )
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({ errors: { code: 'payments.webhook_payload_invalid' } })
  })

  it('a saved card pays again by its token, with no fields; someone else’s saved card is not found', async () => {
    const client = await player()
    await cardDeposit(client, '2000')
    const profileId = (await methods(client)).find(
      (method) => method.id === 'card',
    )?.savedProfilesId
    expect(profileId).toBeTruthy()
    const again = await deposit(client, {
      method_id: 'card',
      amount: '1500',
      saved_profile_id: profileId,
    })
    expect(again.json<Answer<Result>>().data.status).toBe('completed')
    expect(await cash(client)).toBe('3500')
    const thief = await player()
    const stolen = await deposit(thief, {
      method_id: 'card',
      amount: '1500',
      saved_profile_id: profileId,
    })
    expect(stolen.statusCode).toBe(404)
    expect(stolen.json()).toMatchObject({ errors: { code: 'payments.saved_profile_not_found' } })
    expect(await cash(thief)).toBe('0')
  })

  it('refuses a card number or security code sent to the casino (400), storing nothing', async () => {
    const client = await player()
    const profileId = await (async () => {
      await cardDeposit(client, '2000')
      return (await methods(client)).find((method) => method.id === 'card')?.savedProfilesId
    })()
    const attempts: Record<string, unknown>[] = [
      { fields: { card_number: '4242424242424242', expiry: '12/30', cvc: '123', holder: 'A' } },
      { fields: { card_token: await cardToken(t.app), cvc: '123' } },
      { fields: { CVV: '123' }, saved_profile_id: profileId },
      { fields: { number: '4242 4242 4242 4242' } },
    ]
    for (const attempt of attempts) {
      const key = randomUUID()
      const response = await deposit(client, {
        method_id: 'card',
        amount: '1500',
        idempotency_key: key,
        ...attempt,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ errors: { code: 'payments.card_data_refused' } })
      const [row] = await t.database.db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.idempotencyKey, key))
      expect(row).toBeUndefined()
    }
    // A number typed where the token goes is not a token.
    const typed = await deposit(client, {
      method_id: 'card',
      amount: '1500',
      fields: { card_token: '4242 4242 4242 4242' },
    })
    expect(typed.statusCode).toBe(400)
    expect(typed.json()).toMatchObject({ errors: { code: 'payments.fields_invalid' } })
    // A token the PSP did not issue, or one that has expired, is declined by the PSP.
    const forged = (
      await deposit(client, {
        method_id: 'card',
        amount: '1500',
        fields: { card_token: `tok_${'A'.repeat(60)}.${'B'.repeat(43)}` },
      })
    ).json<Answer<Result>>().data
    expect(forged).toMatchObject({ status: 'failed', reason: 'card_token_invalid' })
    expect(await cash(client)).toBe('2000')
  })

  it('is idempotent by key: a repeat answers the first result and moves nothing', async () => {
    const client = await player()
    const key = randomUUID()
    const body = { method_id: 'card', amount: '2500', fields: await card(), idempotency_key: key }
    const first = (await deposit(client, body)).json<Answer<Result>>().data
    const second = await deposit(client, body)
    expect(second.statusCode).toBe(200)
    expect(second.json<Answer<Result>>().data).toEqual(first)
    expect(await cash(client)).toBe('2500')
    const reused = await deposit(client, { ...body, amount: '2600' })
    expect(reused.statusCode).toBe(409)
    expect(reused.json()).toMatchObject({ errors: { code: 'payments.idempotency_key_reused' } })
    // At the same moment: one deposit.
    const key2 = randomUUID()
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => deposit(client, { ...body, idempotency_key: key2 })),
    )
    const ids = new Set(answers.map((answer) => answer.json<Answer<Result>>().data.transaction_id))
    expect(ids.size).toBe(1)
    expect(await cash(client)).toBe('5000')
  })
})

describe('POST /payment/deposit refusals', () => {
  const refused = async (
    client: Client,
    body: Record<string, unknown>,
    status: number,
    code: string,
  ) => {
    const response = await deposit(client, body)
    expect(response.statusCode, response.body).toBe(status)
    const answer = response.json<Answer>()
    expect(answer.errors?.code).toBe(code)
    return answer
  }

  it('refuses amounts out of range, malformed, zero or negative', async () => {
    const client = await player()
    const base = { method_id: 'card', fields: await card() }
    const below = await refused(
      client,
      { ...base, amount: '999' },
      400,
      'payments.amount_below_min',
    )
    expect(below.message).toBe('The amount is below the minimum of 10.00 EUR.')
    const above = await refused(
      client,
      { ...base, amount: '500001' },
      400,
      'payments.amount_above_max',
    )
    expect(above.message).toContain('5000.00 EUR')
    for (const amount of ['12.5', '10.00', '0', '-100', '1e3', '', ' 100', 1500]) {
      await refused(client, { ...base, amount }, 400, 'payments.amount_invalid')
    }
    expect(await cash(client)).toBe('0')
  })

  it('refuses unknown or switched-off methods, currencies not offered and other countries', async () => {
    const client = await player()
    await refused(client, { method_id: 'paypal', amount: '2500' }, 404, 'payments.method_not_found')
    await refused(
      client,
      { method_id: 'card', currency: 'USD', amount: '2500', fields: await card() },
      400,
      'payments.currency_not_offered',
    )
    await refused(
      client,
      { method_id: 'crypto_btc', currency: 'ETH', amount: '2500000' },
      400,
      'payments.currency_not_offered',
    )
    const invalidCurrency = await deposit(client, {
      method_id: 'card',
      currency: 'XYZ',
      amount: '2500',
    })
    expect(invalidCurrency.statusCode).toBe(400)
    const british = await player({ country: 'GB' })
    await refused(
      british,
      { method_id: 'bank_transfer', amount: '2500' },
      403,
      'payments.method_not_available',
    )
  })

  it('a switched-off method is neither listed nor taken', async () => {
    const client = await player()
    const setEnabled = (isEnabled: boolean) =>
      t.database.db
        .update(paymentMethods)
        .set({ isEnabled })
        .where(eq(paymentMethods.id, 'crypto_trx'))
    await setEnabled(false)
    try {
      expect((await methods(client)).map((method) => method.id)).not.toContain('crypto_trx')
      await refused(
        client,
        { method_id: 'crypto_trx', currency: 'TRX', amount: '100000000' },
        404,
        'payments.method_not_found',
      )
    } finally {
      await setEnabled(true)
    }
  })

  it('asks for the profile fields the method needs first (409, listed)', async () => {
    const client = await player({ bare: true })
    const answer = await refused(
      client,
      { method_id: 'card', amount: '2500', fields: await card() },
      409,
      'payments.player_fields_missing',
    )
    expect(Object.keys(answer.errors?.fields ?? {})).toEqual([
      'birth_date',
      'address',
      'city',
      'post_code',
    ])
  })

  it('needs a signed-in player, the marker header and the CSRF token', async () => {
    const client = await player()
    const body = {
      method_id: 'card',
      currency: 'EUR',
      amount: '2500',
      fields: await card(),
      idempotency_key: randomUUID(),
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/payment/deposit',
      headers: API_HEADERS,
      payload: body,
    })
    expect([401, 403]).toContain(anonymous.statusCode)
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/payment/deposit',
      headers: { ...client.headers, 'x-csrf-token': 'wrong' },
      payload: body,
    })
    expect(noCsrf.statusCode).toBe(403)
    expect(await cash(client)).toBe('0')
  })
})

describe('bank transfer', () => {
  it('waits with the casino’s account and a reference until a finance operator confirms', async () => {
    const client = await player()
    const started = (await deposit(client, { method_id: 'bank_transfer', amount: '10000' })).json<
      Answer<Result>
    >().data
    expect(started).toMatchObject({
      status: 'pending',
      next_action: {
        type: 'bank_transfer',
        iban: 'FI21 1234 5600 0007 85',
        beneficiary: 'Aurum Casino Ltd',
      },
    })
    expect(String(started.next_action?.reference)).toMatch(/^AUR-[A-Z0-9]{10}$/)
    expect(await cash(client)).toBe('0')
    // The history shows the same instructions while the transfer is awaited.
    const history = await t.app.inject({
      method: 'GET',
      url: '/player/transactions?transactionType=deposit',
      headers: client.headers,
    })
    expect(
      history.json<Answer<{ transactions: { next_action: unknown }[] }>>().data.transactions[0]
        ?.next_action,
    ).toEqual(started.next_action)

    const url = `/admin/api/deposits/${started.transaction_id}/confirm`
    const payload = { amount: '10000', currency: 'EUR' }
    const asPlayer = await t.app.inject({ method: 'POST', url, headers: client.headers, payload })
    expect(asPlayer.statusCode).toBe(401)
    const support = await createOperator(t.database.db, ['support'])
    const supportHeaders = (await signInOperator(t.app, support)).headers
    const asSupport = await t.app.inject({ method: 'POST', url, headers: supportHeaders, payload })
    expect(asSupport.statusCode).toBe(403)
    const finance = await createOperator(t.database.db, ['finance'])
    const headers = (await signInOperator(t.app, finance)).headers
    const confirmed = await t.app.inject({ method: 'POST', url, headers, payload })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json<Answer<Result>>().data.status).toBe('completed')
    expect(await cash(client)).toBe('10000')
    const again = await t.app.inject({ method: 'POST', url, headers, payload })
    expect(again.statusCode).toBe(409)
    expect(await cash(client)).toBe('10000')
    // A card deposit is not a bank transfer to confirm; an unknown id is not found.
    const cardDone = (await cardDeposit(client)).json<Answer<Result>>().data
    for (const id of [cardDone.transaction_id, randomUUID()]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/admin/api/deposits/${id}/confirm`,
        headers,
        payload,
      })
      expect(response.statusCode).toBe(404)
    }
    expect(await cash(client)).toBe('12500')
  })
})

describe('crypto gateway and webhooks', () => {
  const startCrypto = async (
    client: Client,
    amount = '200000',
    method = 'crypto_btc',
    currency = 'BTC',
  ) => {
    const response = await deposit(client, { method_id: method, currency, amount })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Answer<Result>>().data
  }

  it('gives an address, amount and QR code, and credits at the needed confirmations once', async () => {
    const client = await player()
    const started = await startCrypto(client)
    expect(started.status).toBe('pending')
    const action = started.next_action as {
      type: string
      address: string
      amount: string
      qr: string
      confirmations: number
      currency: string
    }
    expect(action).toMatchObject({
      type: 'send_crypto',
      currency: 'BTC',
      amount: '0.00200000',
      confirmations: 3,
    })
    expect(action.address).toMatch(/^bc1q[a-z0-9]{38}$/)
    expect(action.qr).toMatch(/^data:image\/png;base64,/)
    // The same address next time.
    const second = await startCrypto(client, '300000')
    expect((second.next_action as { address: string }).address).toBe(action.address)

    const txid = `tx${randomUUID().replaceAll('-', '')}`
    // 0.00210000 BTC actually sent (more than asked).
    const seen = await sendWebhook(cryptoTransfer(action.address, '210000', 1, txid))
    expect(seen.statusCode).toBe(200)
    expect(seen.json<Answer<{ status: string; confirmations: number }>>().data).toMatchObject({
      transaction_id: started.transaction_id,
      status: 'pending',
      confirmations: 1,
    })
    expect(await cash(client)).toBe('0')
    expect((await paymentRow(started.transaction_id))?.details.confirmations).toBe('1')

    const id = `msg_${randomUUID()}`
    const confirmed = await sendWebhook(cryptoTransfer(action.address, '210000', 3, txid), { id })
    expect(confirmed.json<Answer<{ status: string }>>().data.status).toBe('completed')
    // 0.0021 BTC at 0.000011 per EUR = 190.909… EUR, less the 1 % spread = 189.00, toward zero;
    // the rate recorded is the one used, spread included.
    expect(await cash(client)).toBe('18900')
    expect(await paymentRow(started.transaction_id)).toMatchObject({
      amountMinor: 210000n,
      walletAmountMinor: 18900n,
      providerReference: txid,
      rate: '90000',
    })
    // The same delivery again: the first answer, nothing moves.
    const repeated = await sendWebhook(cryptoTransfer(action.address, '210000', 3, txid), { id })
    expect(repeated.statusCode).toBe(200)
    expect(repeated.json()).toEqual(confirmed.json())
    // Another delivery of the same transfer, more confirmations: nothing moves either.
    const later = await sendWebhook(cryptoTransfer(action.address, '210000', 9, txid))
    expect(later.json<Answer<{ status: string }>>().data.status).toBe('completed')
    expect(await cash(client)).toBe('18900')
    // The other pending deposit still waits for its own transfer.
    expect((await paymentRow(second.transaction_id))?.status).toBe('pending')
  })

  it('a webhook delivered 10 times (at once, and under new ids) credits once', async () => {
    const client = await player()
    const started = await startCrypto(client)
    const address = (started.next_action as { address: string }).address
    const txid = `tx${randomUUID().replaceAll('-', '')}`
    const payload = cryptoTransfer(address, '200000', 3, txid)
    const id = `msg_${randomUUID()}`
    const same = await Promise.all(Array.from({ length: 10 }, () => sendWebhook(payload, { id })))
    expect(same.map((response) => response.statusCode)).toEqual(Array(10).fill(200))
    const renamed = await Promise.all(Array.from({ length: 10 }, () => sendWebhook(payload)))
    expect(renamed.map((response) => response.statusCode)).toEqual(Array(10).fill(200))
    expect(await cash(client)).toBe('18000')
    const rows = await t.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.playerId, client.id))
    expect(rows).toHaveLength(1)
    const notifications = (await notificationsOf(client)).filter(
      (notification) => notification.type === 'deposit_credited',
    )
    expect(notifications).toHaveLength(1)
  })

  it('a transfer to an address without a pending deposit makes and credits a new one', async () => {
    const client = await player()
    const started = await startCrypto(client)
    const address = (started.next_action as { address: string }).address
    await sendWebhook(cryptoTransfer(address, '200000', 3))
    const unannounced = await sendWebhook(cryptoTransfer(address, '100000', 5))
    expect(unannounced.statusCode).toBe(200)
    const data = unannounced.json<Answer<{ transaction_id: string; status: string }>>().data
    expect(data.status).toBe('completed')
    expect(data.transaction_id).not.toBe(started.transaction_id)
    expect(await paymentRow(data.transaction_id)).toMatchObject({
      methodId: 'crypto_btc',
      walletCurrency: 'EUR',
      walletAmountMinor: 9000n,
    })
    expect(await cash(client)).toBe(String(18000 + 9000))
  })

  it('credits a crypto wallet without conversion', async () => {
    const client = await player({ currency: 'ETH' })
    const started = await startCrypto(client, '10000000', 'crypto_eth', 'ETH')
    const address = (started.next_action as { address: string }).address
    expect(address).toMatch(/^0x[0-9a-f]{40}$/)
    await sendWebhook(cryptoTransfer(address, '10000000', 3, undefined, 'ETH'))
    expect(await cash(client, 'ETH')).toBe('10000000')
  })

  it('refuses bad signatures, old or future timestamps and unknown providers; stores nothing', async () => {
    const client = await player()
    const started = await startCrypto(client)
    const address = (started.next_action as { address: string }).address
    const payload = cryptoTransfer(address, '200000', 3)
    const forged = await sendWebhook(payload, {
      secret: 'whsec_Zm9yZ2VkIGZvcmdlZCBmb3JnZWQgZm9yZ2Vk',
    })
    expect(forged.statusCode).toBe(401)
    expect(forged.json()).toMatchObject({ errors: { code: 'payments.webhook_signature_invalid' } })
    const old = await sendWebhook(payload, { atMs: Date.now() - 6 * 60_000 })
    expect(old.statusCode).toBe(401)
    expect(old.json()).toMatchObject({ errors: { code: 'payments.webhook_timestamp_invalid' } })
    const future = await sendWebhook(payload, { atMs: Date.now() + 6 * 60_000 })
    expect(future.statusCode).toBe(401)
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/payment/webhook/sandbox_crypto',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    })
    expect(unsigned.statusCode).toBe(401)
    // The body is checked byte for byte: re-serialised JSON with a space fails.
    const body = JSON.stringify(payload)
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/payment/webhook/sandbox_crypto',
      headers: { 'content-type': 'application/json', ...webhookHeaders(SECRET, 'msg_x', body) },
      payload: body.replace('"confirmations":3', '"confirmations": 3'),
    })
    expect(tampered.statusCode).toBe(401)
    for (const provider of ['sandbox_bank', 'paypal']) {
      expect((await sendWebhook(payload, { provider })).statusCode).toBe(404)
    }
    expect(await cash(client)).toBe('0')
    expect((await paymentRow(started.transaction_id))?.status).toBe('pending')
  })

  it('answers a bad payload 400, and the same answer to its repeated id', async () => {
    const id = `msg_${randomUUID()}`
    const unknownAddress = await sendWebhook(
      cryptoTransfer('bc1qnobodyhasthisaddress00000000000', '100', 3),
      { id },
    )
    expect(unknownAddress.statusCode).toBe(400)
    expect(unknownAddress.json()).toMatchObject({
      errors: { code: 'payments.webhook_payload_invalid' },
    })
    const again = await sendWebhook({ type: 'something.else' }, { id })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual(unknownAddress.json())
    const [stored] = await t.database.db
      .select()
      .from(paymentWebhooks)
      .where(and(eq(paymentWebhooks.provider, 'sandbox_crypto'), eq(paymentWebhooks.webhookId, id)))
    expect(stored?.statusCode).toBe(400)
    expect((await sendWebhook({ type: 'crypto.deposit', data: {} })).statusCode).toBe(400)
  })
})

describe('deposit limits', () => {
  const limits = async (client: Client) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/player/deposit-limits',
      headers: client.headers,
    })
    expect(response.statusCode).toBe(200)
    return response.json<
      Answer<{
        currency: string
        limits: {
          period: string
          amount: string | null
          pending_amount: string | null
          pending_from: string | null
          used: string
          frees_at: string | null
        }[]
      }>
    >().data
  }
  const setLimit = (client: Client, period: string, amount: string | null) =>
    t.app.inject({
      method: 'POST',
      url: '/player/deposit-limits',
      headers: client.headers,
      payload: { period, amount },
    })

  it('a first limit applies at once and is enforced against completed and pending deposits', async () => {
    const client = await player()
    expect(await limits(client)).toMatchObject({
      currency: 'EUR',
      limits: ['day', 'week', 'month'].map((period) => ({
        period,
        amount: null,
        pending_amount: null,
        pending_from: null,
        used: '0',
        frees_at: null,
      })),
    })
    expect((await setLimit(client, 'day', '10000')).statusCode).toBe(200)
    const firstAt = Date.now()
    await cardDeposit(client, '4000')
    // A pending bank transfer counts too.
    await deposit(client, { method_id: 'bank_transfer', amount: '3000' })
    const over = await cardDeposit(client, '3001')
    expect(over.statusCode).toBe(409)
    expect(over.json()).toMatchObject({
      errors: { code: 'payments.deposit_limit_exceeded' },
      message: 'This deposit is above your deposit limit. You can deposit up to €30.00 now.',
    })
    expect((await cardDeposit(client, '3000')).statusCode).toBe(200)
    const day = (await limits(client)).limits[0]
    expect(day).toMatchObject({ period: 'day', amount: '10000', used: '10000' })
    // The day is rolling: room comes back 24 hours after the first of today's deposits.
    const freesAt = Date.parse(day?.frees_at ?? '')
    expect(freesAt - firstAt).toBeGreaterThanOrEqual(24 * 3_600_000 - 1_000)
    expect(freesAt - firstAt).toBeLessThan(24 * 3_600_000 + 60_000)
    expect(await cash(client)).toBe('7000')
    // The lowest limit applies: a week limit below what is left today.
    const other = await player()
    await setLimit(other, 'day', '10000')
    await setLimit(other, 'week', '2000')
    expect((await cardDeposit(other, '2500')).statusCode).toBe(409)
  })

  it('raising or removing waits 24 hours; lowering applies at once; a due change applies when read', async () => {
    const client = await player()
    await setLimit(client, 'week', '10000')
    const raised = (await setLimit(client, 'week', '50000')).json<
      Answer<{
        limits: {
          period: string
          amount: string | null
          pending_amount: string | null
          pending_from: string | null
        }[]
      }>
    >().data.limits[1]
    expect(raised).toMatchObject({ period: 'week', amount: '10000', pending_amount: '50000' })
    const waitMs = new Date(raised?.pending_from ?? 0).getTime() - Date.now()
    expect(waitMs).toBeGreaterThan(23.9 * 3600_000)
    expect(waitMs).toBeLessThanOrEqual(24 * 3600_000)
    // Still the old limit.
    expect((await cardDeposit(client, '12000')).statusCode).toBe(409)
    // Its 24 hours pass.
    await t.database.db
      .update(depositLimits)
      .set({ pendingFrom: new Date(Date.now() - 1000) })
      .where(eq(depositLimits.playerId, client.id))
    expect((await limits(client)).limits[1]).toMatchObject({
      amount: '50000',
      pending_amount: null,
      pending_from: null,
    })
    expect((await cardDeposit(client, '12000')).statusCode).toBe(200)
    // Lowering: at once.
    await setLimit(client, 'week', '15000')
    expect((await limits(client)).limits[1]).toMatchObject({ amount: '15000', used: '12000' })
    // Removing waits.
    const removing = (await limits(client), await setLimit(client, 'week', null)).json<
      Answer<{
        limits: {
          amount: string | null
          pending_amount: string | null
          pending_from: string | null
        }[]
      }>
    >().data.limits[1]
    expect(removing).toMatchObject({ amount: '15000', pending_amount: null })
    expect(removing?.pending_from).not.toBeNull()
    expect((await cardDeposit(client, '3001')).statusCode).toBe(409)
  })

  it('refuses bad limit requests', async () => {
    const client = await player()
    for (const payload of [
      { period: 'year', amount: '100' },
      { period: 'day', amount: '1.5' },
      { period: 'day' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/player/deposit-limits',
        headers: client.headers,
        payload,
      })
      expect(response.statusCode).toBe(400)
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/player/deposit-limits',
      headers: API_HEADERS,
    })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('/dev/payments', () => {
  it('lists pending crypto deposits and sends a signed webhook through the real route', async () => {
    const client = await player()
    const started = (
      await deposit(client, { method_id: 'crypto_btc', currency: 'BTC', amount: '200000' })
    ).json<Answer<Result>>().data
    const page = await t.app.inject({ method: 'GET', url: '/dev/payments' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-security-policy']).toContain("form-action 'self'")
    expect(page.body).toContain(started.transaction_id)
    expect(page.body).toContain(client.email)
    const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? ''
    const form = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/dev/payments',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      })
    const forged = await form({
      token: 'nope',
      payment_id: started.transaction_id,
      action: 'crypto',
      amount: '0.002',
      confirmations: '3',
    })
    expect(forged.statusCode).toBe(403)
    const oneConfirmation = await form({
      token,
      payment_id: started.transaction_id,
      action: 'crypto',
      amount: '0.002',
      confirmations: '1',
    })
    expect(oneConfirmation.statusCode).toBe(303)
    expect(await cash(client)).toBe('0')
    const sent = await form({
      token,
      payment_id: started.transaction_id,
      action: 'crypto',
      amount: '0.002',
      confirmations: '3',
    })
    expect(sent.statusCode).toBe(303)
    expect(decodeURIComponent(sent.headers.location ?? '')).toContain('Webhook answered 200')
    expect(await cash(client)).toBe('18000')
  })

  it('is not served where it is off (production without DEV_OUTBOX)', async () => {
    // The plugin alone, switched off as buildApp switches it off in production.
    const bare = Fastify().withTypeProvider<ZodTypeProvider>()
    bare.setValidatorCompiler(validatorCompiler)
    bare.setSerializerCompiler(serializerCompiler)
    await bare.register(paymentWebhookPlugin, {
      cashier: {
        db: t.database.db,
        bus: t.app.bus,
        providers: createProviders({
          cryptoConfirmations: 3,
          cardPsp: createSandboxPsp({ base: '/sandbox-psp', secret: SECRET }),
        }),
        cryptoConfirmations: 3,
        messages: async () => ({}),
        rules: async () => ({
          exchange: { spreadBp: 100, maxAgeMs: 3_600_000 },
          depositWagerMultiplier: 1,
        }),
        // The page is off: nothing is credited.
        deposits: {
          credit: () => Promise.reject(new Error('no deposit is credited here')),
          release: () => Promise.reject(new Error('no deposit is released here')),
        },
      },
      secret: SECRET,
      devPage: false,
    })
    expect((await bare.inject({ method: 'GET', url: '/dev/payments' })).statusCode).toBe(404)
    const post = await bare.inject({
      method: 'POST',
      url: '/dev/payments',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=x&payment_id=${randomUUID()}&action=bank`,
    })
    expect(post.statusCode).toBe(404)
    await bare.close()
  })
})

describe('demo content', () => {
  it('the demo player has one completed 500.00 EUR card deposit, seeded once', async () => {
    const [demo] = await t.database.db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.email, DEMO_PLAYER.email))
    if (!demo) throw new Error('the seed made no demo player')
    // Seeding again adds nothing.
    await seedDemoDeposit(t.database.db, demo.id)
    const rows = await t.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.playerId, demo.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      methodId: 'card',
      status: 'completed',
      amountMinor: 500_00n,
      walletAmountMinor: 500_00n,
      details: { brand: 'Visa', last4: '4242' },
    })
    const balances = await playerBalances(t.database.db, demo.id)
    expect(balances).toContainEqual(
      expect.objectContaining({ currency: 'EUR', kind: 'cash', balanceMinor: 500_00n }),
    )
  })
})

describe('deposits at the same moment', () => {
  it('cannot together pass a deposit limit', async () => {
    const client = await player()
    await t.app.inject({
      method: 'POST',
      url: '/player/deposit-limits',
      headers: client.headers,
      payload: { period: 'day', amount: '5000' },
    })
    const answers = await Promise.all(Array.from({ length: 6 }, () => cardDeposit(client, '2000')))
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses).toEqual([200, 200, 409, 409, 409, 409])
    expect(await cash(client)).toBe('4000')
  })
})

describe('OpenAPI', () => {
  it('documents the cashier’s calls', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<string, unknown>
    }>()
    for (const path of [
      '/{lang}/payment/methods',
      '/payment/deposit',
      '/payment/webhook/{provider}',
      '/player/deposit-limits',
      '/admin/api/deposits/{id}/confirm',
    ]) {
      expect(spec.paths).toHaveProperty([path])
    }
    // 3-D Secure is answered on the card provider's page, never by a call of the player's.
    expect(spec.paths).not.toHaveProperty(['/payment/three-ds'])
  })
})
