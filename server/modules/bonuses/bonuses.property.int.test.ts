import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { accountBalance, checkBooks } from '#server/modules/ledger/index.ts'
import { savedPaymentProfiles } from '#server/modules/payments/payments.tables.ts'
import { cardDeposit } from '#tests/factories/bonuses.ts'
import {
  FACTORY_PASSWORD,
  completeProfile,
  createPlayer,
  signIn,
} from '#tests/factories/players.ts'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { sweepExpiredBonuses } from './bonus-expiry.ts'
import type { PlayerBonus } from './bonuses.contract.ts'
import { playerBonuses } from './bonuses.tables.ts'

// Random sequences of what a player does with a bonus (deposit with or without a code, bets on a
// slot and on roulette, cancel, activate a queued bonus, let it expire, withdraw), through the
// real calls. After every step: the books balance, cash is never forfeited, bonus money never
// leaves by a withdrawal and becomes cash only once its wagering is done, and there is never
// bonus money without an active bonus. 150 sequences take about 30 s on PGlite; raise `RUNS` for
// a longer search.

const RUNS = 150

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

type Step =
  | { kind: 'deposit'; amountMinor: bigint; withCode: boolean }
  | { kind: 'slots' | 'roulette'; amountMinor: bigint }
  | { kind: 'cancel' | 'activate' }
  | { kind: 'expire' }
  | { kind: 'withdraw'; amountMinor: bigint }

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    // Around the welcome bonuses' ranges (15 to 1,000 EUR) and below them.
    amountMinor: fc.bigInt({ min: 500n, max: 120_000n }),
    withCode: fc.boolean(),
  }),
  fc.record({
    kind: fc.constantFrom('slots' as const, 'roulette' as const),
    // Up to and beyond the 5 EUR maximum bet.
    amountMinor: fc.bigInt({ min: 10n, max: 700n }),
  }),
  fc.record({ kind: fc.constantFrom('cancel' as const, 'activate' as const) }),
  fc.record({ kind: fc.constant('expire' as const) }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    amountMinor: fc.bigInt({ min: 1_000n, max: 60_000n }),
  }),
)

const WELCOME = ['first', 'second', 'third', 'fourth'] as const

describe('bonuses keep the books and the player’s cash (property)', () => {
  it('any sequence of deposits, bets, cancels, activations, expiries and withdrawals', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 10 }), async (steps) => {
        const account = await createPlayer(t.database.db)
        await completeProfile(t.database.db, account.id)
        const { headers } = await signIn(t.app, account)
        const post = (url: string, payload: Record<string, unknown>) =>
          t.app.inject({ method: 'POST', url, headers, payload })
        const of = (kind: 'cash' | 'bonus') =>
          accountBalance(t.database.db, { playerId: account.id, kind, currency: 'EUR' })
        const bonuses = async () =>
          (
            await t.app.inject({
              method: 'GET',
              url: '/bonus/get-all?perPage=100&page=0',
              headers,
            })
          ).json<{ data: { bonuses: PlayerBonus[] } }>().data.bonuses
        let deposits = 0

        for (const step of steps) {
          const cashBefore = await of('cash')
          const bonusBefore = await of('bonus')
          const open = await bonuses()
          const active = open.find((bonus) => bonus.status === 'active')
          switch (step.kind) {
            case 'deposit': {
              const code = step.withCode ? WELCOME[deposits] : undefined
              const response = await cardDeposit(t.app, headers, step.amountMinor.toString(), code)
              expect(response.statusCode, response.body).toBeLessThan(500)
              if (response.statusCode === 200) deposits++
              break
            }
            case 'slots':
            case 'roulette': {
              const response =
                step.kind === 'slots'
                  ? await post('/games/originals/slots/spin', {
                      amount: step.amountMinor.toString(),
                      currency: 'EUR',
                      client_request_id: randomUUID(),
                    })
                  : await post('/games/originals/roulette/spin', {
                      currency: 'EUR',
                      bets: [{ kind: 'red', amount: step.amountMinor.toString() }],
                      client_request_id: randomUUID(),
                    })
              expect(response.statusCode, response.body).toBeLessThan(500)
              // Above the maximum bet while a bonus runs: refused, nothing moved.
              if (active && step.amountMinor > BigInt(active.max_bet)) {
                expect(response.statusCode).toBe(409)
                expect(await of('cash')).toBe(cashBefore)
                expect(await of('bonus')).toBe(bonusBefore)
              }
              break
            }
            case 'cancel': {
              const target = open[0]
              if (!target) break
              const response = await post('/bonus/cancel', { id: target.id })
              expect(response.statusCode, response.body).toBe(200)
              // Only bonus money is forfeited: the cash stays as it was.
              expect(await of('cash')).toBe(cashBefore)
              break
            }
            case 'activate': {
              const queued = open.find((bonus) => bonus.status === 'offered')
              if (!queued) break
              const response = await post('/bonus/activate', { id: queued.id })
              expect(response.statusCode, response.body).toBeLessThan(500)
              break
            }
            case 'expire': {
              if (!active) break
              await t.database.db
                .update(playerBonuses)
                .set({ expiresAt: sql`now() - interval '1 second'` })
                .where(eq(playerBonuses.id, active.id))
              await sweepExpiredBonuses({
                db: t.database.db,
                bus: t.app.bus,
                messages: (locale) => t.app.site.messages(locale),
                log: { warn: () => undefined },
              })
              expect(await of('cash')).toBe(cashBefore)
              expect(await of('bonus')).toBe(0n)
              break
            }
            case 'withdraw': {
              const [card] = await t.database.db
                .select()
                .from(savedPaymentProfiles)
                .where(eq(savedPaymentProfiles.playerId, account.id))
              if (!card) break
              const response = await post('/payment/withdraw', {
                method_id: 'card',
                currency: 'EUR',
                amount: step.amountMinor.toString(),
                fields: { saved_profile_id: card.id },
                idempotency_key: randomUUID(),
                password: FACTORY_PASSWORD,
              })
              expect(response.statusCode, response.body).toBeLessThan(500)
              // Bonus money is never withdrawable: more than the cash is refused.
              if (step.amountMinor > cashBefore) expect(response.statusCode).not.toBe(200)
              if (response.statusCode === 200) {
                expect(await of('cash')).toBe(cashBefore - step.amountMinor)
                expect(await of('bonus')).toBe(0n)
              }
              break
            }
          }

          expect(await checkBooks(t.database.db)).toMatchObject({ isBalanced: true })
          const after = await bonuses()
          const activeAfter = after.filter((bonus) => bonus.status === 'active')
          expect(activeAfter.length).toBeLessThanOrEqual(1)
          // Bonus money exists only while its bonus runs.
          if (activeAfter.length === 0) expect(await of('bonus')).toBe(0n)
          const wrongWay = await t.database.db.execute(sql`
            select t.code, d.kind as debit_kind, c.kind as credit_kind from ledger_transfers t
            join ledger_accounts d on d.id = t.debit_account_id
            join ledger_accounts c on c.id = t.credit_account_id
            where (d.player_id = ${account.id} or c.player_id = ${account.id})
              and ((t.code = 'bonus_forfeit' and d.kind <> 'bonus')
                or (t.code = 'withdrawal_hold' and d.kind <> 'cash'))`)
          expect((wrongWay as { rows: unknown[] }).rows).toEqual([])
          // Bonus money becomes cash only from a bonus whose wagering was done.
          const early = await t.database.db.execute(sql`
            select b.id from ledger_transfers t join player_bonuses b on b.id::text = t.reference
            where t.code = 'bonus_release' and b.player_id = ${account.id}
              and (b.status <> 'completed' or b.wagered_minor < b.wagering_required_minor)`)
          expect((early as { rows: unknown[] }).rows).toEqual([])
        }
      }),
      { numRuns: RUNS },
    )
    // 150 sequences of real calls: about 25 s on an idle two-core machine, so the suite's 30 s
    // would fail it on a busy one.
  }, 120_000)
})
