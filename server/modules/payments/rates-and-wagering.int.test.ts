import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { cardToken } from '#tests/helpers/sandbox-card.ts'
import {
  completeProfile,
  createPlayer,
  FACTORY_PASSWORD,
  signIn,
} from '#tests/factories/players.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { accountBalance, checkBooks } from '#server/modules/ledger/index.ts'
import { exchangeRates } from '../wallet/wallet.tables.ts'
import { siteSettings } from '#server/modules/site/site.tables.ts'
import { forgetRates } from '#server/modules/wallet/index.ts'
import type { PaymentInfo } from './payments.contract.ts'
import { depositWagering, paymentTransactions, savedPaymentProfiles } from './payments.tables.ts'

// Issue 19, item 4: rates that age and a spread on money-moving conversions; deposited money
// wagered once before it may leave another way than it came.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const IBAN = 'DE89370400440532013000'
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'

interface Client {
  id: string
  headers: Record<string, string>
}

/** A signed-in player whose profile has what the card method asks for. */
async function player(): Promise<Client> {
  const account = await createPlayer(t.database.db)
  await completeProfile(t.database.db, account.id)
  return { id: account.id, headers: (await signIn(t.app, account)).headers }
}

const post = (client: Client, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: client.headers, payload })

const cardDeposit = async (client: Client, amount: string) =>
  post(client, '/payment/deposit', {
    method_id: 'card',
    currency: 'EUR',
    amount,
    idempotency_key: randomUUID(),
    fields: { card_token: await cardToken(t.app) },
  })

const withdraw = (client: Client, body: Record<string, unknown>) =>
  post(client, '/payment/withdraw', {
    currency: 'EUR',
    idempotency_key: randomUUID(),
    // A destination new to the player is confirmed with the password.
    password: FACTORY_PASSWORD,
    ...body,
  })
const toBank = (client: Client, amount: string) =>
  withdraw(client, {
    method_id: 'bank_transfer',
    amount,
    fields: { iban: IBAN, holder: 'Robin Tester' },
  })
/** A payout to the card the player deposited with (its saved profile, by the PSP's token). */
const toCard = async (client: Client, amount: string) => {
  const [card] = await t.database.db
    .select({ id: savedPaymentProfiles.id })
    .from(savedPaymentProfiles)
    .where(eq(savedPaymentProfiles.playerId, client.id))
  return withdraw(client, { method_id: 'card', amount, fields: { saved_profile_id: card?.id } })
}

const diceBet = (client: Client, amount: string) =>
  post(client, '/games/originals/dice/bet', {
    amount,
    currency: 'EUR',
    target: 5000,
    direction: 'under',
    client_request_id: randomUUID(),
  })

const cash = (playerId: string) =>
  accountBalance(t.database.db, { playerId, kind: 'cash', currency: 'EUR' })

const info = async (client: Client) =>
  (await t.app.inject({ method: 'GET', url: '/player/info', headers: client.headers })).json<{
    data: { availableToWithdraw: string; wagerRemaining: string }
  }>().data

const withdrawalMethods = async (client: Client) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/en/payment/methods?type=withdrawal',
      headers: client.headers,
    })
  ).json<{ data: PaymentInfo[] }>().data

/** Makes one currency's rate as old as `ageMs` (the cached table is dropped with it). */
async function ageRate(currency: string, ageMs: number) {
  await t.database.db
    .update(exchangeRates)
    .set({ fetchedAt: new Date(Date.now() - ageMs) })
    .where(eq(exchangeRates.currency, currency))
  forgetRates(t.database.db)
}

async function setSetting(key: string, value: unknown) {
  await t.database.db
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value } })
  await t.app.bus.publish('site.changed', { scope: 'settings' })
}

describe('stale exchange rates', () => {
  it('refuse money-moving conversions with a translated 503, and nothing moves', async () => {
    const client = await player()
    await fundPlayer(t.database.db, client.id, 'EUR', 500_00n)
    await ageRate('BTC', 2 * 3_600_000)
    try {
      const deposit = await post(client, '/payment/deposit', {
        method_id: 'crypto_btc',
        currency: 'BTC',
        amount: '200000',
        idempotency_key: randomUUID(),
      })
      expect(deposit.statusCode, deposit.body).toBe(503)
      expect(deposit.json()).toMatchObject({ errors: { code: 'wallet.rates_stale' } })
      expect(deposit.json<{ message: string }>().message).toMatch(/BTC.*try again/)
      const payout = await withdraw(client, {
        method_id: 'crypto_btc',
        amount: '25000',
        fields: { address: BTC_ADDRESS },
      })
      expect(payout.statusCode, payout.body).toBe(503)
      const german = await t.app.inject({
        method: 'POST',
        url: '/payment/withdraw',
        headers: { ...client.headers, cookie: `${client.headers.cookie ?? ''}; aurum_locale=de` },
        payload: {
          method_id: 'crypto_btc',
          currency: 'EUR',
          amount: '25000',
          fields: { address: BTC_ADDRESS },
          idempotency_key: randomUUID(),
          password: FACTORY_PASSWORD,
        },
      })
      expect(german.json<{ message: string }>().message).toMatch(/Wechselkurse für BTC/)
      const rows = await t.database.db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.playerId, client.id))
      expect(rows).toEqual([])
      expect(await cash(client.id)).toBe(500_00n)

      // No conversion, no rate needed: a euro card deposit and a euro payout still work.
      expect((await cardDeposit(client, '2500')).statusCode).toBe(200)
      expect((await toCard(client, '2500')).statusCode).toBe(200)
      // A displayed conversion still shows.
      const methods = await withdrawalMethods(client)
      expect(methods.find((method) => method.id === 'crypto_btc')?.rate).toBe('90909.090909090909')
    } finally {
      await ageRate('BTC', 0)
    }
    const fresh = await withdraw(client, {
      method_id: 'crypto_btc',
      amount: '25000',
      fields: { address: BTC_ADDRESS },
    })
    expect(fresh.statusCode, fresh.body).toBe(200)
  })
})

describe('conversion spread', () => {
  it('is the operator’s setting, kept back from what the player receives', async () => {
    const client = await player()
    await fundPlayer(t.database.db, client.id, 'EUR', 1_000_00n)
    const payoutAt = async (spreadBp: number) => {
      await setSetting('conversionSpreadBp', spreadBp)
      const response = await withdraw(client, {
        method_id: 'crypto_btc',
        amount: '25000',
        fields: { address: BTC_ADDRESS },
      })
      expect(response.statusCode, response.body).toBe(200)
      const id = response.json<{ data: { transaction_id: string } }>().data.transaction_id
      const [row] = await t.database.db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.id, id))
      return row
    }
    try {
      // 250 EUR at 0.000011 BTC per EUR is 0.00275 BTC at the mid rate.
      expect(await payoutAt(0)).toMatchObject({ amountMinor: 275000n, rate: '90909.090909090909' })
      // 2.5 %: 0.00268125 BTC, and the rate paid per BTC recorded.
      expect(await payoutAt(250)).toMatchObject({ amountMinor: 268125n, rate: '93240.09324009324' })
    } finally {
      await setSetting('conversionSpreadBp', 100)
    }
    expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
  })
})

describe('deposited money is wagered once before it leaves another way', () => {
  it('refuses another method with the amount to wager, allows the way back, then anywhere', async () => {
    const client = await player()
    expect((await cardDeposit(client, '10000')).statusCode).toBe(200)
    expect(await info(client)).toMatchObject({ availableToWithdraw: '0', wagerRemaining: '10000' })
    const listed = await withdrawalMethods(client)
    expect(listed.find((method) => method.id === 'card')?.availableToWithdraw).toBe('10000')
    expect(listed.find((method) => method.id === 'bank_transfer')?.availableToWithdraw).toBe('0')

    // Another method: refused, naming what is still to wager; nothing moves.
    const refused = await toBank(client, '5000')
    expect(refused.statusCode, refused.body).toBe(409)
    expect(refused.json()).toMatchObject({ errors: { code: 'withdrawals.wagering_required' } })
    expect(refused.json<{ message: string }>().message).toBe(
      'Deposited money has to be wagered once before it can be withdrawn by another method or in another currency. Wager 100.00 EUR more, or withdraw up to 0.00 EUR with this method now.',
    )
    // Another currency (a crypto payout) is another way too.
    const coin = await withdraw(client, {
      method_id: 'crypto_btc',
      amount: '5000',
      fields: { address: BTC_ADDRESS },
    })
    expect(coin.json()).toMatchObject({ errors: { code: 'withdrawals.wagering_required' } })
    expect(await cash(client.id)).toBe(100_00n)

    // Back to the card it came from: allowed, and that money owes no more wagering.
    expect((await toCard(client, '3000')).statusCode).toBe(200)
    expect(await info(client)).toMatchObject({ availableToWithdraw: '0', wagerRemaining: '7000' })

    // Wager the rest (Dice, 10 EUR a bet) while there is money to wager with.
    let staked = 0n
    while (staked < 70_00n && (await cash(client.id)) >= 10_00n) {
      const bet = await diceBet(client, '1000')
      expect(bet.statusCode, bet.body).toBe(200)
      staked += 10_00n
    }
    const left = await cash(client.id)
    if (staked < 70_00n) {
      // Lost it all first: nothing left to withdraw, and what is left to wager is the rest.
      expect(await info(client)).toMatchObject({ wagerRemaining: String(70_00n - staked) })
      return
    }
    expect(await info(client)).toMatchObject({
      availableToWithdraw: left.toString(),
      wagerRemaining: '0',
    })
    // The bank pays out 20.00 EUR at least (the seeded method): Dice may leave less, so free
    // money (owing no wagering) tops the rest up to a payable amount.
    if (left < 20_00n) await fundPlayer(t.database.db, client.id, 'EUR', 20_00n - left)
    const anywhere = await toBank(client, (await cash(client.id)).toString())
    expect(anywhere.statusCode, anywhere.body).toBe(200)
    expect(await cash(client.id)).toBe(0n)
    expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
  })

  it('counts only stakes after the deposit, and frees winnings beyond the deposit', async () => {
    const client = await player()
    await fundPlayer(t.database.db, client.id, 'EUR', 50_00n)
    // Wagered before the deposit: does not count for it.
    expect((await diceBet(client, '1000')).statusCode).toBe(200)
    const before = await cash(client.id)
    expect((await cardDeposit(client, '2000')).statusCode).toBe(200)
    expect(await info(client)).toMatchObject({
      availableToWithdraw: (before + 20_00n - 20_00n).toString(),
      wagerRemaining: '2000',
    })
    // Money that was there before the deposit leaves by any method.
    if (before >= 20_00n) expect((await toBank(client, '2000')).statusCode).toBe(200)
  })

  it('does not apply with a multiplier of 0 (operator setting)', async () => {
    await setSetting('depositWagerMultiplier', 0)
    try {
      const client = await player()
      expect((await cardDeposit(client, '5000')).statusCode).toBe(200)
      expect((await toBank(client, '5000')).statusCode).toBe(200)
    } finally {
      await setSetting('depositWagerMultiplier', 1)
    }
  })

  it('lets one of many concurrent withdrawals take the free money, never the unwagered deposit', async () => {
    const client = await player()
    // 100 EUR free (no deposit behind it) and 100 EUR deposited by card, not yet wagered.
    await fundPlayer(t.database.db, client.id, 'EUR', 100_00n)
    expect((await cardDeposit(client, '10000')).statusCode).toBe(200)
    const responses = await Promise.all(Array.from({ length: 10 }, () => toBank(client, '10000')))
    const codes = responses.map((response) => response.statusCode).sort()
    expect(codes.filter((code) => code === 200)).toHaveLength(1)
    for (const response of responses.filter((each) => each.statusCode !== 200)) {
      expect(response.json()).toMatchObject({ errors: { code: 'withdrawals.wagering_required' } })
    }
    expect(await cash(client.id)).toBe(100_00n)
    const [row] = await t.database.db
      .select()
      .from(depositWagering)
      .where(eq(depositWagering.playerId, client.id))
    expect(row?.outstandingMinor).toBe(100_00n)
    expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
  })
})
