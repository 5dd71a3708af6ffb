import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import {
  completeProfile,
  createOperator,
  createPlayer,
  FACTORY_PASSWORD,
  signIn,
  signInOperator,
  testSecretBox,
} from '#tests/factories/players.ts'
import { cardToken } from '#tests/helpers/sandbox-card.ts'
import { newTotpSecret, totpCodeAt } from '#server/modules/auth/index.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { accountBalance, checkBooks } from '#server/modules/ledger/index.ts'
import { insertDocument } from '#server/modules/documents/index.ts'
import { playerDocuments } from '#server/modules/documents/documents.tables.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { paymentTransactions, savedPaymentProfiles } from './payments.tables.ts'

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

/** A signed-in player holding `cashMinor` euro cents of real money. */
async function fundedPlayer(cashMinor = 100_00n): Promise<Client> {
  const player = await createPlayer(t.database.db)
  if (cashMinor > 0n) await fundPlayer(t.database.db, player.id, 'EUR', cashMinor)
  return { id: player.id, headers: (await signIn(t.app, player)).headers }
}

/**
 * A signed-in player who deposited 100.00 EUR with the sandbox Visa through the PSP's hosted
 * fields: the card is a saved card with the PSP's token.
 */
async function cardPlayer(): Promise<Client> {
  const player = await createPlayer(t.database.db)
  await completeProfile(t.database.db, player.id)
  const client = { id: player.id, headers: (await signIn(t.app, player)).headers }
  const response = await t.app.inject({
    method: 'POST',
    url: '/payment/deposit',
    headers: client.headers,
    payload: {
      method_id: 'card',
      currency: 'EUR',
      amount: '10000',
      fields: { card_token: await cardToken(t.app) },
      idempotency_key: randomUUID(),
    },
  })
  expect(response.json()).toMatchObject({ data: { status: 'completed' } })
  return client
}

const profilesOf = (playerId: string) =>
  t.database.db
    .select()
    .from(savedPaymentProfiles)
    .where(eq(savedPaymentProfiles.playerId, playerId))

const withdraw = (client: Pick<Client, 'headers'>, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/payment/withdraw',
    headers: client.headers,
    payload: {
      method_id: 'bank_transfer',
      currency: 'EUR',
      amount: '5000',
      fields: { iban: IBAN, holder: 'Robin Tester' },
      idempotency_key: randomUUID(),
      // A destination new to the player is confirmed with the password (tested below).
      password: FACTORY_PASSWORD,
      ...body,
    },
  })

const cancel = (client: Pick<Client, 'headers'>, id: string) =>
  t.app.inject({
    method: 'GET',
    url: `/player/cancel-pending-transaction/${id}`,
    headers: client.headers,
  })

const balances = async (playerId: string, currency: 'EUR' | 'BTC' = 'EUR') => ({
  cash: await accountBalance(t.database.db, { playerId, kind: 'cash', currency }),
  held: await accountBalance(t.database.db, { playerId, kind: 'held', currency }),
})

const rowOf = async (id: string) => {
  const [row] = await t.database.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, id))
  return row
}

const expectError = (
  response: Awaited<ReturnType<typeof withdraw>>,
  status: number,
  code: string,
) => {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json()).toMatchObject({ success: false, errors: { code } })
}

const expectBalancedBooks = async () => {
  expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
}

describe('POST /payment/withdraw', () => {
  it('moves the amount from cash to held and records a pending withdrawal', async () => {
    const player = await fundedPlayer(100_00n)
    const response = await withdraw(player, { amount: '3000' })
    expect(response.statusCode, response.body).toBe(200)
    const { data } = response.json<{ data: { transaction_id: string; status: string } }>()
    expect(data.status).toBe('pending')
    expect(await balances(player.id)).toEqual({ cash: 70_00n, held: 30_00n })
    const row = await rowOf(data.transaction_id)
    expect(row).toMatchObject({
      playerId: player.id,
      direction: 'withdrawal',
      methodId: 'bank_transfer',
      currency: 'EUR',
      amountMinor: 30_00n,
      walletCurrency: 'EUR',
      walletAmountMinor: 30_00n,
      rate: '1',
      details: { iban: IBAN, holder: 'Robin Tester' },
    })
    const wallet = await t.app.inject({
      method: 'GET',
      url: '/player/wallet',
      headers: player.headers,
    })
    expect(wallet.json()).toMatchObject({
      data: [{ currency_id: 'EUR', cents: '7000', held_cents: '3000' }],
    })
    await expectBalancedBooks()
  })

  it('answers a repeated key with the first withdrawal and moves nothing', async () => {
    const player = await fundedPlayer(100_00n)
    const key = randomUUID()
    const first = await withdraw(player, { amount: '2500', idempotency_key: key })
    const second = await withdraw(player, { amount: '2500', idempotency_key: key })
    expect(second.statusCode).toBe(200)
    expect(second.json()).toEqual(first.json())
    expect(await balances(player.id)).toEqual({ cash: 75_00n, held: 25_00n })
    expectError(
      await withdraw(player, { amount: '2600', idempotency_key: key }),
      409,
      'withdrawals.idempotency_conflict',
    )
    await expectBalancedBooks()
  })

  it('refuses more than the cash balance with the available amount, moving nothing', async () => {
    const player = await fundedPlayer(40_00n)
    const response = await withdraw(player, { amount: '4001' })
    expectError(response, 409, 'withdrawals.insufficient_funds')
    expect(response.json<{ message: string }>().message).toContain('40.00')
    expect(await balances(player.id)).toEqual({ cash: 40_00n, held: 0n })
    const rows = await t.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.playerId, player.id))
    expect(rows).toEqual([])
  })

  it('refuses amounts outside the method’s limits', async () => {
    const player = await fundedPlayer(30_000_00n)
    expectError(await withdraw(player, { amount: '1999' }), 400, 'withdrawals.amount_below_min')
    expectError(await withdraw(player, { amount: '0' }), 400, 'withdrawals.amount_below_min')
    expectError(await withdraw(player, { amount: '2000001' }), 400, 'withdrawals.amount_above_max')
    expectError(await withdraw(player, { amount: '-100' }), 400, 'request.invalid')
    expectError(await withdraw(player, { amount: '10.50' }), 400, 'request.invalid')
    expect(await balances(player.id)).toEqual({ cash: 30_000_00n, held: 0n })
  })

  it('refuses an unknown method, an unknown currency and a method not offered for it', async () => {
    const player = await fundedPlayer()
    expectError(
      await withdraw(player, { method_id: 'paypal' }),
      400,
      'withdrawals.method_unavailable',
    )
    expectError(await withdraw(player, { currency: 'XYZ' }), 400, 'request.invalid')
    // Cards pay out fiat only: there is no card limit for a BTC wallet.
    expectError(
      await withdraw(player, {
        method_id: 'card',
        currency: 'BTC',
        amount: '100000',
        fields: { saved_profile_id: randomUUID() },
      }),
      400,
      'withdrawals.method_unavailable',
    )
    expect(await balances(player.id)).toEqual({ cash: 100_00n, held: 0n })
  })

  it('refuses a bank method in a country it does not serve', async () => {
    const account = await createPlayer(t.database.db, { country: 'CA' })
    await fundPlayer(t.database.db, account.id, 'EUR', 100_00n)
    const client = { headers: (await signIn(t.app, account)).headers }
    expectError(await withdraw(client), 400, 'withdrawals.method_unavailable')
  })

  it('checks the IBAN and the holder', async () => {
    const player = await fundedPlayer()
    expectError(
      await withdraw(player, { fields: { iban: 'DE89370400440532013001', holder: 'R' } }),
      400,
      'withdrawals.iban_invalid',
    )
    const missing = await withdraw(player, { fields: { iban: IBAN } })
    expectError(missing, 400, 'withdrawals.field_invalid')
    expect(await balances(player.id)).toEqual({ cash: 100_00n, held: 0n })
  })

  it('pays out to a card the player deposited with, by its token; asks for no security code', async () => {
    const player = await cardPlayer()
    const other = await cardPlayer()
    const [own] = await profilesOf(player.id)
    const [others] = await profilesOf(other.id)
    expect(own?.providerToken).toMatch(/^pm_/)
    // A card the player never paid with: another player's saved card, an unknown id.
    for (const profileId of [others?.id, randomUUID()]) {
      expectError(
        await withdraw(player, { method_id: 'card', fields: { saved_profile_id: profileId } }),
        400,
        'withdrawals.card_unknown',
      )
    }
    // A fresh token of the PSP's hosted fields is not a card the player deposited with.
    expectError(
      await withdraw(player, { method_id: 'card', fields: { card_token: await cardToken(t.app) } }),
      400,
      'withdrawals.field_invalid',
    )
    // No card number and no security code, ever.
    for (const fields of [
      { saved_profile_id: own?.id ?? '', cvc: '123' },
      { card_number: '4242 4242 4242 4242' },
    ]) {
      expectError(
        await withdraw(player, { method_id: 'card', fields }),
        400,
        'payments.card_data_refused',
      )
    }
    expect(await balances(player.id)).toEqual({ cash: 100_00n, held: 0n })

    // The card paid already: no password asked, as for a destination used before.
    const paid = await withdraw(player, {
      method_id: 'card',
      amount: '3000',
      fields: { saved_profile_id: own?.id ?? '' },
      password: undefined,
    })
    expect(paid.statusCode, paid.body).toBe(200)
    const id = paid.json<{ data: { transaction_id: string } }>().data.transaction_id
    expect((await rowOf(id))?.details).toMatchObject({
      card_last4: '4242',
      card_label: 'Visa •••• 4242',
      saved_profile_id: own?.id,
      card_token: own?.providerToken,
    })
    // The operator's approval pays out through the PSP, to the card's token.
    const finance = await signInOperator(t.app, await createOperator(t.database.db, ['finance']))
    const approved = await t.app.inject({
      method: 'POST',
      url: `/admin/api/withdrawals/${id}/approve`,
      headers: finance.headers,
    })
    expect(approved.statusCode, approved.body).toBe(200)
    const row = await rowOf(id)
    expect(row?.status).toBe('completed')
    expect(row?.providerReference).toMatch(/^po_/)
  })

  it('pays crypto out in its coin, less the spread, toward zero at a recorded rate', async () => {
    const player = await fundedPlayer(1_000_00n)
    // 250.01 EUR at 0.000011 BTC per EUR is 0.0027501100 BTC; less the 1 % spread 0.0027226089,
    // toward zero 0.00272260 BTC.
    const response = await withdraw(player, {
      method_id: 'crypto_btc',
      amount: '25001',
      fields: { address: BTC_ADDRESS },
    })
    expect(response.statusCode, response.body).toBe(200)
    const row = await rowOf(
      response.json<{ data: { transaction_id: string } }>().data.transaction_id,
    )
    expect(row).toMatchObject({
      currency: 'BTC',
      amountMinor: 272260n,
      walletCurrency: 'EUR',
      walletAmountMinor: 250_01n,
      details: { address: BTC_ADDRESS },
    })
    // EUR paid per BTC received, spread included: 90 909.09 / 0.99.
    expect(row?.rate).toMatch(/^91827\.3645/)
    expect(await balances(player.id)).toEqual({ cash: 749_99n, held: 250_01n })
    expectError(
      await withdraw(player, { method_id: 'crypto_btc', amount: '5000', fields: { address: 'x' } }),
      400,
      'withdrawals.field_invalid',
    )
    await expectBalancedBooks()
  })

  it('takes a crypto amount named in the coin from the current wallet', async () => {
    const player = await fundedPlayer(1_000_00n)
    const key = randomUUID()
    // What the cashier sends for a withdrawal method whose `currency` is the coin.
    const body = {
      method_id: 'crypto_btc',
      currency: 'BTC',
      amount: '275000',
      fields: { address: BTC_ADDRESS },
      idempotency_key: key,
    }
    const response = await withdraw(player, body)
    expect(response.statusCode, response.body).toBe(200)
    const row = await rowOf(
      response.json<{ data: { transaction_id: string } }>().data.transaction_id,
    )
    // The wallet pays what buys at least the coin amount after the spread: 250.00 / 0.99, up to
    // the cent; the payout is then at least what was asked.
    expect(row).toMatchObject({
      currency: 'BTC',
      amountMinor: 275005n,
      walletCurrency: 'EUR',
      walletAmountMinor: 252_53n,
    })
    expect(await balances(player.id)).toEqual({ cash: 747_47n, held: 252_53n })
    const again = await withdraw(player, body)
    expect(again.json()).toEqual(response.json())
    expectError(
      await withdraw(player, { ...body, amount: '275001' }),
      409,
      'withdrawals.idempotency_conflict',
    )
    expectError(
      await withdraw(player, { ...body, amount: '100', idempotency_key: randomUUID() }),
      400,
      'withdrawals.amount_below_min',
    )
    expect(await balances(player.id)).toEqual({ cash: 747_47n, held: 252_53n })
    await expectBalancedBooks()
  })

  it('asks for approved KYC and a verified e-mail above the threshold', async () => {
    const player = await fundedPlayer(5_000_00n)
    // 2000 EUR exactly is not above the threshold.
    const atThreshold = await withdraw(player, { amount: '200000' })
    expect(atThreshold.statusCode, atThreshold.body).toBe(200)
    expectError(await withdraw(player, { amount: '200001' }), 403, 'withdrawals.kyc_required')
    const document = await insertDocument(t.database.db, {
      playerId: player.id,
      type: 'passport',
      fileName: 'passport.png',
      mimeType: 'image/png',
      sizeBytes: 8,
      storageKey: `${player.id}/missing`,
    })
    // A document still waiting for review is not enough.
    expectError(await withdraw(player, { amount: '250000' }), 403, 'withdrawals.kyc_required')
    await t.database.db
      .update(playerDocuments)
      .set({ status: 'approved' })
      .where(eq(playerDocuments.id, document.id))
    expectError(await withdraw(player, { amount: '250000' }), 403, 'withdrawals.email_unverified')
    await t.database.db
      .update(players)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(players.id, player.id))
    const allowed = await withdraw(player, { amount: '250000' })
    expect(allowed.statusCode, allowed.body).toBe(200)
    expect(await balances(player.id)).toEqual({ cash: 50_000n, held: 4_500_00n })
    await expectBalancedBooks()
  })

  it('compares other currencies with the threshold in euros', async () => {
    const account = await createPlayer(t.database.db, { currency: 'NOK', country: 'NO' })
    await fundPlayer(t.database.db, account.id, 'NOK', 30_000_00n)
    const client = { headers: (await signIn(t.app, account)).headers }
    // 23,000 NOK at 11.6 per euro is about 1983 EUR: below; 23,300 NOK is about 2009 EUR.
    const below = await withdraw(client, { currency: 'NOK', amount: '2300000' })
    expect(below.statusCode, below.body).toBe(200)
    expectError(
      await withdraw(client, { currency: 'NOK', amount: '2330000' }),
      403,
      'withdrawals.kyc_required',
    )
  })

  it('counts pending and paid withdrawals of the last 30 days towards the KYC threshold', async () => {
    const player = await fundedPlayer(5_000_00n)
    const first = await withdraw(player, { amount: '150000' })
    expect(first.statusCode, first.body).toBe(200)
    // 1500 + 600 EUR within 30 days is above the 2000 EUR threshold, although each is below.
    expectError(await withdraw(player, { amount: '60000' }), 403, 'withdrawals.kyc_required')
    expect((await withdraw(player, { amount: '50000' })).statusCode).toBe(200)
    // A cancelled withdrawal no longer counts.
    const firstId = first.json<{ data: { transaction_id: string } }>().data.transaction_id
    expect((await cancel(player, firstId)).statusCode).toBe(200)
    expect((await withdraw(player, { amount: '60000' })).statusCode).toBe(200)
    // Nor does one older than 30 days (paid or not).
    expectError(await withdraw(player, { amount: '100000' }), 403, 'withdrawals.kyc_required')
    await t.database.db
      .update(paymentTransactions)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(paymentTransactions.playerId, player.id))
    expect((await withdraw(player, { amount: '100000' })).statusCode).toBe(200)
    await expectBalancedBooks()
  })

  it('catches concurrent withdrawals that pass the KYC threshold only together', async () => {
    const player = await fundedPlayer(5_000_00n)
    // Five of 900 EUR at once: two fit under 2000 EUR, the third would pass it.
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => withdraw(player, { amount: '90000' })),
    )
    const statuses = responses.map((response) => response.statusCode).sort()
    expect(statuses).toEqual([200, 200, 403, 403, 403])
    for (const response of responses.filter((entry) => entry.statusCode !== 200)) {
      expectError(response, 403, 'withdrawals.kyc_required')
    }
    expect(await balances(player.id)).toEqual({ cash: 3_200_00n, held: 1_800_00n })
    await expectBalancedBooks()
  })

  it('asks for the password before paying out to a destination the player has not used', async () => {
    const player = await fundedPlayer(500_00n)
    const fresh = { iban: 'FI2112345600000785', holder: 'Robin Tester' }
    expectError(
      await withdraw(player, { fields: fresh, password: undefined }),
      403,
      'withdrawals.password_required',
    )
    expectError(
      await withdraw(player, { fields: fresh, password: 'not-the-password' }),
      400,
      'withdrawals.password_invalid',
    )
    expect(await balances(player.id)).toEqual({ cash: 500_00n, held: 0n })
    const confirmed = await withdraw(player, { fields: fresh })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    // Used for a pending withdrawal now: no password needed again (spaces and case aside).
    const again = await withdraw(player, {
      fields: { iban: 'fi21 1234 5600 0007 85', holder: 'Robin Tester' },
      password: undefined,
    })
    expect(again.statusCode, again.body).toBe(200)
    // Another IBAN, and a crypto address, are new again.
    expectError(
      await withdraw(player, { password: undefined }),
      403,
      'withdrawals.password_required',
    )
    expectError(
      await withdraw(player, {
        method_id: 'crypto_btc',
        currency: 'BTC',
        amount: '50000',
        fields: { address: BTC_ADDRESS },
        password: undefined,
      }),
      403,
      'withdrawals.password_required',
    )
    // A cancelled withdrawal does not make its destination known.
    const other = await fundedPlayer(500_00n)
    const cancelled = await withdraw(other, { fields: fresh })
    const id = cancelled.json<{ data: { transaction_id: string } }>().data.transaction_id
    expect((await cancel(other, id)).statusCode).toBe(200)
    expectError(
      await withdraw(other, { fields: fresh, password: undefined }),
      403,
      'withdrawals.password_required',
    )
  })

  it('asks for a 2FA code instead when 2FA is on; a code works once', async () => {
    const account = await createPlayer(t.database.db)
    await fundPlayer(t.database.db, account.id, 'EUR', 500_00n)
    const player = { id: account.id, headers: (await signIn(t.app, account)).headers }
    const secret = newTotpSecret()
    await t.database.db
      .update(players)
      .set({ totpSecretSealed: testSecretBox.seal(secret), totpEnabledAt: new Date() })
      .where(eq(players.id, account.id))
    // The password is not enough when there is a second factor.
    expectError(await withdraw(player), 403, 'withdrawals.two_factor_required')
    expectError(
      await withdraw(player, { two_factor_code: '000000' }),
      400,
      'withdrawals.two_factor_invalid',
    )
    const code = totpCodeAt(secret, Date.now())
    const confirmed = await withdraw(player, { two_factor_code: code })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expectError(
      await withdraw(player, {
        fields: { iban: 'FI2112345600000785', holder: 'R' },
        two_factor_code: code,
      }),
      400,
      'withdrawals.two_factor_invalid',
    )
  })

  it('limits wrong passwords for new destinations', async () => {
    const player = await fundedPlayer(500_00n)
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expectError(
        await withdraw(player, { password: 'wrong-password' }),
        400,
        'withdrawals.password_invalid',
      )
    }
    // Even the right password now waits for the window to pass.
    expectError(await withdraw(player), 429, 'request.rate_limited')
    expect(await balances(player.id)).toEqual({ cash: 500_00n, held: 0n })
  })

  it('needs a signed-in player and the CSRF token', async () => {
    const signedOut = await t.app.inject({
      method: 'GET',
      url: '/csrf/get-new',
      headers: API_HEADERS,
    })
    const cookie = signedOut.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
    const token = signedOut.json<{ '_csrf-frontend': string }>()['_csrf-frontend']
    expectError(
      await withdraw({ headers: { ...API_HEADERS, cookie, 'x-csrf-token': token } }),
      401,
      'auth.sign_in_required',
    )
    const player = await fundedPlayer()
    const { 'x-csrf-token': _token, ...withoutToken } = player.headers
    expectError(await withdraw({ headers: withoutToken }), 403, 'csrf.invalid')
    expect(await balances(player.id)).toEqual({ cash: 100_00n, held: 0n })
  })

  it('keeps 50 concurrent withdrawals on one wallet exact and never negative', async () => {
    const player = await fundedPlayer(520_00n)
    // The first withdrawal makes the IBAN a known destination, so the 50 that follow race for the
    // balance alone (not 50 password hashes at once, which only time the machine's CPU).
    expect((await withdraw(player, { amount: '2000' })).statusCode).toBe(200)
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => withdraw(player, { amount: '2000', password: undefined })),
    )
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 200)).toHaveLength(25)
    for (const response of responses.filter((entry) => entry.statusCode !== 200)) {
      expectError(response, 409, 'withdrawals.insufficient_funds')
    }
    expect(await balances(player.id)).toEqual({ cash: 0n, held: 520_00n })
    const rows = await t.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.playerId, player.id))
    expect(rows).toHaveLength(26)
    await expectBalancedBooks()
  })

  it('makes one withdrawal of 10 concurrent requests with one key', async () => {
    const player = await fundedPlayer(100_00n)
    const key = randomUUID()
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => withdraw(player, { amount: '2000', idempotency_key: key })),
    )
    const ids = new Set(
      responses.map((response) => {
        expect(response.statusCode, response.body).toBe(200)
        return response.json<{ data: { transaction_id: string } }>().data.transaction_id
      }),
    )
    expect(ids.size).toBe(1)
    expect(await balances(player.id)).toEqual({ cash: 80_00n, held: 20_00n })
  })
})

describe('GET /player/cancel-pending-transaction/:id', () => {
  const pendingWithdrawal = async (player: Client, amount = '3000') => {
    const response = await withdraw(player, { amount })
    return response.json<{ data: { transaction_id: string } }>().data.transaction_id
  }

  it('returns the held money to cash and answers the cancelled transaction', async () => {
    const player = await fundedPlayer(100_00n)
    const id = await pendingWithdrawal(player)
    const response = await cancel(player, id)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      success: true,
      data: {
        id,
        type: 'withdrawal',
        status: 'cancelled',
        method_id: 'bank_transfer',
        amount: '3000',
        wallet_amount: '3000',
        can_cancel: false,
        details: { iban: IBAN, holder: 'Robin Tester' },
      },
    })
    // Internal markers (how the amount was asked for) stay on the server.
    expect(Object.keys(response.json<{ data: { details: object } }>().data.details)).toEqual([
      'iban',
      'holder',
    ])
    expect(await balances(player.id)).toEqual({ cash: 100_00n, held: 0n })
    await expectBalancedBooks()
  })

  it('refuses a finished withdrawal with 409 and moves nothing', async () => {
    const player = await fundedPlayer(100_00n)
    const id = await pendingWithdrawal(player)
    expect((await cancel(player, id)).statusCode).toBe(200)
    expectError(await cancel(player, id), 409, 'withdrawals.not_pending')
    expect(await balances(player.id)).toEqual({ cash: 100_00n, held: 0n })
  })

  it("answers 404 for another player's withdrawal and an unknown id", async () => {
    const owner = await fundedPlayer(100_00n)
    const other = await fundedPlayer(100_00n)
    const id = await pendingWithdrawal(owner)
    expectError(await cancel(other, id), 404, 'withdrawals.not_found')
    expectError(await cancel(other, randomUUID()), 404, 'withdrawals.not_found')
    expectError(await cancel(other, 'not-a-uuid'), 400, 'request.invalid')
    expect(await balances(owner.id)).toEqual({ cash: 70_00n, held: 30_00n })
    expect((await rowOf(id))?.status).toBe('pending')
  })

  it('needs the CSRF token although it is a GET, and a signed-in player', async () => {
    const player = await fundedPlayer(100_00n)
    const id = await pendingWithdrawal(player)
    const { 'x-csrf-token': _token, ...withoutToken } = player.headers
    expectError(await cancel({ headers: withoutToken }, id), 403, 'csrf.invalid')
    expectError(await cancel({ headers: { ...API_HEADERS } }, id), 403, 'csrf.invalid')
    expect((await rowOf(id))?.status).toBe('pending')
  })

  it('answers 401 to a visitor with a CSRF token but no player session', async () => {
    const visitor = await t.app.inject({
      method: 'GET',
      url: '/csrf/get-new',
      headers: API_HEADERS,
    })
    const cookie = visitor.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
    const token = visitor.json<{ '_csrf-frontend': string }>()['_csrf-frontend']
    expectError(
      await cancel({ headers: { ...API_HEADERS, cookie, 'x-csrf-token': token } }, randomUUID()),
      401,
      'auth.sign_in_required',
    )
  })
})
