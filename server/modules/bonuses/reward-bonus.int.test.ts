import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createOperator, createPlayer, signIn, signInOperator } from '#tests/factories/players.ts'
import { eurBalancesOf, playerWithBonus } from '#tests/factories/wagering.ts'
import { checkBooks, inLedgerTransaction } from '#server/modules/ledger/index.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import { playerBonuses } from './bonuses.tables.ts'
import { forgetBonusRules } from './bonus-rules-store.ts'
import { grantRewardBonus } from './reward-bonus.ts'
import { loadBonusTerms } from './terms.ts'
import type { PlayerBonus } from './bonuses.contract.ts'
import { insertNotification } from '#server/modules/notifications/index.ts'
import { shippedWording } from '#tests/helpers/engagement.ts'

// Bonus money as a prize (issue 24): a bonus of the internal code `reward` under its operator
// rule, active at once or queued behind the active one, granted once per key, and activated
// later from the cabinet's call.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
const db = () => t.database.db

const grant = (playerId: string, key: string, amountMinor = 1_000n) =>
  inLedgerTransaction(db(), (tx) =>
    grantRewardBonus(tx, {
      playerId,
      currency: 'EUR',
      amountMinor,
      key,
      now: new Date(),
      notify: insertNotification,
      wording: shippedWording,
    }),
  )

const bonusesOf = (playerId: string) =>
  db().select().from(playerBonuses).where(eq(playerBonuses.playerId, playerId))

const expectBooks = async () => {
  const books = await checkBooks(db())
  expect(books.isBalanced, JSON.stringify(books)).toBe(true)
}

describe('grantRewardBonus', () => {
  it('without an active bonus: active at once, its money in the bonus account, once per key', async () => {
    const player = await createPlayer(db())
    const key = `prize:test:${randomUUID()}`
    const row = await grant(player.id, key)
    expect(row).toMatchObject({
      code: 'reward',
      status: 'active',
      amountMinor: 1_000n,
      wageringRequiredMinor: 10_000n,
      maxBetMinor: 500n,
    })
    expect(row?.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000)
    expect(await grant(player.id, key)).toBeUndefined()
    expect(await bonusesOf(player.id)).toHaveLength(1)
    expect(await eurBalancesOf(db(), player.id)).toMatchObject({ cash: 0n, bonus: 1_000n })
    const notes = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.playerId, player.id), eq(notifications.type, 'bonus_credited')))
    expect(notes).toHaveLength(1)
    expect(notes[0]?.text).toContain('10.00')
    await expectBooks()
  })

  it('with an active bonus: waits as an offer (no deposit needed) that the player activates once that one ends', async () => {
    const { player, bonusId, client } = await playerWithBonus(t, {
      cash: 0n,
      bonus: 500n,
      required: 5_000n,
    })
    const key = `prize:test:${randomUUID()}`
    const queued = await grant(player.id, key, 2_000n)
    expect(queued).toMatchObject({ code: 'reward', status: 'offered', amountMinor: 2_000n })
    expect(await grant(player.id, key, 2_000n)).toBeUndefined()
    expect(await eurBalancesOf(db(), player.id)).toMatchObject({ bonus: 500n })
    if (!queued) throw new Error('not queued')

    const list = await t.app.inject({
      method: 'GET',
      url: '/bonus/get-all?perPage=100&page=0',
      headers: client.headers,
    })
    const offer = list
      .json<{ data: { bonuses: PlayerBonus[] } }>()
      .data.bonuses.find((bonus) => bonus.id === queued.id)
    expect(offer).toMatchObject({ code: 'reward', status: 'offered', amount: '2000' })

    const activate = () =>
      t.app.inject({
        method: 'POST',
        url: '/bonus/activate',
        headers: client.headers,
        payload: { id: queued.id },
      })
    const early = await activate()
    expect(early.statusCode).toBe(409)
    expect(early.json()).toMatchObject({ success: false })

    const cancel = await t.app.inject({
      method: 'POST',
      url: '/bonus/cancel',
      headers: client.headers,
      payload: { id: bonusId },
    })
    expect(cancel.statusCode).toBe(200)
    const later = await activate()
    expect(later.statusCode).toBe(200)
    expect(later.json()).toMatchObject({
      data: { bonus: { id: queued.id, code: 'reward', status: 'active', balance: '2000' } },
    })
    expect(await eurBalancesOf(db(), player.id)).toMatchObject({ bonus: 2_000n })
    await expectBooks()
  })

  it('follows the operator’s rule row for `reward`, which the bonus terms state', async () => {
    expect((await loadBonusTerms(db(), 'EUR')).reward).toEqual({
      wagering_times: 10,
      valid_days: 7,
      max_bet: '500',
    })
    const admin = await signInOperator(t.app, await createOperator(db(), ['finance']))
    const put = (wagering: number, maxBet: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/admin/api/bonus-rules/reward',
        headers: admin.headers,
        payload: {
          match_percent: 100,
          min_eur: '1',
          max_eur: null,
          wagering_times: wagering,
          valid_days: 7,
          max_bet_eur: maxBet,
          is_enabled: true,
        },
      })
    try {
      expect((await put(5, '300')).statusCode).toBe(200)
      const player = await createPlayer(db())
      const row = await grant(player.id, `prize:test:${randomUUID()}`, 1_000n)
      expect(row).toMatchObject({ wageringRequiredMinor: 5_000n, maxBetMinor: 300n })
      expect((await loadBonusTerms(db(), 'EUR')).reward).toMatchObject({
        wagering_times: 5,
        max_bet: '300',
      })
    } finally {
      expect((await put(10, '500')).statusCode).toBe(200)
      forgetBonusRules(db())
    }
  })

  it('is no code a player can type', async () => {
    const client = await signIn(t.app, await createPlayer(db()))
    const answer = await t.app.inject({
      method: 'POST',
      url: '/bonus/activate-code',
      headers: client.headers,
      payload: { code: 'reward' },
    })
    expect(answer.statusCode).toBeGreaterThanOrEqual(400)
    expect(answer.statusCode).toBeLessThan(500)
  })
})
