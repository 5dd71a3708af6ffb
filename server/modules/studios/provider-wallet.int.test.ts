import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { createPlayer, signIn, type SignedInClient } from '#tests/factories/players.ts'
import { providerCall, type Signing } from '#tests/helpers/provider-api.ts'
import { accountBalance, checkBooks } from '#server/modules/ledger/index.ts'
import type { WireBet } from '../bets/index.ts'
import { providerTransactions } from './studios.tables.ts'
import { createLaunchToken, LAUNCH_TOKEN_TTL_MS, SESSION_IDLE_MS } from './provider-wallet.ts'
import { seedGameId } from '#db/seed/games.ts'
import { games } from '../catalogue/catalogue.tables.ts'

// The seamless-wallet API exactly as a studio's server calls it: signed HTTP requests. The
// Demo Studio's test secret is what the test database's seed sealed.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const PROVIDER = 'demo-studio'
const GAME = 'starlight-spins'

/** Sends one call signed as the studio would; `signing` lets a test forge or replay parts. */
const call = (name: string, body: unknown, signing: Signing = {}) =>
  providerCall(t.app, name, body, { provider: PROVIDER, ...signing })

async function fundedPlayer(amountMinor = 10_000n) {
  const player = await createPlayer(t.database.db)
  if (amountMinor > 0n) await fundPlayer(t.database.db, player.id, 'EUR', amountMinor)
  return player
}

const cash = (playerId: string) =>
  accountBalance(t.database.db, { playerId, kind: 'cash', currency: 'EUR' })

/** A visitor's browser: a session with its CSRF token, nobody signed in. */
async function visitor(): Promise<SignedInClient> {
  const response = await t.app.inject({ method: 'GET', url: '/csrf/get-new', headers: API_HEADERS })
  const cookie = response.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
  const token = response.json<{ '_csrf-frontend': string }>()['_csrf-frontend']
  return { cookie, headers: { ...API_HEADERS, cookie, 'x-csrf-token': token } }
}

const launch = async (client: SignedInClient | null, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/games/provider/launch',
    headers: (client ?? (await visitor())).headers,
    payload: { slug: GAME, mode: 'real', currency: 'EUR', locale: 'en', ...payload },
  })

/** A game session as the studio holds it after `authenticate`. */
async function session(playerId: string) {
  const { token } = await createLaunchToken(t.database.db, {
    playerId,
    gameId: seedGameId(GAME),
    currency: 'EUR',
  })
  const answer = await call('authenticate', { token })
  expect(answer.statusCode).toBe(200)
  const body = answer.json<{ session: string; player_id: string }>()
  return { session: body.session, player_id: body.player_id }
}

type Session = Awaited<ReturnType<typeof session>>
const ids = () => ({ transaction_id: `tx-${randomUUID()}`, round_id: `round-${randomUUID()}` })
const bet = (s: Session, fields: { transaction_id: string; round_id: string; amount?: string }) =>
  call('bet', { ...s, currency: 'EUR', amount: '100', ...fields })
const win = (s: Session, fields: { transaction_id: string; round_id: string; amount: string }) =>
  call('win', { ...s, currency: 'EUR', ...fields })
const rollback = (
  s: Session,
  fields: { transaction_id: string; bet_transaction_id: string; round_id: string },
) => call('rollback', { ...s, ...fields })

const expectBooks = async () => {
  const books = await checkBooks(t.database.db)
  expect(books.isBalanced, JSON.stringify(books)).toBe(true)
}

describe('launch', () => {
  it('gives a signed-in player a one-time token in the studio URL, and a visitor a demo URL', async () => {
    const player = await fundedPlayer()
    const client = await signIn(t.app, player)
    const real = await launch(client, {})
    expect(real.statusCode).toBe(200)
    const url = new URL(real.json<{ data: { url: string } }>().data.url, 'http://x')
    expect(url.pathname).toBe(`/studio/demo/play/${GAME}`)
    expect(url.searchParams.get('mode')).toBe('real')
    const token = url.searchParams.get('token') ?? ''
    const first = await call('authenticate', { token })
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({
      status: 'ok',
      player_id: player.id,
      currency: 'EUR',
      balance: '10000',
      game_code: GAME,
      country: 'FI',
      stake_min: '20',
      stake_max: '10000',
    })
    // Single use: the same token again is unknown.
    const again = await call('authenticate', { token })
    expect(again.statusCode).toBe(401)
    expect(again.json()).toMatchObject({ status: 'error', code: 'token_unknown' })

    const demo = await launch(null, { mode: 'demo', currency: undefined })
    expect(demo.statusCode).toBe(200)
    const demoUrl = new URL(demo.json<{ data: { url: string } }>().data.url, 'http://x')
    expect(demoUrl.searchParams.get('mode')).toBe('demo')
    expect(demoUrl.searchParams.get('token')).toBeNull()
  })

  it('refuses real play to a visitor, another wallet currency, and games no studio runs', async () => {
    expect((await launch(null, {})).statusCode).toBe(401)
    const client = await signIn(t.app, await fundedPlayer())
    const usd = await launch(client, { currency: 'USD' })
    expect(usd.json()).toMatchObject({ success: false })
    expect(usd.statusCode).toBe(409)
    // Titles no studio here serves are not in the catalogue at all (docs/decisions/010-catalogue-lists-what-plays.md).
    const unserved = 'withdrawn-title'
    await t.database.db.insert(games).values({
      id: seedGameId(unserved),
      slug: unserved,
      title: 'Withdrawn Title',
      providerId: 'golden-reel',
      kind: 'provider',
      engine: `golden-reel:${unserved}`,
      rtpBp: 9600,
      volatility: 'medium',
      releaseDate: '2024-01-01',
      thumbnailUrl: `/games/art/${unserved}.svg`,
    })
    const other = await launch(client, { slug: unserved })
    expect(other.statusCode).toBe(404)
    // Another brand's title is served (the studio signs it as that brand).
    const blackjack = await launch(client, { slug: 'northern-blackjack' })
    expect(blackjack.statusCode).toBe(200)
    const original = await launch(client, { slug: 'dice' })
    expect(original.statusCode).toBe(404)
  })

  it('refuses an expired launch token and a token of another studio', async () => {
    const player = await fundedPlayer()
    const old = await createLaunchToken(t.database.db, {
      playerId: player.id,
      gameId: seedGameId(GAME),
      currency: 'EUR',
      nowMs: Date.now() - LAUNCH_TOKEN_TTL_MS - 1000,
    })
    const expired = await call('authenticate', { token: old.token })
    expect(expired.statusCode).toBe(401)
    expect(expired.json()).toMatchObject({ code: 'token_expired' })
    const foreign = await createLaunchToken(t.database.db, {
      playerId: player.id,
      gameId: seedGameId('aurora-riches'),
      currency: 'EUR',
    })
    const answer = await call('authenticate', { token: foreign.token })
    expect(answer.json()).toMatchObject({ code: 'token_unknown' })
  })
})

describe('signed requests', () => {
  it('refuses a forged signature, an unknown provider, a stale timestamp and a replay', async () => {
    const player = await fundedPlayer()
    const s = await session(player.id)
    const forged = await call('balance', s, { secret: 'not-the-studio-secret-0123456789abcdef' })
    expect(forged.statusCode).toBe(401)
    expect(forged.json()).toMatchObject({ status: 'error', code: 'signature_invalid' })
    const tampered = await call('balance', s, { signature: `v1=${'0'.repeat(64)}` })
    expect(tampered.json()).toMatchObject({ code: 'signature_invalid' })
    const unknown = await call('balance', s, { provider: 'nobody-studio' })
    expect(unknown.json()).toMatchObject({ code: 'signature_invalid' })
    // Another brand of the studio signs well, but this session is not its own.
    const brand = await call('balance', s, { provider: 'northern-lights' })
    expect(brand.statusCode).toBe(401)
    expect(brand.json()).toMatchObject({ code: 'token_unknown' })
    const stale = await call('balance', s, { timestamp: Math.floor(Date.now() / 1000) - 600 })
    expect(stale.statusCode).toBe(401)
    expect(stale.json()).toMatchObject({ code: 'timestamp_invalid' })

    const nonce = randomUUID()
    const { transaction_id, round_id } = ids()
    const first = await call(
      'bet',
      { ...s, transaction_id, round_id, amount: '100', currency: 'EUR' },
      { nonce },
    )
    expect(first.statusCode).toBe(200)
    const replay = await call(
      'bet',
      { ...s, transaction_id, round_id, amount: '100', currency: 'EUR' },
      { nonce },
    )
    expect(replay.statusCode).toBe(409)
    expect(replay.json()).toMatchObject({ code: 'request_replayed' })
    expect(await cash(player.id)).toBe(9_900n)
    await expectBooks()
  })

  it('answers a malformed body in its own format once the signature holds', async () => {
    const notJson = await call('bet', '{"session":')
    expect(notJson.statusCode).toBe(400)
    expect(notJson.json()).toMatchObject({ status: 'error', code: 'invalid_request' })
    const s = await session((await fundedPlayer()).id)
    const decimals = await bet(s, { ...ids(), amount: '1.50' })
    expect(decimals.json()).toMatchObject({ code: 'invalid_request' })
    // Unsigned garbage learns nothing about the body: the signature is checked first.
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/provider-api/v1/bet',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(unsigned.statusCode).toBe(401)
    expect(unsigned.json()).toMatchObject({ code: 'signature_invalid' })
  })

  it('refuses a session used for another player and a session that went idle', async () => {
    const a = await fundedPlayer()
    const b = await fundedPlayer()
    const s = await session(a.id)
    const mismatch = await bet({ ...s, player_id: b.id }, ids())
    expect(mismatch.statusCode).toBe(403)
    expect(mismatch.json()).toMatchObject({ code: 'player_mismatch' })
    const unknown = await call('balance', { session: 'x'.repeat(43), player_id: a.id })
    expect(unknown.json()).toMatchObject({ code: 'token_unknown' })
    expect(await cash(a.id)).toBe(10_000n)
    expect(await cash(b.id)).toBe(10_000n)
  })
})

describe('money', () => {
  it('takes a bet, pays a win, and shows the round in the bet history', async () => {
    const player = await fundedPlayer()
    const s = await session(player.id)
    const { transaction_id, round_id } = ids()
    const placed = await bet(s, { transaction_id, round_id, amount: '250' })
    expect(placed.statusCode).toBe(200)
    expect(placed.json()).toMatchObject({
      status: 'ok',
      balance: '9750',
      currency: 'EUR',
      transaction_id,
    })
    expect(placed.json<{ casino_transaction_id: string }>().casino_transaction_id).toBeTruthy()
    const paid = await win(s, { transaction_id: `win-${transaction_id}`, round_id, amount: '600' })
    expect(paid.statusCode).toBe(200)
    expect(paid.json()).toMatchObject({ balance: '10350' })
    expect(await cash(player.id)).toBe(10_350n)
    const balance = await call('balance', s)
    expect(balance.json()).toEqual({
      status: 'ok',
      currency: 'EUR',
      balance: '10350',
      free_rounds: [],
    })

    const client = await signIn(t.app, player)
    const history = await t.app.inject({
      method: 'GET',
      url: '/en/player/bets',
      headers: client.headers,
    })
    const [row] = history.json<{ data: { bets: WireBet[] } }>().data.bets
    expect(row).toMatchObject({
      game: GAME,
      round: round_id,
      stake: '250',
      win: '600',
      multiplier: '2.4',
      currency: 'EUR',
    })
    await expectBooks()
  })

  it('closes a lost round with a win of 0 without moving money', async () => {
    const player = await fundedPlayer()
    const s = await session(player.id)
    const { transaction_id, round_id } = ids()
    await bet(s, { transaction_id, round_id })
    const closed = await win(s, { transaction_id: `w-${transaction_id}`, round_id, amount: '0' })
    expect(closed.json()).toMatchObject({ balance: '9900', casino_transaction_id: null })
    await expectBooks()
  })

  it('answers a repeated bet or win with the first result and moves nothing', async () => {
    const player = await fundedPlayer()
    const s = await session(player.id)
    const { transaction_id, round_id } = ids()
    const first = await bet(s, { transaction_id, round_id })
    const again = await bet(s, { transaction_id, round_id })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    const paid = await win(s, { transaction_id: `w-${transaction_id}`, round_id, amount: '300' })
    const paidAgain = await win(s, {
      transaction_id: `w-${transaction_id}`,
      round_id,
      amount: '300',
    })
    expect(paidAgain.json()).toEqual(paid.json())
    expect(await cash(player.id)).toBe(10_200n)
    // The same id with another amount is a conflict, not a second bet.
    const conflict = await bet(s, { transaction_id, round_id, amount: '500' })
    expect(conflict.statusCode).toBe(409)
    expect(conflict.json()).toMatchObject({ code: 'transaction_conflict' })
    expect(await cash(player.id)).toBe(10_200n)
    await expectBooks()
  })

  it('moves a stake once when the same bet arrives many times at once', async () => {
    const player = await fundedPlayer()
    const s = await session(player.id)
    const { transaction_id, round_id } = ids()
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => bet(s, { transaction_id, round_id })),
    )
    const ok = answers.filter((answer) => answer.statusCode === 200)
    expect(ok.length).toBeGreaterThanOrEqual(1)
    for (const answer of answers) {
      if (answer.statusCode !== 200) {
        expect(answer.json()).toMatchObject({ code: 'transaction_in_progress' })
      }
    }
    expect(await cash(player.id)).toBe(9_900n)
    await expectBooks()
  })

  it('refuses stakes above the balance and outside the game limits, moving nothing', async () => {
    const player = await fundedPlayer(150n)
    const s = await session(player.id)
    const broke = await bet(s, { ...ids(), amount: '200' })
    expect(broke.statusCode).toBe(409)
    expect(broke.json()).toMatchObject({ code: 'insufficient_funds', balance: '150' })
    const low = await bet(s, { ...ids(), amount: '19' })
    expect(low.json()).toMatchObject({ code: 'stake_below_min', min: '20' })
    const rich = await fundedPlayer(1_000_000n)
    const high = await bet(await session(rich.id), { ...ids(), amount: '10001' })
    expect(high.json()).toMatchObject({ code: 'stake_above_max', max: '10000' })
    const usd = await call('bet', { ...s, ...ids(), amount: '100', currency: 'USD' })
    expect(usd.json()).toMatchObject({ code: 'currency_mismatch' })
    expect(await cash(player.id)).toBe(150n)
    // A refused bet keeps no row, so the studio may send that id again once the player can pay.
    const rows = await t.database.db
      .select()
      .from(providerTransactions)
      .where(eq(providerTransactions.playerId, player.id))
    expect(rows).toEqual([])
    await expectBooks()
  })

  it('refuses a win for a round without a standing bet', async () => {
    const player = await fundedPlayer()
    const s = await session(player.id)
    const answer = await win(s, { ...ids(), amount: '500' })
    expect(answer.statusCode).toBe(404)
    expect(answer.json()).toMatchObject({ code: 'round_not_found' })
    expect(await cash(player.id)).toBe(10_000n)
  })

  it('accepts a win after the session went idle (the studio owes it), but not a bet', async () => {
    const player = await fundedPlayer()
    const s = await session(player.id)
    const { transaction_id, round_id } = ids()
    await bet(s, { transaction_id, round_id })
    await t.database.db.execute(
      `update provider_launch_tokens set expires_at = now() - interval '1 second' where player_id = '${player.id}'`,
    )
    const late = await bet(s, ids())
    expect(late.json()).toMatchObject({ code: 'session_expired' })
    const paid = await win(s, { transaction_id: `w-${transaction_id}`, round_id, amount: '200' })
    expect(paid.statusCode).toBe(200)
    expect(await cash(player.id)).toBe(10_100n)
    expect(SESSION_IDLE_MS).toBeGreaterThan(0)
    await expectBooks()
  })
})

describe('rollback', () => {
  it('refunds a bet once, however many rollbacks name it', async () => {
    const player = await fundedPlayer()
    const s = await session(player.id)
    const { transaction_id, round_id } = ids()
    await bet(s, { transaction_id, round_id, amount: '400' })
    expect(await cash(player.id)).toBe(9_600n)
    const undo = {
      transaction_id: `rb-${transaction_id}`,
      bet_transaction_id: transaction_id,
      round_id,
    }
    const first = await rollback(s, undo)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ balance: '10000' })
    const repeat = await rollback(s, undo)
    expect(repeat.json()).toEqual(first.json())
    const another = await rollback(s, { ...undo, transaction_id: `rb2-${transaction_id}` })
    expect(another.statusCode).toBe(200)
    expect(another.json()).toMatchObject({ balance: '10000', casino_transaction_id: null })
    expect(await cash(player.id)).toBe(10_000n)
    // The bet repeated after its rollback answers its first result and takes nothing.
    const betAgain = await bet(s, { transaction_id, round_id, amount: '400' })
    expect(betAgain.json()).toMatchObject({ status: 'ok', balance: '9600' })
    expect(await cash(player.id)).toBe(10_000n)
    // Nothing stands in the round any more: no win can be paid into it.
    const lateWin = await win(s, { transaction_id: `w-${transaction_id}`, round_id, amount: '1' })
    expect(lateWin.json()).toMatchObject({ code: 'round_not_found' })
    const client = await signIn(t.app, player)
    const history = await t.app.inject({
      method: 'GET',
      url: '/en/player/bets',
      headers: client.headers,
    })
    expect(history.json<{ data: { bets: WireBet[] } }>().data.bets[0]).toMatchObject({
      round: round_id,
      stake: '0',
      win: '0',
    })
    await expectBooks()
  })

  it('records a rollback of a bet never seen, so that bet can never land', async () => {
    const player = await fundedPlayer()
    const s = await session(player.id)
    const { transaction_id, round_id } = ids()
    const early = await rollback(s, {
      transaction_id: `rb-${transaction_id}`,
      bet_transaction_id: transaction_id,
      round_id,
    })
    expect(early.statusCode).toBe(200)
    expect(early.json()).toMatchObject({ balance: '10000', casino_transaction_id: null })
    const late = await bet(s, { transaction_id, round_id, amount: '300' })
    expect(late.statusCode).toBe(409)
    expect(late.json()).toMatchObject({ code: 'bet_rolled_back' })
    expect(await cash(player.id)).toBe(10_000n)
    const [row] = await t.database.db
      .select()
      .from(providerTransactions)
      .where(
        and(
          eq(providerTransactions.providerId, PROVIDER),
          eq(providerTransactions.providerTransactionId, transaction_id),
        ),
      )
    expect(row).toMatchObject({ kind: 'bet', isCancelled: true, amountMinor: 0n })
    await expectBooks()
  })

  it('refuses to roll back a bet whose round paid a win', async () => {
    const player = await fundedPlayer()
    const s = await session(player.id)
    const { transaction_id, round_id } = ids()
    await bet(s, { transaction_id, round_id })
    await win(s, { transaction_id: `w-${transaction_id}`, round_id, amount: '500' })
    const answer = await rollback(s, {
      transaction_id: `rb-${transaction_id}`,
      bet_transaction_id: transaction_id,
      round_id,
    })
    expect(answer.statusCode).toBe(409)
    expect(answer.json()).toMatchObject({ code: 'bet_settled' })
    expect(await cash(player.id)).toBe(10_400n)
    await expectBooks()
  })

  it('keeps the books exact when bets, wins and rollbacks of one round race', async () => {
    const player = await fundedPlayer()
    const s = await session(player.id)
    const round_id = `round-${randomUUID()}`
    const betIds = Array.from({ length: 4 }, (_, index) => `bet-${index}-${randomUUID()}`)
    await Promise.all([
      ...betIds.map((transaction_id) => bet(s, { transaction_id, round_id })),
      ...betIds.map((bet_transaction_id) =>
        rollback(s, { transaction_id: `rb-${bet_transaction_id}`, bet_transaction_id, round_id }),
      ),
    ])
    // Whatever the order, every bet was rolled back: either refunded or refused at arrival.
    expect(await cash(player.id)).toBe(10_000n)
    await expectBooks()
  })
})

describe('documentation', () => {
  it('publishes the provider API and its signature scheme in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/openapi.json' })
    expect(response.statusCode).toBe(200)
    const document = response.json<{
      paths: Record<string, unknown>
      components: { securitySchemes: Record<string, unknown> }
    }>()
    for (const call of ['authenticate', 'balance', 'bet', 'win', 'rollback']) {
      expect(document.paths).toHaveProperty([`/provider-api/v1/${call}`])
    }
    expect(document.paths).toHaveProperty(['/games/provider/launch'])
    expect(document.components.securitySchemes).toHaveProperty(['providerSignature'])
  })
})
