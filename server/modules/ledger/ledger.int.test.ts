import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import type { CurrencyCode } from '#common/money.ts'
import { createTestDatabase } from '#tests/helpers/test-database.ts'
import { createPlayer } from '#tests/factories/players.ts'
import {
  accountBalance,
  checkBooks,
  inLedgerTransaction,
  playerBalances,
  postTransfer,
  postTransfers,
  resolveAccount,
  type AccountRef,
  type TransferCode,
} from './ledger.ts'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

const cash = (playerId: string, currency: CurrencyCode = 'EUR'): AccountRef => ({
  playerId,
  kind: 'cash',
  currency,
})
const held = (playerId: string, currency: CurrencyCode = 'EUR'): AccountRef => ({
  playerId,
  kind: 'held',
  currency,
})
const clearing = (playerId: string, currency: CurrencyCode = 'EUR'): AccountRef => ({
  system: 'payment_clearing',
  currency,
  shardKey: playerId,
})
const settlement = (playerId: string, currency: CurrencyCode = 'EUR'): AccountRef => ({
  system: 'game_settlement',
  currency,
  shardKey: playerId,
})

const post = (
  debit: AccountRef,
  credit: AccountRef,
  amountMinor: bigint,
  code: TransferCode = 'deposit',
  idempotencyKey = randomUUID(),
) =>
  inLedgerTransaction(database.db, (tx) =>
    postTransfer(tx, { idempotencyKey, code, debit, credit, amountMinor }),
  )

describe('postTransfer', () => {
  it('moves money between two accounts and opens them on first use', async () => {
    const player = await createPlayer(database.db)
    const result = await post(clearing(player.id), cash(player.id), 1500n)
    expect(result.status).toBe('posted')
    expect(result.status === 'posted' && result.balances).toEqual([
      { playerId: player.id, currency: 'EUR', kind: 'cash', balanceMinor: 1500n },
    ])
    expect(
      await accountBalance(database.db, { playerId: player.id, kind: 'cash', currency: 'EUR' }),
    ).toBe(1500n)
  })

  it('moves money between two house accounts, answering no player balances', async () => {
    const player = await createPlayer(database.db)
    const result = await post(clearing(player.id), settlement(player.id), 900n, 'adjustment')
    expect(result.status === 'posted' && result.balances).toEqual([])
    expect((await checkBooks(database.db)).isBalanced).toBe(true)
  })

  it('moves nothing for a repeated idempotency key and answers the first transfer', async () => {
    const player = await createPlayer(database.db)
    const key = randomUUID()
    const first = await post(clearing(player.id), cash(player.id), 700n, 'deposit', key)
    const second = await post(clearing(player.id), cash(player.id), 700n, 'deposit', key)
    expect(second.status).toBe('exists')
    expect(second.status === 'exists' && first.status === 'posted' && second.transfer.id).toBe(
      first.status === 'posted' && first.transfer.id,
    )
    expect(
      await accountBalance(database.db, { playerId: player.id, kind: 'cash', currency: 'EUR' }),
    ).toBe(700n)
  })

  it('never takes a player account below zero', async () => {
    const player = await createPlayer(database.db)
    await post(clearing(player.id), cash(player.id), 100n)
    const result = await post(cash(player.id), settlement(player.id), 101n, 'bet')
    expect(result).toEqual({ status: 'exceeds_balance', availableMinor: 100n })
    expect(
      await accountBalance(database.db, { playerId: player.id, kind: 'cash', currency: 'EUR' }),
    ).toBe(100n)
  })

  it('refuses amounts that are not positive and mixed currencies', async () => {
    const player = await createPlayer(database.db)
    await expect(post(clearing(player.id), cash(player.id), 0n)).rejects.toThrow(/positive/)
    await expect(post(clearing(player.id), cash(player.id, 'USD'), 1n)).rejects.toThrow(
      /one currency/,
    )
  })

  it('lists the player’s balances per currency and kind', async () => {
    const player = await createPlayer(database.db)
    await post(clearing(player.id), cash(player.id), 1000n)
    await post(cash(player.id), held(player.id), 400n, 'withdrawal_hold')
    const balances = await playerBalances(database.db, player.id)
    expect(balances).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ currency: 'EUR', kind: 'cash', balanceMinor: 600n }),
        expect.objectContaining({ currency: 'EUR', kind: 'held', balanceMinor: 400n }),
      ]),
    )
  })

  it('keeps 50 concurrent bets on one wallet exact and never negative', async () => {
    const player = await createPlayer(database.db)
    await post(clearing(player.id), cash(player.id), 3000n)
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post(cash(player.id), settlement(player.id), 100n, 'bet')),
    )
    expect(results.filter((result) => result.status === 'posted')).toHaveLength(30)
    expect(results.filter((result) => result.status === 'exceeds_balance')).toHaveLength(20)
    expect(
      await accountBalance(database.db, { playerId: player.id, kind: 'cash', currency: 'EUR' }),
    ).toBe(0n)
    expect((await checkBooks(database.db)).isBalanced).toBe(true)
  })
})

describe('postTransfers', () => {
  const stakeAndWin = (playerId: string, betId: string, stake: bigint, win: bigint) =>
    inLedgerTransaction(database.db, (tx) =>
      postTransfers(tx, [
        {
          idempotencyKey: `bet:${betId}`,
          code: 'bet',
          debit: cash(playerId),
          credit: settlement(playerId),
          amountMinor: stake,
        },
        {
          idempotencyKey: `win:${betId}`,
          code: 'win',
          debit: settlement(playerId),
          credit: cash(playerId),
          amountMinor: win,
        },
      ]),
    )

  it('posts a stake and its win as one and answers every account of the player after it', async () => {
    const player = await createPlayer(database.db)
    await post(clearing(player.id), cash(player.id), 1000n)
    await post(cash(player.id), held(player.id), 300n, 'withdrawal_hold')
    const result = await stakeAndWin(player.id, randomUUID(), 200n, 500n)
    expect(result.status).toBe('posted')
    expect(result.status === 'posted' && result.transfers.map((t) => t.code)).toEqual([
      'bet',
      'win',
    ])
    expect(result.status === 'posted' && result.balances).toEqual([
      { playerId: player.id, currency: 'EUR', kind: 'cash', balanceMinor: 1000n },
      { playerId: player.id, currency: 'EUR', kind: 'held', balanceMinor: 300n },
    ])
    expect((await checkBooks(database.db)).isBalanced).toBe(true)
  })

  it('refuses a batch whose first step overdraws even though a later one pays back', async () => {
    const player = await createPlayer(database.db)
    await post(clearing(player.id), cash(player.id), 100n)
    const result = await stakeAndWin(player.id, randomUUID(), 101n, 1000n)
    expect(result).toMatchObject({ status: 'exceeds_balance', availableMinor: 100n })
    expect(
      await accountBalance(database.db, { playerId: player.id, kind: 'cash', currency: 'EUR' }),
    ).toBe(100n)
  })

  it('names the short account with the lowest id, with its own balance, when two are short', async () => {
    const players = [await createPlayer(database.db), await createPlayer(database.db)]
    const cashId = (playerId: string) => resolveAccount(cash(playerId)).id
    // The account with the lower id holds more, so its balance is not merely the lowest one.
    const [lower, higher] = players.sort((a, b) => (cashId(a.id) < cashId(b.id) ? -1 : 1))
    if (!lower || !higher) throw new Error('two players')
    await post(clearing(lower.id), cash(lower.id), 60n)
    await post(clearing(higher.id), cash(higher.id), 40n)
    const result = await inLedgerTransaction(database.db, (tx) =>
      postTransfers(
        tx,
        [lower, higher].map((player) => ({
          idempotencyKey: randomUUID(),
          code: 'adjustment' as const,
          debit: cash(player.id),
          credit: clearing(player.id),
          amountMinor: 70n,
        })),
      ),
    )
    expect(result).toEqual({
      status: 'exceeds_balance',
      accountId: cashId(lower.id),
      availableMinor: 60n,
    })
    const cashOf = (playerId: string) => ({
      playerId,
      kind: 'cash' as const,
      currency: 'EUR' as const,
    })
    expect(await accountBalance(database.db, cashOf(lower.id))).toBe(60n)
    expect(await accountBalance(database.db, cashOf(higher.id))).toBe(40n)
  })

  it('moves nothing when the same batch comes again', async () => {
    const player = await createPlayer(database.db)
    await post(clearing(player.id), cash(player.id), 1000n)
    const betId = randomUUID()
    const first = await stakeAndWin(player.id, betId, 200n, 500n)
    const again = await stakeAndWin(player.id, betId, 200n, 500n)
    expect(again.status).toBe('exists')
    expect(again.status === 'exists' && again.transfers.map((t) => t.id)).toEqual(
      first.status === 'posted' && first.transfers.map((t) => t.id),
    )
    expect(
      await accountBalance(database.db, { playerId: player.id, kind: 'cash', currency: 'EUR' }),
    ).toBe(1300n)
  })
})

describe('the books', () => {
  it('balance after any sequence of deposits, bets, wins, withdrawals, cancels, rejections and payouts', async () => {
    const players = await Promise.all([createPlayer(database.db), createPlayer(database.db)])
    const operation = fc.record({
      player: fc.integer({ min: 0, max: players.length - 1 }),
      kind: fc.constantFrom('deposit', 'bet', 'win', 'withdraw', 'cancel', 'reject', 'payout'),
      amount: fc.bigInt({ min: 1n, max: 5_000n }),
      currency: fc.constantFrom<CurrencyCode>('EUR', 'BTC'),
      repeatKey: fc.boolean(),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 15 }), async (operations) => {
        const expected = new Map<string, bigint>()
        const read = (key: string) => expected.get(key) ?? 0n
        for (const { player: index, kind, amount, currency, repeatKey } of operations) {
          const id = players[index]?.id ?? ''
          const [debit, credit, code] = (
            {
              deposit: [clearing(id, currency), cash(id, currency), 'deposit'],
              bet: [cash(id, currency), settlement(id, currency), 'bet'],
              win: [settlement(id, currency), cash(id, currency), 'win'],
              withdraw: [cash(id, currency), held(id, currency), 'withdrawal_hold'],
              cancel: [held(id, currency), cash(id, currency), 'withdrawal_release'],
              reject: [held(id, currency), cash(id, currency), 'withdrawal_release'],
              payout: [held(id, currency), clearing(id, currency), 'withdrawal_payout'],
            } as const
          )[kind]
          const key = randomUUID()
          const result = await post(debit, credit, amount, code, key)
          // A repeated delivery of the same operation must move nothing.
          if (repeatKey)
            expect((await post(debit, credit, amount, code, key)).status).not.toBe('posted')
          const debitKey = 'playerId' in debit ? `${debit.kind}:${id}:${currency}` : undefined
          const creditKey = 'playerId' in credit ? `${credit.kind}:${id}:${currency}` : undefined
          const canPay = debitKey === undefined || read(debitKey) >= amount
          expect(result.status).toBe(canPay ? 'posted' : 'exceeds_balance')
          if (!canPay) continue
          if (debitKey) expected.set(debitKey, read(debitKey) - amount)
          if (creditKey) expected.set(creditKey, read(creditKey) + amount)
        }
        for (const player of players) {
          for (const balance of await playerBalances(database.db, player.id)) {
            expect(balance.balanceMinor).toBeGreaterThanOrEqual(0n)
            expect(balance.balanceMinor).toBe(
              expected.get(`${balance.kind}:${player.id}:${balance.currency}`) ?? 0n,
            )
            expected.delete(`${balance.kind}:${player.id}:${balance.currency}`)
          }
        }
        // Whatever the model still holds must be zero (an account never opened).
        for (const value of expected.values()) expect(value).toBe(0n)
        const books = await checkBooks(database.db)
        expect(books).toMatchObject({ isBalanced: true, currencyTotals: [], accountMismatches: [] })
        // Start every run from empty player accounts: move what is left back to the house.
        for (const player of players) {
          for (const balance of await playerBalances(database.db, player.id)) {
            if (balance.balanceMinor === 0n) continue
            const ref = {
              playerId: player.id,
              kind: balance.kind,
              currency: balance.currency as CurrencyCode,
            }
            await post(ref, clearing(player.id, ref.currency), balance.balanceMinor, 'adjustment')
          }
        }
      }),
      { numRuns: 12 },
    )
  })

  it('reports an account whose balance disagrees with its transfers', async () => {
    const player = await createPlayer(database.db)
    await post(clearing(player.id), cash(player.id), 500n)
    await database.db.execute(
      sql`update ledger_accounts set balance_minor = balance_minor + 1 where player_id = ${player.id}`,
    )
    const books = await checkBooks(database.db)
    expect(books.isBalanced).toBe(false)
    expect(books.currencyTotals).toEqual([{ currency: 'EUR', sumMinor: '1' }])
    expect(books.accountMismatches).toHaveLength(1)
    await database.db.execute(
      sql`update ledger_accounts set balance_minor = balance_minor - 1 where player_id = ${player.id}`,
    )
    expect((await checkBooks(database.db)).isBalanced).toBe(true)
  })

  it('reports a transfer whose account does not exist', async () => {
    const player = await createPlayer(database.db)
    const posted = await post(clearing(player.id), cash(player.id), 500n)
    if (posted.status !== 'posted') throw new Error('the deposit was not posted')
    const missing = randomUUID()
    await database.db.execute(
      sql`update ledger_transfers set credit_account_id = ${missing} where id = ${posted.transfer.id}`,
    )
    const books = await checkBooks(database.db)
    expect(books.isBalanced).toBe(false)
    expect(books.missingAccounts).toEqual([posted.transfer.id])
    await database.db.execute(
      sql`update ledger_transfers set credit_account_id = ${posted.transfer.creditAccountId} where id = ${posted.transfer.id}`,
    )
    expect((await checkBooks(database.db)).isBalanced).toBe(true)
  })
})
