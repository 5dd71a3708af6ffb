import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import {
  createOperator,
  createPlayer,
  FACTORY_PASSWORD,
  testSecretBox,
} from '#tests/factories/players.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { AppError } from '#server/lib/errors.ts'
import { checkBooks, playerBalances } from '#server/modules/ledger/index.ts'
import {
  cancelWithdrawal,
  sandboxPayout,
  type Payout,
  type WithdrawalDecisions,
  type WithdrawalDeps,
} from '#server/modules/payments/index.ts'
import { requestWithdrawalFlow } from './request-withdrawal.ts'
import { decideWithdrawalFlow } from './decide-withdrawal.ts'

let t: TestApp
let deps: WithdrawalDeps
let decisions: WithdrawalDecisions
const context = {
  log: { warn: () => undefined, error: () => undefined },
  request: { ip: '127.0.0.1', headers: {} },
}
let operatorId: string
let playerId: string
beforeAll(async () => {
  t = await buildTestApp()
  const silent = { warn: () => undefined }
  deps = { db: t.database.db, bus: t.app.bus, log: silent }
  decisions = decideWithdrawalFlow({
    db: t.database.db,
    bus: t.app.bus,
    messages: (locale) => t.app.site.messages(locale),
  })
})
beforeAll(async () => {
  operatorId = (await createOperator(t.database.db, ['finance'])).id
  // One player for every run (hashing a password per run would not fit a test's time): each run
  // starts its model from the balances the previous runs left.
  playerId = (await createPlayer(t.database.db)).id
})

const failingPayout: Payout = async () => ({
  status: 'failed',
  reason: 'sandbox refused',
  details: {},
})

type Step =
  | { kind: 'deposit'; amountMinor: bigint }
  | { kind: 'withdraw'; amountMinor: bigint; repeatKey: boolean }
  | { kind: 'cancel'; pick: number }
  | { kind: 'approve'; pick: number; payoutFails: boolean }
  | { kind: 'reject'; pick: number }

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    amountMinor: fc.bigInt({ min: 1n, max: 50_000n }),
  }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    // Around the bank method's limits (20 to 20,000 EUR) and the balance.
    amountMinor: fc.oneof(fc.bigInt({ min: 1_900n, max: 60_000n }), fc.constant(2_000_001n)),
    repeatKey: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('approve' as const), pick: fc.nat(), payoutFails: fc.boolean() }),
  fc.record({ kind: fc.constant('reject' as const), pick: fc.nat() }),
)

const balancesOf = async (id: string) => {
  const rows = await playerBalances(t.database.db, id)
  const of = (kind: string) =>
    rows.find((row) => row.currency === 'EUR' && row.kind === kind)?.balanceMinor ?? 0n
  return { cash: of('cash'), held: of('held') }
}

const codeOf = async (work: Promise<unknown>): Promise<string | undefined> => {
  try {
    await work
    return undefined
  } catch (error) {
    if (error instanceof AppError) return error.code
    throw error
  }
}

describe('withdrawal use cases keep the books (property)', () => {
  it('any sequence of deposits, withdrawals, cancels, approvals and rejections', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 10 }), async (steps) => {
        const player = { id: playerId }
        const model = await balancesOf(player.id)
        const withdrawals: { id: string; amountMinor: bigint; status: string; key: string }[] = []
        const settings = {
          kycThresholdEurMinor: 10n ** 15n,
          secretBox: testSecretBox,
          rules: {
            exchange: { spreadBp: 100, maxAgeMs: 3_600_000 },
            depositWagerMultiplier: 1,
          },
        }
        for (const step of steps) {
          const target =
            'pick' in step && withdrawals.length > 0
              ? withdrawals[step.pick % withdrawals.length]
              : undefined
          switch (step.kind) {
            case 'deposit':
              await fundPlayer(t.database.db, player.id, 'EUR', step.amountMinor)
              model.cash += step.amountMinor
              break
            case 'withdraw': {
              const last = withdrawals.at(-1)
              const key = step.repeatKey && last ? last.key : randomUUID()
              const request = requestWithdrawalFlow(deps)(deps, settings, {
                playerId: player.id,
                methodId: 'bank_transfer',
                currency: 'EUR',
                amountMinor: step.amountMinor,
                fields: { iban: 'FI2112345600000785', holder: 'Robin Tester' },
                idempotencyKey: key,
                confirmation: { password: FACTORY_PASSWORD },
              })
              if (step.repeatKey && last) {
                const code = await codeOf(request)
                // The same key answers the first withdrawal, or refuses another amount.
                expect(code).toBe(
                  last.amountMinor === step.amountMinor
                    ? undefined
                    : 'withdrawals.idempotency_conflict',
                )
                break
              }
              const expected =
                step.amountMinor < 2_000n
                  ? 'withdrawals.amount_below_min'
                  : step.amountMinor > 2_000_000n
                    ? 'withdrawals.amount_above_max'
                    : step.amountMinor > model.cash
                      ? 'withdrawals.insufficient_funds'
                      : undefined
              if (expected) {
                expect(await codeOf(request)).toBe(expected)
                break
              }
              const { transaction, isNew } = await request
              expect(isNew).toBe(true)
              withdrawals.push({
                id: transaction.id,
                amountMinor: step.amountMinor,
                status: 'pending',
                key,
              })
              model.cash -= step.amountMinor
              model.held += step.amountMinor
              break
            }
            case 'cancel': {
              if (!target) break
              const code = await codeOf(
                cancelWithdrawal(deps, { playerId: player.id, id: target.id }),
              )
              if (target.status === 'pending') {
                expect(code).toBeUndefined()
                target.status = 'cancelled'
                model.cash += target.amountMinor
                model.held -= target.amountMinor
              } else {
                expect(code).toBe('withdrawals.not_pending')
              }
              break
            }
            case 'approve': {
              if (!target) break
              const payout = step.payoutFails ? failingPayout : sandboxPayout
              const code = await codeOf(
                decisions.approve(context, payout, {
                  operatorId,
                  id: target.id,
                  // One approval pays: four-eyes has its own tests (queues.int.test.ts).
                  rule: { secondApprovalAboveEurMinor: BigInt(Number.MAX_SAFE_INTEGER) },
                }),
              )
              if (target.status !== 'pending') {
                expect(code).toBe('withdrawals.not_pending')
              } else if (step.payoutFails) {
                // A refused payout leaves it pending and held: still the player's to cancel.
                expect(code).toBe('withdrawals.payout_failed')
              } else {
                expect(code).toBeUndefined()
                target.status = 'completed'
                model.held -= target.amountMinor
              }
              break
            }
            case 'reject': {
              if (!target) break
              const code = await codeOf(
                decisions.reject(context, {
                  operatorId,
                  id: target.id,
                  reason: 'Property test',
                }),
              )
              if (target.status === 'pending') {
                expect(code).toBeUndefined()
                target.status = 'rejected'
                model.cash += target.amountMinor
                model.held -= target.amountMinor
              } else {
                expect(code).toBe('withdrawals.not_pending')
              }
              break
            }
          }
          const balances = await balancesOf(player.id)
          expect(balances).toEqual(model)
          expect(balances.cash >= 0n && balances.held >= 0n).toBe(true)
        }
        expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
      }),
      { numRuns: 10 },
    )
  })
})
