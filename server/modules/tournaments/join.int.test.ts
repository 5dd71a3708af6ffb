import { and, eq, like } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import type { CurrencyCode } from '#common/money.ts'
import { createPlayer, signIn, type SignedInClient } from '#tests/factories/players.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { insertEntry, insertTournament } from '#tests/helpers/tournament-rows.ts'
import { accountBalance, checkBooks, COIN, postTransfer } from '#server/modules/ledger/index.ts'
import { ledgerTransfers } from '#server/modules/ledger/ledger.tables.ts'
import { setPlayLimit } from '#server/modules/limits/index.ts'
import { notifications } from '#server/modules/notifications/notifications.tables.ts'
import { forgetRates, loadRates } from '#server/modules/wallet/index.ts'
import { exchangeRates } from '#server/modules/wallet/wallet.tables.ts'
import { feeKey } from './join.ts'
import {
  JoinAnswerSchema,
  LeaderboardMessageSchema,
  type LeaderboardMessage,
} from './tournaments.contract.ts'
import { tournamentEntries, tournaments } from './tournaments.tables.ts'

const isPostgres = inject('databaseTemplate').kind === 'postgres'

let t: TestApp
const db = () => t.database.db
beforeAll(async () => {
  t = await buildTestApp()
})

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>
type Client = SignedInClient & { id: string }

async function giveCoins(playerId: string, coinsMinor: bigint) {
  await db().transaction((tx) =>
    postTransfer(tx, {
      idempotencyKey: `test-coins:${randomUUID()}`,
      code: 'coins_award',
      debit: { system: 'rewards_expense', currency: COIN, shardKey: playerId },
      credit: { playerId, kind: 'cash', currency: COIN },
      amountMinor: coinsMinor,
    }),
  )
}

async function aPlayer(
  options: { coinsMinor?: bigint; currency?: CurrencyCode; cashMinor?: bigint } = {},
): Promise<Client> {
  const currency = options.currency ?? 'EUR'
  const player = await createPlayer(db(), { currency })
  if (options.coinsMinor) await giveCoins(player.id, options.coinsMinor)
  if (options.cashMinor) await fundPlayer(db(), player.id, currency, options.cashMinor)
  return { ...(await signIn(t.app, player)), id: player.id }
}

const join = (
  client: { headers: Record<string, string> },
  tournamentId: number | string,
  body: Record<string, unknown> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/tournaments/${String(tournamentId)}/join`,
    headers: client.headers,
    payload: body,
  })

const expectError = (response: Reply, status: number, code: string) => {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.json()).toMatchObject({ success: false, errors: { code } })
}

const answerOf = (response: Reply) => {
  expect(response.statusCode, response.body).toBe(200)
  return JoinAnswerSchema.parse(response.json<{ data: unknown }>().data).leaderboard
}

const cashOf = (playerId: string, currency: CurrencyCode | typeof COIN) =>
  accountBalance(db(), { playerId, kind: 'cash', currency })

const entriesOf = (tournamentId: number) =>
  db().select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, tournamentId))

async function headOf(tournamentId: number) {
  const [row] = await db().select().from(tournaments).where(eq(tournaments.id, tournamentId))
  if (!row) throw new Error('no tournament')
  return { participants: row.participantCount, version: row.leaderboardVersion }
}

const feesOf = (tournamentId: number) =>
  db()
    .select()
    .from(ledgerTransfers)
    .where(like(ledgerTransfers.idempotencyKey, `tournament-fee:${String(tournamentId)}:%`))

const noticesOf = (playerId: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.playerId, playerId), eq(notifications.type, 'tournament_joined')))

/** Everything a refused join must leave as it was. */
async function snapshot(tournamentId: number, playerId: string) {
  return {
    head: await headOf(tournamentId),
    entries: (await entriesOf(tournamentId)).length,
    fees: (await feesOf(tournamentId)).length,
    coins: await cashOf(playerId, COIN),
    euros: await cashOf(playerId, 'EUR'),
    notices: (await noticesOf(playerId)).length,
  }
}

/** Captures the boards the bus publishes for one tournament while `work` runs. */
async function boardsDuring(tournamentId: number, work: () => Promise<unknown>) {
  const seen: LeaderboardMessage[] = []
  const off = t.app.bus.subscribe('tournament.leaderboard', (message) => {
    if (message.tournament_id === tournamentId) seen.push(message)
  })
  try {
    await work()
  } finally {
    off()
  }
  return seen
}

describe('POST /tournaments/{id}/join: who may call', () => {
  it('needs a signed-in player (401) with the CSRF token (403) and the marker header', async () => {
    const row = await insertTournament(db())
    const token = await t.app.inject({ method: 'GET', url: '/csrf/get-new', headers: API_HEADERS })
    const cookie = token.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
    const visitor = {
      headers: {
        ...API_HEADERS,
        cookie,
        'x-csrf-token': token.json<{ '_csrf-frontend': string }>()['_csrf-frontend'],
      },
    }
    expectError(await join(visitor, row.id), 401, 'auth.sign_in_required')

    const client = await aPlayer()
    const { 'x-csrf-token': _token, ...withoutToken } = client.headers
    expectError(await join({ headers: withoutToken }, row.id), 403, 'csrf.invalid')
    const { 'x-requested-with': _marker, ...withoutMarker } = client.headers
    expectError(await join({ headers: withoutMarker }, row.id), 400, 'request.marker_missing')
    expect(await entriesOf(row.id)).toHaveLength(0)
  })

  it('refuses a bad id or body (400), an unknown or disabled tournament (404)', async () => {
    const client = await aPlayer()
    expectError(await join(client, 'abc'), 400, 'request.invalid')
    expectError(await join(client, 1, { currency: 'euro' }), 400, 'request.invalid')
    expectError(await join(client, 1, { currency: 'EUR', extra: 1 }), 400, 'request.invalid')
    expectError(await join(client, 99_999_999), 404, 'tournament.not_found')
    const disabled = await insertTournament(db(), { isEnabled: false })
    expectError(await join(client, disabled.id), 404, 'tournament.not_found')
    expect(await entriesOf(disabled.id)).toHaveLength(0)
  })
})

describe('POST /tournaments/{id}/join: refusals change nothing', () => {
  it('refuses a second join of the same player', async () => {
    const client = await aPlayer({ coinsMinor: 50_000n })
    const row = await insertTournament(db(), { entryFeeKind: 'coins', entryFeeMinor: 10_000n })
    answerOf(await join(client, row.id))
    const before = await snapshot(row.id, client.id)
    expectError(await join(client, row.id), 409, 'tournament.already_joined')
    expect(await snapshot(row.id, client.id)).toEqual(before)
    expect(before.coins).toBe(40_000n)
    expect(before.fees).toBe(1)
  })

  it.each(['finishing', 'finished'] as const)('refuses joining a %s tournament', async (phase) => {
    const client = await aPlayer()
    const row = await insertTournament(db(), { phase })
    const before = await snapshot(row.id, client.id)
    expectError(await join(client, row.id), 409, 'tournament.closed')
    expect(await snapshot(row.id, client.id)).toEqual(before)
  })

  it('refuses a coin fee the player’s coins do not cover', async () => {
    const client = await aPlayer({ coinsMinor: 9_999n })
    const row = await insertTournament(db(), { entryFeeKind: 'coins', entryFeeMinor: 10_000n })
    const before = await snapshot(row.id, client.id)
    const answer = await join(client, row.id)
    expectError(answer, 409, 'tournament.not_enough_coins')
    expect(answer.json<{ message: string }>().message).toBe(
      'The entry fee is 100 coins, more than you have right now.',
    )
    // The page's language travels with the call (a join's path has no locale of its own).
    const inGerman = await t.app.inject({
      method: 'POST',
      url: `/tournaments/${String(row.id)}/join`,
      headers: { ...client.headers, 'x-page-locale': 'de' },
      payload: {},
    })
    expect(inGerman.json<{ message: string }>().message).toBe(
      'Die Teilnahmegebühr beträgt 100 Münzen – mehr, als Sie derzeit haben.',
    )
    expect(await snapshot(row.id, client.id)).toEqual(before)
    expect(before.coins).toBe(9_999n)
  })

  it('names the fee and its currency when the money is short', async () => {
    const client = await aPlayer({ cashMinor: 499n })
    const row = await insertTournament(db(), { entryFeeKind: 'money', entryFeeMinor: 500n })
    const before = await snapshot(row.id, client.id)
    const answer = await join(client, row.id, { currency: 'EUR' })
    expectError(answer, 409, 'tournament.not_enough_funds')
    expect(answer.json<{ message: string }>().message).toBe(
      'The entry fee is 5.00 EUR, more than you have right now.',
    )
    expect(await snapshot(row.id, client.id)).toEqual(before)
    expect(before.euros).toBe(499n)
  })

  it('asks for a currency for a money fee, among the player’s wallets the tournament takes', async () => {
    const client = await aPlayer({ cashMinor: 10_000n })
    const anyCurrency = await insertTournament(db(), { entryFeeKind: 'money', entryFeeMinor: 500n })
    const before = await snapshot(anyCurrency.id, client.id)
    const missing = await join(client, anyCurrency.id)
    expectError(missing, 400, 'tournament.currency_required')
    expect(missing.json<{ message: string }>().message).toBe(
      'Choose the wallet to pay the entry fee from. This tournament accepts: EUR.',
    )
    // No USD wallet: the player cannot pay from it.
    expectError(
      await join(client, anyCurrency.id, { currency: 'USD' }),
      400,
      'tournament.currency_required',
    )
    expect(await snapshot(anyCurrency.id, client.id)).toEqual(before)

    const usdOnly = await insertTournament(db(), {
      entryFeeKind: 'money',
      entryFeeMinor: 500n,
      currencies: ['USD', 'CAD'],
    })
    const noWallet = await join(client, usdOnly.id, { currency: 'EUR' })
    expectError(noWallet, 409, 'tournament.no_wallet')
    expect(noWallet.json<{ message: string }>().message).toBe(
      'This tournament’s entry fee is paid in USD, CAD, and you have no wallet in these currencies.',
    )
    expect(await entriesOf(usdOnly.id)).toHaveLength(0)
    expect(await cashOf(client.id, 'EUR')).toBe(10_000n)
  })

  it('refuses a player whose limits bar them from play', async () => {
    const client = await aPlayer({ coinsMinor: 50_000n })
    await setPlayLimit(db(), {
      playerId: client.id,
      currency: 'EUR',
      rates: await loadRates(db()),
      kind: 'loss',
      period: 'day',
      amountMinor: 0n,
    })
    const row = await insertTournament(db(), { entryFeeKind: 'coins', entryFeeMinor: 10_000n })
    const before = await snapshot(row.id, client.id)
    expectError(await join(client, row.id), 409, 'tournament.barred')
    expect(await snapshot(row.id, client.id)).toEqual(before)
  })
})

describe('POST /tournaments/{id}/join: joining', () => {
  it('joins a free tournament: entry, count, version, notice, the pushed board and the answer', async () => {
    const row = await insertTournament(db(), { title: 'Free Roll' })
    const rival = await createPlayer(db())
    await insertEntry(db(), row.id, rival.id, { score: 700n, reachedAt: new Date() })
    const client = await aPlayer()
    const before = await headOf(row.id)
    let reply: Reply | undefined
    const boards = await boardsDuring(row.id, async () => {
      reply = await join(client, row.id)
    })
    if (!reply) throw new Error('no answer')
    const board = answerOf(reply)

    const entries = await entriesOf(row.id)
    const entry = entries.find((candidate) => candidate.playerId === client.id)
    expect(entry).toMatchObject({ score: 0n, reachedAt: null, feeCurrency: null, feeMinor: 0n })
    expect(await headOf(row.id)).toEqual({
      participants: before.participants + 1,
      version: before.version + 1,
    })
    expect(await feesOf(row.id)).toHaveLength(0)

    const [notice] = await noticesOf(client.id)
    expect(notice?.text).toContain('Free Roll (en)')
    expect(notice?.url).toBe(`/en/tournament-details/t/${String(row.id)}`)

    expect(boards).toHaveLength(1)
    const message = LeaderboardMessageSchema.parse(boards[0])
    expect(message).toMatchObject({
      tournament_id: row.id,
      version: before.version + 1,
      participants: before.participants + 1,
      moves: [{ entry_id: entry?.id, before: null, after: { score: '0', reached_at: null } }],
    })
    expect(message.top.map((standing) => standing.entry_id)).toEqual([
      entries.find((candidate) => candidate.playerId === rival.id)?.id,
      entry?.id,
    ])

    expect(board).toMatchObject({
      tournament_id: row.id,
      version: before.version + 1,
      participants: before.participants + 1,
      own: { place: 2, entry_id: entry?.id, score: '0', is_own: true },
    })
    expect(board.top).toHaveLength(2)
  })

  it('takes a coin fee from the player’s coins to the house’s rewards account, once', async () => {
    const client = await aPlayer({ coinsMinor: 25_000n })
    const row = await insertTournament(db(), {
      phase: 'upcoming',
      entryFeeKind: 'coins',
      entryFeeMinor: 10_050n,
    })
    const changed: string[] = []
    const off = t.app.bus.subscribe('wallet.changed', (event) => {
      if (event.playerId === client.id) changed.push(event.currency_id)
    })
    const board = answerOf(await join(client, row.id)).own
    off()
    expect(board).toMatchObject({ place: 1, is_own: true })
    expect(await cashOf(client.id, COIN)).toBe(14_950n)
    const fees = await feesOf(row.id)
    expect(fees).toHaveLength(1)
    expect(fees[0]).toMatchObject({
      idempotencyKey: feeKey(row.id, client.id),
      code: 'tournament_fee',
      currency: COIN,
      amountMinor: 10_050n,
    })
    const [entry] = await entriesOf(row.id)
    expect(entry).toMatchObject({ feeCurrency: COIN, feeMinor: 10_050n })
    expect(changed).toEqual([COIN])
    expect((await checkBooks(db())).isBalanced).toBe(true)
  })

  it('takes a money fee from the chosen wallet to the house', async () => {
    const client = await aPlayer({ cashMinor: 10_000n })
    const row = await insertTournament(db(), {
      entryFeeKind: 'money',
      entryFeeMinor: 500n,
      currencies: ['EUR', 'USD'],
    })
    answerOf(await join(client, row.id, { currency: 'EUR' }))
    expect(await cashOf(client.id, 'EUR')).toBe(9_500n)
    const [fee] = await feesOf(row.id)
    expect(fee).toMatchObject({ code: 'tournament_fee', currency: 'EUR', amountMinor: 500n })
    const [entry] = await entriesOf(row.id)
    expect(entry).toMatchObject({ feeCurrency: 'EUR', feeMinor: 500n })
    expect((await checkBooks(db())).isBalanced).toBe(true)
  })

  it('converts a euro fee into another wallet’s currency, rounded up', async () => {
    await db()
      .update(exchangeRates)
      .set({ unitsPerEur: '1.5', fetchedAt: new Date() })
      .where(eq(exchangeRates.currency, 'USD'))
    forgetRates(db())
    const client = await aPlayer({ currency: 'USD', cashMinor: 1_000n })
    // €3.33 is $4.995 at 1.5: the player pays $5.00.
    const row = await insertTournament(db(), { entryFeeKind: 'money', entryFeeMinor: 333n })
    answerOf(await join(client, row.id, { currency: 'USD' }))
    expect(await cashOf(client.id, 'USD')).toBe(500n)
    const [entry] = await entriesOf(row.id)
    expect(entry).toMatchObject({ feeCurrency: 'USD', feeMinor: 500n })
    const [fee] = await feesOf(row.id)
    expect(fee).toMatchObject({ currency: 'USD', amountMinor: 500n })
  })
})

describe.runIf(isPostgres)('simultaneous joins (PostgreSQL)', () => {
  it('one player’s 5 joins at once: one entry and one fee', async () => {
    const client = await aPlayer({ coinsMinor: 100_000n })
    const row = await insertTournament(db(), { entryFeeKind: 'coins', entryFeeMinor: 10_000n })
    const answers = await Promise.all(Array.from({ length: 5 }, () => join(client, row.id)))
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1)
    for (const answer of answers.filter((entry) => entry.statusCode !== 200)) {
      expectError(answer, 409, 'tournament.already_joined')
    }
    expect(await entriesOf(row.id)).toHaveLength(1)
    expect(await feesOf(row.id)).toHaveLength(1)
    expect(await cashOf(client.id, COIN)).toBe(90_000n)
    expect(await headOf(row.id)).toEqual({ participants: 1, version: 1 })
  })

  it('20 players at once: 20 participants, version 20, the books balanced', async () => {
    const clients = await Promise.all(
      Array.from({ length: 20 }, () => aPlayer({ cashMinor: 1_000n })),
    )
    const row = await insertTournament(db(), { entryFeeKind: 'money', entryFeeMinor: 250n })
    const versions: number[] = []
    const off = t.app.bus.subscribe('tournament.leaderboard', (message) => {
      if (message.tournament_id === row.id) versions.push(message.version)
    })
    const answers = await Promise.all(
      clients.map((client) => join(client, row.id, { currency: 'EUR' })),
    )
    off()
    for (const answer of answers) answerOf(answer)
    expect(await headOf(row.id)).toEqual({ participants: 20, version: 20 })
    expect(await entriesOf(row.id)).toHaveLength(20)
    expect(await feesOf(row.id)).toHaveLength(20)
    // Each join published its own version: the lock kept them in order, none repeated.
    expect([...versions].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    )
    for (const client of clients) expect(await cashOf(client.id, 'EUR')).toBe(750n)
    expect((await checkBooks(db())).isBalanced).toBe(true)
  })
})
