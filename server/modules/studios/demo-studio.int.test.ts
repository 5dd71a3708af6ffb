import { createServer as createHttpServer } from 'node:http'
import { createServer } from 'node:net'
import Fastify from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { createPlayer } from '#tests/factories/players.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { seedGameId } from '#db/seed/games.ts'
import { accountBalance, checkBooks } from '#server/modules/ledger/index.ts'
import { TEST_DEMO_STUDIO_SECRET } from '#tests/helpers/test-secrets.ts'
import { demoStudio } from '../../../providers/demo-studio/studio.plugin.ts'
import { inLedgerTransaction } from '#server/modules/ledger/index.ts'
import { eq } from 'drizzle-orm'
import { grantFreeSpins } from './free-spins.ts'
import { createLaunchToken } from './provider-wallet.ts'
import { freeSpinGrants } from './studios.tables.ts'
import { insertNotification } from '#server/modules/notifications/index.ts'
import { shippedWording } from '#tests/helpers/engagement.ts'

// The bundled Demo Studio end to end on the server side: its page's calls go to the studio,
// whose server calls the casino's provider API over real HTTP (the app listens on a port).

let t: TestApp

/** A port nothing listens on yet, so the studio can be told where the casino will be. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('no port'))
      })
    })
  })

beforeAll(async () => {
  const port = await freePort()
  t = await buildTestApp({
    env: { PORT: String(port), DEMO_STUDIO_CASINO_URL: `http://127.0.0.1:${port}` },
  })
  await t.app.listen({ port, host: '127.0.0.1' })
})

const GAME = 'starlight-spins'

async function openGame(amountMinor: bigint) {
  const player = await createPlayer(t.database.db)
  await fundPlayer(t.database.db, player.id, 'EUR', amountMinor)
  const { token } = await createLaunchToken(t.database.db, {
    playerId: player.id,
    gameId: seedGameId(GAME),
    currency: 'EUR',
  })
  const session = await t.app.inject({
    method: 'POST',
    url: '/studio/demo/api/session',
    payload: { token },
  })
  expect(session.statusCode).toBe(200)
  const body = session.json<{ session: string; player_id: string; exponent: number }>()
  return { player, session: body.session, exponent: body.exponent }
}

const spin = (game: { session: string; player: { id: string } }, stake: string) =>
  t.app.inject({
    method: 'POST',
    url: '/studio/demo/api/spin',
    payload: {
      session: game.session,
      player_id: game.player.id,
      currency: 'EUR',
      stake,
      code: GAME,
    },
  })

describe('Demo Studio', () => {
  it('serves its game page framable by the casino only, under its own CSP', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/studio/demo/play/${GAME}?mode=demo&currency=EUR&lang=de-AT`,
    })
    expect(page.statusCode).toBe(200)
    expect(page.headers['x-frame-options']).toBeUndefined()
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'")
    expect(page.body).toContain('lang="de"')
    expect(page.body).toContain('Drehen')
    const unknown = await t.app.inject({ method: 'GET', url: '/studio/demo/play/demo-blackjack' })
    expect(unknown.statusCode).toBe(404)
    const tokenless = await t.app.inject({
      method: 'GET',
      url: `/studio/demo/play/${GAME}?mode=real`,
    })
    expect(tokenless.statusCode).toBe(404)
  })

  it('plays real spins through the signed API: each moves exactly its stake and payout', async () => {
    const game = await openGame(10_000n)
    expect(game.exponent).toBe(2)
    let paid = 0n
    for (let round = 0; round < 5; round++) {
      const answer = await spin(game, '100')
      expect(answer.statusCode).toBe(200)
      const body = answer.json<{ payout: string; balance: string; window: number[][] }>()
      expect(body.window).toHaveLength(3)
      paid += BigInt(body.payout)
      expect(body.balance).toBe((10_000n - 100n * BigInt(round + 1) + paid).toString())
    }
    const cash = await accountBalance(t.database.db, {
      playerId: game.player.id,
      kind: 'cash',
      currency: 'EUR',
    })
    expect(cash).toBe(10_000n - 500n + paid)
    expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
  })

  it('passes the casino’s refusal on to the page and moves nothing', async () => {
    const game = await openGame(50n)
    const answer = await spin(game, '100')
    expect(answer.statusCode).toBe(409)
    expect(answer.json()).toMatchObject({ error: 'insufficient_funds', balance: '50' })
    const reused = await t.app.inject({
      method: 'POST',
      url: '/studio/demo/api/session',
      payload: { token: 'a'.repeat(43) },
    })
    expect(reused.json()).toMatchObject({ error: 'token_unknown' })
  })

  it('plays the casino’s free rounds first: the casino stakes them, the page says how many are left', async () => {
    const player = await createPlayer(t.database.db)
    await fundPlayer(t.database.db, player.id, 'EUR', 1_000n)
    const grantId = await inLedgerTransaction(t.database.db, (tx) =>
      grantFreeSpins(tx, {
        playerId: player.id,
        gameId: seedGameId(GAME),
        currency: 'EUR',
        spins: 2,
        stakeMinor: 50n,
        key: `prize:test:${player.id}`,
        now: new Date(),
        notify: insertNotification,
        wording: shippedWording,
      }),
    )
    const { token } = await createLaunchToken(t.database.db, {
      playerId: player.id,
      gameId: seedGameId(GAME),
      currency: 'EUR',
    })
    const opened = await t.app.inject({
      method: 'POST',
      url: '/studio/demo/api/session',
      payload: { token },
    })
    const session = opened.json<{ session: string; free_rounds: { id: string }[] }>()
    expect(session.free_rounds).toMatchObject([{ id: grantId, spins_left: 2, stake_minor: '50' }])
    let paid = 0n
    for (let round = 0; round < 2; round++) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/studio/demo/api/spin',
        payload: {
          session: session.session,
          player_id: player.id,
          currency: 'EUR',
          stake: '50',
          code: GAME,
          free_round_id: grantId,
        },
      })
      expect(answer.statusCode).toBe(200)
      paid += BigInt(answer.json<{ payout: string }>().payout)
    }
    const cash = await accountBalance(t.database.db, {
      playerId: player.id,
      kind: 'cash',
      currency: 'EUR',
    })
    expect(cash).toBe(1_000n + paid)
    const [grant] = await t.database.db
      .select()
      .from(freeSpinGrants)
      .where(eq(freeSpinGrants.id, grantId ?? ''))
    expect(grant).toMatchObject({ spinsLeft: 0, wonMinor: paid })
    const page = await t.app.inject({
      method: 'GET',
      url: `/studio/demo/play/${GAME}?mode=real&token=${'a'.repeat(43)}&lang=fr`,
    })
    expect(page.body).toContain('tours gratuits (mise {stake})')
    expect(page.body).toContain('data-testid="studio-free-spins"')
    expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
  })

  it('plays demo spins without the casino', async () => {
    const before = await checkBooks(t.database.db)
    const answer = await t.app.inject({
      method: 'POST',
      url: '/studio/demo/api/demo-spin',
      payload: { code: GAME, stake: '100' },
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ balance: null })
    expect((await checkBooks(t.database.db)).transfers).toBe(before.transfers)
  })
})

describe('Demo Studio when the casino’s answer to a bet is lost', () => {
  it('rolls the bet back, so the stake it may have taken comes back and the books stay exact', async () => {
    const casino = `http://127.0.0.1:${String((t.app.server.address() as { port: number }).port)}`
    // A network between studio and casino that delivers every call but loses the bet's answer.
    const lost: string[] = []
    const proxy = createHttpServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        void fetch(`${casino}${request.url ?? ''}`, {
          method: request.method ?? 'POST',
          headers: Object.fromEntries(
            Object.entries(request.headers).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          ),
          body: Buffer.concat(chunks),
        }).then(async (answer) => {
          const body = await answer.text()
          if (request.url === '/provider-api/v1/bet') {
            lost.push(body)
            response.writeHead(502).end()
            return
          }
          response.writeHead(answer.status, { 'content-type': 'application/json' }).end(body)
        })
      })
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    const studio = Fastify({ logger: false })
    await studio.register(demoStudio, {
      prefix: '/studio/demo',
      providerId: 'demo-studio',
      secret: TEST_DEMO_STUDIO_SECRET,
      casinoUrl: `http://127.0.0.1:${String((proxy.address() as { port: number }).port)}`,
    })
    try {
      const game = await openGame(10_000n)
      const answer = await studio.inject({
        method: 'POST',
        url: '/studio/demo/api/spin',
        payload: {
          session: game.session,
          player_id: game.player.id,
          currency: 'EUR',
          stake: '100',
          code: GAME,
        },
      })
      expect(answer.statusCode).toBe(503)
      expect(answer.json()).toMatchObject({ error: 'connection' })
      // The bet did land (its answer was lost), and the rollback gave the stake back.
      expect(lost.length).toBeGreaterThanOrEqual(1)
      expect(JSON.parse(lost[0] ?? '{}')).toMatchObject({ status: 'ok', balance: '9900' })
      const cash = await accountBalance(t.database.db, {
        playerId: game.player.id,
        kind: 'cash',
        currency: 'EUR',
      })
      expect(cash).toBe(10_000n)
      expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
    } finally {
      await studio.close()
      await new Promise((resolve) => proxy.close(resolve))
    }
  })
})
