import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { completeProfile, createPlayer, signIn } from '#tests/factories/players.ts'
import { insertNotification } from '#server/modules/notifications/index.ts'
import { hashPassword } from './passwords.ts'
import { players } from './players.tables.ts'
import { insertDocument } from '#server/modules/documents/index.ts'
import { paymentTransactions } from '#server/modules/payments/payments.tables.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { cardToken } from '#tests/helpers/sandbox-card.ts'

/**
 * The rule "every player call checks the session owner": player A, signed in, names
 * player B's ids in every place a path takes one, and B's data must neither be shown to A nor
 * change. Each path is one row of the table below; a module that adds a path taking an id (a
 * document, a transaction, a bonus…) adds its row here.
 */

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

interface Player {
  id: string
  email: string
  password: string
  headers: Record<string, string>
}

interface OwnershipCase<Target> {
  name: string
  /** Creates something of the victim's that a path can name, and returns what names it. */
  prepare(victim: Player): Promise<Target>
  /** A snapshot of the victim's side: it must be the same after the attacker's call. */
  snapshot(victim: Player, target: Target): Promise<unknown>
  /** The attacker's call, naming the victim's ids wherever the path takes one. */
  attempt(attacker: Player, target: Target, victim: Player): Promise<LightMyRequestResponse>
  /** What the attacker must get: refused as if it did not exist, or only their own data. */
  expectAnswer(response: LightMyRequestResponse, attacker: Player, victim: Player): void
}

const inject = (
  method: 'GET' | 'POST',
  url: string,
  attacker: Player,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: attacker.headers, ...(payload && { payload }) })

const playerRow = async (id: string) => {
  const [row] = await t.database.db.select().from(players).where(eq(players.id, id))
  return row
}

/** Everything the victim sees of themselves through the API. */
const victimView = async (victim: Player) => ({
  info: (await inject('GET', '/player/info', victim)).json<{ data: Record<string, unknown> }>()
    .data,
  notifications: (await inject('GET', '/player/all-notifications', victim)).json<{
    notifications: unknown[]
  }>().notifications,
})
const withoutToken = (view: Awaited<ReturnType<typeof victimView>>) => ({
  ...view,
  info: { ...view.info, token: undefined },
})

// Each case is typed by its own target; the table holds them side by side.
const define = <Target>(spec: OwnershipCase<Target>) => spec as OwnershipCase<unknown>

const CASES: OwnershipCase<unknown>[] = [
  define({
    name: "POST /payment/withdraw to B's saved card (saved_profile_id)",
    prepare: async (victim) => victimCardDeposit(victim, '4242 4242 4242 4242'),
    snapshot: async (victim) => depositsOf(victim),
    attempt: (attacker, deposit: { savedProfileId: string | null }) =>
      inject('POST', '/payment/withdraw', attacker, {
        method_id: 'card',
        currency: 'EUR',
        amount: '2500',
        fields: { saved_profile_id: deposit.savedProfileId },
        idempotency_key: `ownership-${String(Date.now())}-payout-card`,
      }),
    expectAnswer: (response) => {
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ errors: { code: 'withdrawals.card_unknown' } })
    },
  }),
  define({
    name: "POST /payment/deposit with B's saved card (saved_profile_id)",
    prepare: async (victim) => victimCardDeposit(victim, '4242 4242 4242 4242'),
    snapshot: async (victim) => depositsOf(victim),
    attempt: (attacker, deposit: { savedProfileId: string | null }) =>
      inject('POST', '/payment/deposit', attacker, {
        method_id: 'card',
        currency: 'EUR',
        amount: '2500',
        saved_profile_id: deposit.savedProfileId,
        idempotency_key: `ownership-${String(Date.now())}-saved-card`,
      }),
    expectAnswer: (response) => {
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({
        errors: { code: 'payments.saved_profile_not_found' },
      })
    },
  }),
  define({
    name: "POST /{locale}/player-notification/mark-notification-read?id= (B's notification)",
    prepare: async (victim) => {
      const notification = await insertNotification(t.database.db, {
        playerId: victim.id,
        type: 'other',
        text: 'For B',
      })
      if (!notification) throw new Error('a notice to a player without a bar is always stored')
      return notification
    },
    snapshot: async (victim) => withoutToken(await victimView(victim)),
    attempt: (attacker, notification) =>
      inject(
        'POST',
        `/en/player-notification/mark-notification-read?id=${notification.id}`,
        attacker,
      ),
    expectAnswer: (response) => {
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ errors: { code: 'notifications.not_found' } })
    },
  }),
  define({
    name: "GET /player/info with B's id in the query",
    prepare: async () => undefined,
    snapshot: async (victim) => withoutToken(await victimView(victim)),
    attempt: (attacker, _target, victim) =>
      inject(
        'GET',
        `/player/info?id=${victim.id}&apiId=${victim.id}&player_id=${victim.id}`,
        attacker,
      ),
    expectAnswer: (response, attacker) => {
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ data: { apiId: attacker.id, email: attacker.email } })
    },
  }),
  define({
    name: "GET /player/all-notifications with B's id in the query",
    prepare: async (victim) =>
      insertNotification(t.database.db, { playerId: victim.id, type: 'other', text: 'Secret' }),
    snapshot: async (victim) => withoutToken(await victimView(victim)),
    attempt: (attacker, _target, victim) =>
      inject('GET', `/player/all-notifications?playerId=${victim.id}`, attacker),
    expectAnswer: (response) => {
      expect(response.statusCode).toBe(200)
      expect(JSON.stringify(response.json())).not.toContain('Secret')
    },
  }),
  define({
    name: "GET /{lang}/settings: userData is the caller's",
    prepare: async () => undefined,
    snapshot: async (victim) => withoutToken(await victimView(victim)),
    attempt: (attacker, _target, victim) =>
      inject('GET', `/en/settings?api_id=${victim.id}`, attacker),
    expectAnswer: (response, attacker) => {
      expect(response.json()).toMatchObject({
        userData: { api_id: attacker.id, email: attacker.email },
      })
    },
  }),
  define({
    name: "POST /player/update with B's id in every id-like field",
    prepare: async () => undefined,
    snapshot: async (victim) => ({
      view: withoutToken(await victimView(victim)),
      row: await playerRow(victim.id),
    }),
    attempt: (attacker, _target, victim) =>
      inject('POST', `/player/update?id=${victim.id}`, attacker, {
        id: victim.id,
        apiId: victim.id,
        api_id: victim.id,
        player_id: victim.id,
        playerId: victim.id,
        email: victim.email,
        first_name: 'Mallory',
        city: 'Elsewhere',
      }),
    expectAnswer: (response, attacker) => {
      // The update lands on the caller's own account, nowhere else.
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({
        data: { apiId: attacker.id, email: attacker.email, firstName: 'Mallory' },
      })
    },
  }),
  define({
    name: "POST /player/change-password with B's id in the body",
    prepare: async () => undefined,
    snapshot: async (victim) => {
      const row = await playerRow(victim.id)
      return {
        view: withoutToken(await victimView(victim)),
        hash: row?.passwordHash,
        changedAt: row?.passwordChangedAt,
      }
    },
    attempt: (attacker, _target, victim) =>
      inject('POST', `/player/change-password?id=${victim.id}`, attacker, {
        id: victim.id,
        player_id: victim.id,
        playerId: victim.id,
        current_password: attacker.password,
        new_password: 'only my own new password',
      }),
    expectAnswer: (response) => {
      expect(response.statusCode).toBe(200)
    },
  }),
  define({
    name: "POST /player/change-password with B's password as the current one",
    prepare: async () => undefined,
    snapshot: async (victim) => (await playerRow(victim.id))?.passwordHash,
    attempt: (attacker, _target, victim) =>
      inject('POST', '/player/change-password', attacker, {
        playerId: victim.id,
        current_password: victim.password,
        new_password: 'another new password',
      }),
    expectAnswer: (response) => {
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ errors: { code: 'players.password_incorrect' } })
    },
  }),
  define({
    name: "POST /player/delete-document (B's pending document)",
    prepare: async (victim) => victimDocument(victim),
    snapshot: async (victim) => documentsOf(victim),
    attempt: (attacker, document) =>
      inject('POST', '/player/delete-document', attacker, { id: document.id }),
    expectAnswer: (response) => {
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ errors: { code: 'documents.not_found' } })
    },
  }),
  define({
    name: "GET /player/documents/:id/file (B's document)",
    prepare: async (victim) => victimDocument(victim),
    snapshot: async (victim) => documentsOf(victim),
    attempt: (attacker, document) =>
      inject('GET', `/player/documents/${document.id}/file`, attacker),
    expectAnswer: (response) => {
      expect(response.statusCode).toBe(404)
    },
  }),
  define({
    name: "GET /player/cancel-pending-transaction/:id (B's pending withdrawal)",
    prepare: async (victim) => victimWithdrawal(victim),
    snapshot: async (victim) => moneyOf(victim),
    attempt: (attacker, withdrawalId) =>
      inject('GET', `/player/cancel-pending-transaction/${withdrawalId}`, attacker),
    expectAnswer: (response) => {
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ errors: { code: 'withdrawals.not_found' } })
    },
  }),
  define({
    name: "GET /player/transactions with B's id in the query",
    prepare: async (victim) => victimWithdrawal(victim),
    snapshot: async (victim) => moneyOf(victim),
    attempt: (attacker, withdrawalId, victim) =>
      inject('GET', `/player/transactions?playerId=${victim.id}&id=${withdrawalId}`, attacker),
    expectAnswer: (response) => {
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ data: { transactions: [], total: 0 } })
    },
  }),
]

/** A pending document row of the victim's (the file itself does not matter to ownership). */
const victimDocument = (victim: Player) =>
  insertDocument(t.database.db, {
    playerId: victim.id,
    type: 'passport',
    fileName: 'passport.png',
    mimeType: 'image/png',
    sizeBytes: 8,
    storageKey: `${victim.id}/missing`,
  })
const documentsOf = async (victim: Player) =>
  (await inject('GET', '/player/get-documents', victim)).json<{ data: unknown }>().data

/** A pending withdrawal of the victim's, requested through the API; answers its id. */
const victimWithdrawal = async (victim: Player) => {
  await fundPlayer(t.database.db, victim.id, 'EUR', 100_00n)
  const response = await inject('POST', '/payment/withdraw', victim, {
    method_id: 'bank_transfer',
    currency: 'EUR',
    amount: '3000',
    fields: { iban: 'FI2112345600000785', holder: 'Robin Tester' },
    idempotency_key: randomUUID(),
    // A destination new to the player is confirmed with the password.
    password: victim.password,
  })
  return response.json<{ data: { transaction_id: string } }>().data.transaction_id
}
/** The victim's wallet and payment history as they see them. */
const moneyOf = async (victim: Player) => ({
  wallet: (await inject('GET', '/player/wallet', victim)).json<{ data: unknown }>().data,
  transactions: (await inject('GET', '/player/transactions', victim)).json<{ data: unknown }>()
    .data,
})

/** A card deposit of the victim's through the API (their profile filled in as a card needs). */
async function victimCardDeposit(victim: Player, cardNumber: string) {
  await completeProfile(t.database.db, victim.id)
  const response = await inject('POST', '/payment/deposit', victim, {
    method_id: 'card',
    currency: 'EUR',
    amount: '2500',
    fields: { card_token: await cardToken(t.app, cardNumber, { holder: 'Victor Victim' }) },
    idempotency_key: `ownership-${victim.id}`,
  })
  const transactionId = response.json<{ data: { transaction_id: string } }>().data.transaction_id
  const [row] = await t.database.db
    .select({ savedProfileId: paymentTransactions.savedProfileId })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, transactionId))
  return { transactionId, savedProfileId: row?.savedProfileId ?? null }
}
/** The victim's deposits and balance as stored. */
async function depositsOf(victim: Player) {
  const rows = await t.database.db
    .select({ id: paymentTransactions.id, status: paymentTransactions.status })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.playerId, victim.id))
  const wallet = (await inject('GET', '/player/wallet', victim)).json<{ data: unknown }>().data
  return { rows, wallet }
}

/** A signed-in player with a password of their own (the change-password rows need it to differ). */
async function player(password?: string): Promise<Player> {
  const account = await createPlayer(t.database.db)
  if (password) {
    await t.database.db
      .update(players)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(players.id, account.id))
  }
  const credentials = { email: account.email, password: password ?? account.password }
  return { ...account, ...credentials, headers: (await signIn(t.app, credentials)).headers }
}

describe("player A cannot read or change player B's data", () => {
  it.each(CASES.map((spec) => [spec.name, spec] as const))('%s', async (_name, spec) => {
    const attacker = await player()
    const victim = await player('victim password 123')
    const target = await spec.prepare(victim)
    const before = await spec.snapshot(victim, target)
    const response = await spec.attempt(attacker, target, victim)
    spec.expectAnswer(response, attacker, victim)
    // Nothing of B's leaked into the answer…
    expect(response.body).not.toContain(victim.email)
    // …and nothing of B's changed.
    expect(await spec.snapshot(victim, target)).toEqual(before)
    // B's session still works.
    expect((await inject('GET', '/player/info', victim)).statusCode).toBe(200)
  })
})
