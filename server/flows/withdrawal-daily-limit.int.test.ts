import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { checkBooks } from '#server/modules/ledger/index.ts'
import { playerLoyalty } from '#server/modules/engagement/engagement.tables.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createPlayer, FACTORY_PASSWORD, signIn } from '#tests/factories/players.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'

let t: TestApp
beforeAll(async () => {
  // The KYC threshold out of the way: these withdrawals are about the daily limit.
  t = await buildTestApp({ env: { WITHDRAWAL_KYC_THRESHOLD_EUR: '1000000' } })
})

const IBAN = 'DE89370400440532013000'

/** A signed-in player with 40 000.00 of cash in `currency`, and `points` loyalty points. */
async function player(options: { points?: number; currency?: 'EUR' | 'PLN' } = {}) {
  const currency = options.currency ?? 'EUR'
  const created = await createPlayer(t.database.db, { currency })
  await fundPlayer(t.database.db, created.id, currency, 40_000_00n)
  if (options.points) {
    await t.database.db
      .insert(playerLoyalty)
      .values({ playerId: created.id, pointsMinor: BigInt(options.points) * 100n })
  }
  return { id: created.id, headers: (await signIn(t.app, created)).headers, currency }
}

const withdraw = (client: { headers: Record<string, string>; currency: string }, amount: string) =>
  t.app.inject({
    method: 'POST',
    url: '/payment/withdraw',
    headers: client.headers,
    payload: {
      method_id: 'bank_transfer',
      currency: client.currency,
      amount,
      fields: { iban: IBAN, holder: 'Robin Tester' },
      idempotency_key: randomUUID(),
      password: FACTORY_PASSWORD,
    },
  })

const cancel = (client: { headers: Record<string, string> }, id: string) =>
  t.app.inject({
    method: 'GET',
    url: `/player/cancel-pending-transaction/${id}`,
    headers: client.headers,
  })

describe('the daily withdrawal limit', () => {
  it('holds a player below the first VIP tier to 5 000.00 EUR over 24 hours', async () => {
    const client = await player()
    const first = await withdraw(client, '300000')
    expect(first.statusCode, first.body).toBe(200)
    const over = await withdraw(client, '250000')
    expect(over.statusCode, over.body).toBe(409)
    expect(over.json()).toMatchObject({
      success: false,
      errors: { code: 'withdrawals.daily_limit' },
    })
    expect(over.json<{ message: string }>().message).toContain('5000.00')
    expect(over.json<{ message: string }>().message).toContain('2000.00')
    // Up to the limit exactly is allowed.
    expect((await withdraw(client, '200000')).statusCode).toBe(200)
    expect((await withdraw(client, '2000')).statusCode).toBe(409)
  })

  it('frees the limit again when a withdrawal is cancelled', async () => {
    const client = await player()
    const first = await withdraw(client, '500000')
    expect(first.statusCode, first.body).toBe(200)
    expect((await withdraw(client, '2000')).statusCode).toBe(409)
    const id = first.json<{ data: { transaction_id: string } }>().data.transaction_id
    expect((await cancel(client, id)).statusCode).toBe(200)
    expect((await withdraw(client, '2000')).statusCode).toBe(200)
  })

  it('gives a VIP tier its own limit (tier 1: 10 000.00 EUR)', async () => {
    // 600 points: level 3, the first tier's level.
    const client = await player({ points: 600 })
    expect((await withdraw(client, '800000')).statusCode).toBe(200)
    expect((await withdraw(client, '200000')).statusCode).toBe(200)
    const over = await withdraw(client, '2000')
    expect(over.statusCode).toBe(409)
    expect(over.json()).toMatchObject({ errors: { code: 'withdrawals.daily_limit' } })
  })

  it('says the limit in the player’s currency', async () => {
    const client = await player({ currency: 'PLN' })
    const over = await withdraw(client, '3000000')
    // 30 000 PLN is above 5 000 EUR at any rate near today's; the message names PLN.
    expect(over.statusCode, over.body).toBe(409)
    expect(over.json<{ message: string }>().message).toContain('21500.00 PLN')
  })

  it('lets no two requests at once pass the limit together', async () => {
    const client = await player()
    const answers = await Promise.all(Array.from({ length: 4 }, () => withdraw(client, '200000')))
    const statuses = answers.map((answer) => answer.statusCode).sort()
    // 2 × 2 000.00 fit in 5 000.00, a third does not.
    expect(statuses).toEqual([200, 200, 409, 409])
    expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
  })
})
