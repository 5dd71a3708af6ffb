import { createHash } from 'node:crypto'
import { createServer as createHttpServer } from 'node:http'
import { eq } from 'drizzle-orm'
import Fastify, { type LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { signIn } from '#tests/factories/players.ts'
import { createPlayer } from '#tests/factories/players.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { seedGameId } from '#db/seed/games.ts'
import { inLedgerTransaction } from '#server/modules/ledger/index.ts'
import { insertNotification } from '#server/modules/notifications/index.ts'
import { shippedWording } from '#tests/helpers/engagement.ts'
import { providerCall } from '#tests/helpers/provider-api.ts'
import { TEST_DEMO_STUDIO_SECRET } from '#tests/helpers/test-secrets.ts'
import {
  buildListeningApp,
  cashOf,
  expectBalancedBooks,
  launchToken,
  playerCalls,
  realSession,
  roundCalls,
  STUDIO,
  studioPage,
  type StudioRoundAnswer,
  type StudioSessionAnswer,
} from '#tests/helpers/studio.ts'
import type { TestApp } from '#tests/helpers/build-test-app.ts'
import type { WireBet } from '../bets/index.ts'
import { demoStudio } from '../../../providers/demo-studio/studio.plugin.ts'
import { grantFreeSpins } from './free-spins.ts'
import { databaseStudioStore } from './studio-store.ts'
import { freeSpinGrants, providerTransactions } from './studios.tables.ts'

// The bundled Demo Studio end to end on the server side: its page's calls go to the studio,
// whose server calls the casino's provider API over real HTTP (the app listens on a port). The
// round protocol (providers/demo-studio/rounds.ts) is the same for every title: a slot's round is
// one call; a blackjack round stays open between the page's moves, in the studio's store.

let t: TestApp & { casinoUrl: string }
let page: ReturnType<typeof studioPage>

beforeAll(async () => {
  t = await buildListeningApp()
  page = studioPage(t.app)
})

const SLOT = 'starlight-spins'
/** A blackjack of the northern-lights brand: the studio signs its calls as that provider. */
const BLACKJACK = 'northern-blackjack'
/** Table games' stakes: 1 to 500 EUR. */
const TABLE_STAKE = 100n

const answerOf = (response: LightMyRequestResponse) => response.json<StudioRoundAnswer>()

/** Starts blackjack rounds until one waits for the player (a natural or a dealer's ace-ten ends at once). */
async function openBlackjack(session: string, want: (moves: string[]) => boolean = () => true) {
  let settled = 0n
  for (let attempt = 0; attempt < 60; attempt++) {
    const start = await page.round(session, TABLE_STAKE)
    expect(start.statusCode, start.body).toBe(200)
    const answer = answerOf(start)
    if (!answer.done) {
      const moves = answer.view.moves as string[]
      if (want(moves)) return { answer, settled }
      // Not the position the test needs: stand (or decline insurance) until it is over.
      const finished = await finish(session, answer)
      settled += BigInt(finished.payout) - BigInt(finished.staked)
      continue
    }
    settled += BigInt(answer.payout) - BigInt(answer.staked)
  }
  throw new Error('no open blackjack round in 60 deals')
}

/** Plays an open blackjack round to its end without staking more. */
async function finish(session: string, open: StudioRoundAnswer) {
  let answer = open
  for (let move = 0; !answer.done && move < 20; move++) {
    const moves = answer.view.moves as string[]
    const action = moves.includes('no-insurance') ? 'no-insurance' : 'stand'
    const next = await page.act(session, answer.round_id, action)
    expect(next.statusCode, next.body).toBe(200)
    answer = answerOf(next)
  }
  expect(answer.done).toBe(true)
  return answer
}

describe('the Demo Studio’s page', () => {
  it('is served framable by the casino only, under its own CSP, with the bundle under its hash', async () => {
    const served = await t.app.inject({
      method: 'GET',
      url: `${STUDIO}/play/${SLOT}?mode=demo&currency=EUR&lang=de-AT`,
    })
    expect(served.statusCode).toBe(200)
    expect(served.headers['x-frame-options']).toBeUndefined()
    const csp = String(served.headers['content-security-policy'])
    expect(csp).toContain("frame-ancestors 'self'")
    expect(csp).toContain("default-src 'none'")
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(csp).toContain(`style-src 'nonce-${nonce ?? ''}'`)
    expect(served.headers['cache-control']).toBe('no-store')
    expect(served.body).toContain('lang="de"')
    // Every script of the page carries this answer's nonce; the bundle is named by its hash.
    for (const tag of served.body.match(/<script\b[^>]*>/g) ?? []) {
      expect(tag).toContain(`nonce="${nonce ?? ''}"`)
    }
    const file = new RegExp(`${STUDIO}/assets/(studio-[0-9a-f]{16}\\.js)`).exec(served.body)?.[1]
    expect(file).toBeTruthy()
    const bundle = await t.app.inject({ method: 'GET', url: `${STUDIO}/assets/${file ?? ''}` })
    expect(bundle.statusCode).toBe(200)
    expect(bundle.headers['content-type']).toContain('javascript')
    expect(bundle.headers['cache-control']).toContain('immutable')
    expect(file).toBe(`studio-${createHash('sha256').update(bundle.body).digest('hex').slice(0, 16)}.js`)
    const other = await t.app.inject({ method: 'GET', url: `${STUDIO}/assets/studio-0000000000000000.js` })
    expect(other.statusCode).toBe(404)

    const again = await t.app.inject({ method: 'GET', url: `${STUDIO}/play/${SLOT}?mode=demo` })
    expect(again.headers['content-security-policy']).not.toContain(`'nonce-${nonce ?? ''}'`)
    const unknown = await t.app.inject({ method: 'GET', url: `${STUDIO}/play/no-such-title` })
    expect(unknown.statusCode).toBe(404)
    const tokenless = await t.app.inject({ method: 'GET', url: `${STUDIO}/play/${SLOT}?mode=real` })
    expect(tokenless.statusCode).toBe(404)
  })
})

describe('a real-money slot round', () => {
  it('takes the stake and pays the win through the signed API, and the bet history shows it', async () => {
    const { player, session, balance, exponent } = await realSession(t, SLOT, 10_000n)
    expect({ balance, exponent }).toEqual({ balance: '10000', exponent: 2 })
    let expected = 10_000n
    const rounds: StudioRoundAnswer[] = []
    for (let round = 0; round < 5; round++) {
      const response = await page.round(session, 100n)
      expect(response.statusCode, response.body).toBe(200)
      const answer = answerOf(response)
      expect(answer).toMatchObject({ done: true, staked: '100' })
      expect(answer.balance_after_stake).toBe((expected - 100n).toString())
      expected += BigInt(answer.payout) - 100n
      expect(answer.balance).toBe(expected.toString())
      rounds.push(answer)
      // One bet and one win (0 for a loss) per round, signed as the title's brand.
      const calls = await roundCalls(t, answer.round_id)
      expect(calls.map((call) => [call.kind, call.amount, call.providerId])).toEqual([
        ['bet', 100n, 'demo-studio'],
        ['win', BigInt(answer.payout), 'demo-studio'],
      ])
    }
    expect(await cashOf(t, player.id)).toBe(expected)

    const client = await signIn(t.app, player)
    const history = await t.app.inject({
      method: 'GET',
      url: '/en/player/bets?pageSize=100',
      headers: client.headers,
    })
    expect(history.statusCode).toBe(200)
    const bets = history.json<{ data: { bets: WireBet[] } }>().data.bets
    for (const round of rounds) {
      expect(bets.find((bet) => bet.round === round.round_id), round.round_id).toMatchObject({
        stake: '100',
        win: round.payout,
        currency: 'EUR',
      })
    }
    await expectBalancedBooks(t)
  })

  it('passes the casino’s refusal on to the page and moves nothing', async () => {
    const poor = await realSession(t, SLOT, 50n)
    const refused = await page.round(poor.session, 100n)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ error: 'insufficient_funds', balance: '50' })
    expect(await cashOf(t, poor.player.id)).toBe(50n)
    expect(await playerCalls(t, poor.player.id)).toEqual([])

    // Outside the game's stake limits (20 to 10,000 cents for a slot): the studio refuses it.
    const rich = await realSession(t, SLOT, 100_000n)
    for (const stake of [19n, 10_001n]) {
      const out = await page.round(rich.session, stake)
      expect(out.statusCode).toBe(400)
      expect(out.json()).toMatchObject({ error: 'stake_out_of_range' })
    }
    expect(await playerCalls(t, rich.player.id)).toEqual([])
    expect(await cashOf(t, rich.player.id)).toBe(100_000n)

    const reused = await page.session('a'.repeat(43), SLOT)
    expect(reused.statusCode).toBe(409)
    expect(reused.json()).toMatchObject({ error: 'token_unknown' })
    const lapsed = await page.round('b'.repeat(43), 100n)
    expect(lapsed.statusCode).toBe(401)
    expect(lapsed.json()).toMatchObject({ error: 'session_expired' })
    // A token for another title than the page's.
    const token = await launchToken(t, rich.player.id, SLOT)
    const wrongTitle = await page.session(token, 'neon-nights')
    expect(wrongTitle.statusCode).toBe(400)
    await expectBalancedBooks(t)
  })

  it('plays the casino’s free rounds: the casino stakes them, the win goes to the cash', async () => {
    const player = await createPlayer(t.database.db)
    await fundPlayer(t.database.db, player.id, 'EUR', 1_000n)
    const grantId = await inLedgerTransaction(t.database.db, (tx) =>
      grantFreeSpins(tx, {
        playerId: player.id,
        gameId: seedGameId(SLOT),
        currency: 'EUR',
        spins: 2,
        stakeMinor: 50n,
        key: `prize:test:${player.id}`,
        now: new Date(),
        notify: insertNotification,
        wording: shippedWording,
      }),
    )
    const opened = await page.session(await launchToken(t, player.id, SLOT), SLOT)
    expect(opened.statusCode).toBe(200)
    const session = opened.json<StudioSessionAnswer>()
    expect(session.free_rounds).toMatchObject([{ id: grantId, spins_left: 2, stake_minor: '50' }])
    // A free round stakes exactly its own amount.
    const wrong = await page.round(session.session, 100n, { free_round_id: grantId })
    expect(wrong.statusCode).toBe(409)
    expect(wrong.json()).toMatchObject({ error: 'free_round_stake_mismatch' })
    let paid = 0n
    for (let round = 0; round < 2; round++) {
      const answer = await page.round(session.session, 50n, { free_round_id: grantId })
      expect(answer.statusCode, answer.body).toBe(200)
      paid += BigInt(answerOf(answer).payout)
      // The stake is the casino's: the balance does not drop.
      expect(answerOf(answer).balance_after_stake).toBe((1_000n + paid - BigInt(answerOf(answer).payout)).toString())
    }
    const used = await page.round(session.session, 50n, { free_round_id: grantId })
    expect(used.statusCode).toBe(409)
    expect(used.json()).toMatchObject({ error: 'free_round_used_up' })
    expect(await cashOf(t, player.id)).toBe(1_000n + paid)
    const [grant] = await t.database.db
      .select()
      .from(freeSpinGrants)
      .where(eq(freeSpinGrants.id, grantId ?? ''))
    expect(grant).toMatchObject({ spinsLeft: 0, wonMinor: paid })
    // Free rounds are a slot's: a table game refuses one.
    const table = await realSession(t, BLACKJACK, 1_000n)
    const refused = await page.round(table.session, TABLE_STAKE, { free_round_id: grantId })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ error: 'invalid_params' })
    await expectBalancedBooks(t)
  })
})

describe('demo play', () => {
  it('posts nothing to the provider API and keeps its play money', async () => {
    const before = await expectBalancedBooks(t)
    const callsBefore = (await t.database.db.select({ id: providerTransactions.providerTransactionId }).from(providerTransactions)).length
    const opened = await page.demoSession(SLOT)
    expect(opened.statusCode).toBe(200)
    const session = opened.json<StudioSessionAnswer>()
    expect(session).toMatchObject({ mode: 'demo', currency: 'EUR', balance: '100000', stake_min: '20', stake_max: '10000', open_round: null })
    let balance = 100_000n
    for (let round = 0; round < 3; round++) {
      const answer = answerOf(await page.round(session.session, 500n))
      balance += BigInt(answer.payout) - 500n
      expect(answer.balance).toBe(balance.toString())
    }
    // A blackjack in demo keeps its round open in the studio too.
    const table = (await page.demoSession(BLACKJACK)).json<StudioSessionAnswer>()
    const { answer } = await openBlackjack(table.session)
    await finish(table.session, answer)
    const after = await expectBalancedBooks(t)
    expect(after.transfers).toBe(before.transfers)
    const callsAfter = (await t.database.db.select({ id: providerTransactions.providerTransactionId }).from(providerTransactions)).length
    expect(callsAfter).toBe(callsBefore)
  })

  it('cannot spend play money twice: ten rounds at once never take a balance below 0', async () => {
    const session = (await page.demoSession(SLOT)).json<StudioSessionAnswer>().session
    // Leave 250 EUR of the 1,000: ten rounds of 100 EUR at once cannot all be staked unless
    // wins come back in between.
    const store = databaseStudioStore(t.database.db)
    const key = `session:${session}`
    const stored = await store.get<{ balance: bigint }>(key)
    expect(stored?.value.balance).toBe(100_000n)
    expect(await store.replace(key, stored?.version ?? 0, { ...stored?.value, balance: 25_000n }, 60 * 60_000)).toBe(true)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => page.round(session, 10_000n)),
    )
    let expected = 25_000n
    const afterStakes: bigint[] = []
    for (const answer of answers) {
      if (answer.statusCode === 200) {
        const round = answerOf(answer)
        expected += BigInt(round.payout) - 10_000n
        afterStakes.push(BigInt(round.balance_after_stake ?? '-1'))
      } else {
        expect(answer.statusCode, answer.body).toBe(409)
        expect(['insufficient_funds', 'round_busy']).toContain(answer.json<{ error: string }>().error)
      }
    }
    // Every stake was taken from money that was there (the purse moves by compare-and-set), and
    // the purse holds exactly the start less the stakes taken plus their wins.
    expect(afterStakes.length).toBeGreaterThanOrEqual(2)
    expect(afterStakes.every((balance) => balance >= 0n)).toBe(true)
    const final = await store.get<{ balance: bigint }>(key)
    expect(final?.value.balance).toBe(expected)
    expect(expected >= 0n).toBe(true)
  })
})

describe('a bet whose answer the network drops', () => {
  it('is rolled back: the stake it took comes back and the books stay exact', async () => {
    // A network between studio and casino that delivers every call but loses the bet's answer.
    const lost: string[] = []
    const proxy = createHttpServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        void fetch(`${t.casinoUrl}${request.url ?? ''}`, {
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
      prefix: STUDIO,
      secret: TEST_DEMO_STUDIO_SECRET,
      casinoUrl: `http://127.0.0.1:${String((proxy.address() as { port: number }).port)}`,
      store: databaseStudioStore(t.database.db),
    })
    try {
      const behind = studioPage(studio)
      const slot = await realSession(t, SLOT, 10_000n, studio)
      const answer = await behind.round(slot.session, 100n)
      expect(answer.statusCode).toBe(503)
      expect(answer.json()).toMatchObject({ error: 'connection' })
      // The bet did land (its answer was lost), and the rollback gave the stake back.
      expect(lost).toHaveLength(1)
      expect(JSON.parse(lost[0] ?? '{}')).toMatchObject({ status: 'ok', balance: '9900' })
      expect(await cashOf(t, slot.player.id)).toBe(10_000n)
      expect((await playerCalls(t, slot.player.id)).map((call) => call.kind).sort()).toEqual(['bet', 'rollback'])

      // A blackjack's first stake lost the same way leaves no open round behind.
      const table = await realSession(t, BLACKJACK, 10_000n, studio)
      const start = await behind.round(table.session, TABLE_STAKE)
      expect(start.statusCode).toBe(503)
      expect(await cashOf(t, table.player.id)).toBe(10_000n)
      const back = await behind.session(await launchToken(t, table.player.id, BLACKJACK), BLACKJACK)
      expect(back.json<StudioSessionAnswer>().open_round).toBeNull()
      await expectBalancedBooks(t)
    } finally {
      await studio.close()
      await new Promise((resolve) => proxy.close(resolve))
    }
  })
})

describe('a blackjack round', () => {
  it('left open is offered again with a new launch token, and the player finishes it there', async () => {
    const first = await realSession(t, BLACKJACK, 10_000n)
    expect(first.open_round).toBeNull()
    const { answer: open, settled } = await openBlackjack(first.session)
    expect(await cashOf(t, first.player.id)).toBe(10_000n + settled - TABLE_STAKE)
    // The page closes; the player opens the game again later.
    const again = await page.session(await launchToken(t, first.player.id, BLACKJACK), BLACKJACK)
    expect(again.statusCode).toBe(200)
    const second = again.json<StudioSessionAnswer>()
    expect(second.open_round).toMatchObject({ round_id: open.round_id, staked: TABLE_STAKE.toString() })
    expect(second.open_round?.view).toMatchObject({ dealer: open.view.dealer, hands: open.view.hands })
    // A new round waits for this one.
    const blocked = await page.round(second.session, TABLE_STAKE)
    expect(blocked.statusCode).toBe(409)
    expect(blocked.json()).toMatchObject({ error: 'round_open' })
    // The old page's session still names the player's round; the new one finishes it.
    const done = await finish(second.session, open)
    expect(done.round_id).toBe(open.round_id)
    expect(done.balance).toBe((10_000n + settled - TABLE_STAKE + BigInt(done.payout)).toString())
    expect(await cashOf(t, first.player.id)).toBe(10_000n + settled - TABLE_STAKE + BigInt(done.payout))
    const calls = await roundCalls(t, open.round_id)
    expect(calls.map((call) => [call.kind, call.amount, call.providerId])).toEqual([
      ['bet', TABLE_STAKE, 'northern-lights'],
      ['win', BigInt(done.payout), 'northern-lights'],
    ])
    const gone = await page.act(first.session, open.round_id, 'stand')
    expect(gone.statusCode).toBe(404)
    expect(gone.json()).toMatchObject({ error: 'round_not_found' })
    await expectBalancedBooks(t)
  })

  it('takes a double’s stake as a second bet of the round, paid by one win', async () => {
    const { player, session } = await realSession(t, BLACKJACK, 10_000n)
    const { answer: open, settled } = await openBlackjack(session, (moves) => moves.includes('double'))
    const doubled = await page.act(session, open.round_id, 'double')
    expect(doubled.statusCode, doubled.body).toBe(200)
    const answer = answerOf(doubled)
    expect(answer).toMatchObject({ done: true, staked: (2n * TABLE_STAKE).toString() })
    expect(answer.balance_after_stake).toBe((10_000n + settled - 2n * TABLE_STAKE).toString())
    expect(await cashOf(t, player.id)).toBe(10_000n + settled - 2n * TABLE_STAKE + BigInt(answer.payout))
    const calls = await roundCalls(t, open.round_id)
    expect(calls.map((call) => [call.kind, call.id, call.amount])).toEqual([
      ['bet', `bet-${open.round_id}-1`, TABLE_STAKE],
      ['bet', `bet-${open.round_id}-2`, TABLE_STAKE],
      ['win', `win-${open.round_id}`, BigInt(answer.payout)],
    ])
    await expectBalancedBooks(t)
  })

  it('refuses a double the player cannot afford and keeps the round as it was', async () => {
    const { player, session } = await realSession(t, BLACKJACK, 150n)
    for (let attempt = 0; attempt < 60; attempt++) {
      const cash = await cashOf(t, player.id)
      if (cash < TABLE_STAKE) await fundPlayer(t.database.db, player.id, 'EUR', TABLE_STAKE)
      const start = answerOf(await page.round(session, TABLE_STAKE))
      if (start.done) continue
      const moves = start.view.moves as string[]
      if (!moves.includes('double') || (await cashOf(t, player.id)) >= TABLE_STAKE) {
        await finish(session, start)
        continue
      }
      const refused = await page.act(session, start.round_id, 'double')
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toMatchObject({ error: 'insufficient_funds' })
      const back = await page.session(await launchToken(t, player.id, BLACKJACK), BLACKJACK)
      expect(back.json<StudioSessionAnswer>().open_round).toMatchObject({ round_id: start.round_id, staked: TABLE_STAKE.toString() })
      await finish(session, start)
      await expectBalancedBooks(t)
      return
    }
    throw new Error('never dealt a double with less than a stake left')
  })

  it('rolls back a stake a crash left pending when the player returns', async () => {
    const player = await createPlayer(t.database.db)
    await fundPlayer(t.database.db, player.id, 'EUR', 10_000n)
    // The studio's server staked the round at the casino, then stopped before recording the answer.
    const auth = await providerCall(t.app, 'authenticate', { token: await launchToken(t, player.id, BLACKJACK) }, { provider: 'northern-lights' })
    const casino = auth.json<{ session: string; player_id: string }>()
    const roundId = '0193a000-0000-7000-8000-00000000c0de'
    const betId = `bet-${roundId}-1`
    const bet = await providerCall(
      t.app,
      'bet',
      { session: casino.session, player_id: casino.player_id, round_id: roundId, transaction_id: betId, amount: '100', currency: 'EUR' },
      { provider: 'northern-lights' },
    )
    expect(bet.json()).toMatchObject({ status: 'ok', balance: '9900' })
    const store = databaseStudioStore(t.database.db)
    const key = `round:northern-lights:${player.id}:${BLACKJACK}`
    expect(
      await store.create(
        key,
        { roundId, code: BLACKJACK, stake: '100', state: null, staked: 100n, bets: 1, pending: { betId, amount: 100n, previous: null } },
        60 * 60_000,
      ),
    ).toBe(true)
    // The player comes back: the stake is rolled back and no round is offered.
    const back = await page.session(await launchToken(t, player.id, BLACKJACK), BLACKJACK)
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json<StudioSessionAnswer>().open_round).toBeNull()
    expect(await store.get(key)).toBeNull()
    expect(await cashOf(t, player.id)).toBe(10_000n)
    expect((await roundCalls(t, roundId)).map((call) => call.kind)).toEqual(['bet', 'rollback'])
    // A new round can start.
    const next = await page.round(back.json<StudioSessionAnswer>().session, TABLE_STAKE)
    expect(next.statusCode, next.body).toBe(200)
    const answer = answerOf(next)
    if (!answer.done) await finish(back.json<StudioSessionAnswer>().session, answer)
    await expectBalancedBooks(t)
  })

  it('restores the round as it stood when a double’s stake was left pending', async () => {
    const { player, session } = await realSession(t, BLACKJACK, 10_000n)
    const { answer: open, settled } = await openBlackjack(session, (moves) => moves.includes('double'))
    const store = databaseStudioStore(t.database.db)
    const key = `round:northern-lights:${player.id}:${BLACKJACK}`
    const stored = await store.get<{ state: unknown; staked: bigint; bets: number }>(key)
    expect(stored?.value).toMatchObject({ staked: TABLE_STAKE, bets: 1 })
    // The double's stake reached the casino; the studio stopped before it recorded the answer.
    const betId = `bet-${open.round_id}-2`
    const auth = await providerCall(t.app, 'authenticate', { token: await launchToken(t, player.id, BLACKJACK) }, { provider: 'northern-lights' })
    const casino = auth.json<{ session: string; player_id: string }>()
    const bet = await providerCall(
      t.app,
      'bet',
      { session: casino.session, player_id: casino.player_id, round_id: open.round_id, transaction_id: betId, amount: TABLE_STAKE.toString(), currency: 'EUR' },
      { provider: 'northern-lights' },
    )
    expect(bet.statusCode, bet.body).toBe(200)
    expect(
      await store.replace(
        key,
        stored?.version ?? 0,
        { ...stored?.value, bets: 2, staked: 2n * TABLE_STAKE, pending: { betId, amount: TABLE_STAKE, previous: stored?.value.state } },
        60 * 60_000,
      ),
    ).toBe(true)
    // Until the player returns, the round takes no move.
    expect((await page.act(session, open.round_id, 'stand')).statusCode).toBe(404)
    const back = await page.session(await launchToken(t, player.id, BLACKJACK), BLACKJACK)
    const reopened = back.json<StudioSessionAnswer>()
    expect(reopened.open_round).toMatchObject({ round_id: open.round_id, staked: TABLE_STAKE.toString() })
    expect(await cashOf(t, player.id)).toBe(10_000n + settled - TABLE_STAKE)
    const done = await finish(reopened.session, open)
    expect(done.staked).toBe(TABLE_STAKE.toString())
    expect(await cashOf(t, player.id)).toBe(10_000n + settled - TABLE_STAKE + BigInt(done.payout))
    expect((await roundCalls(t, open.round_id)).map((call) => call.kind).sort()).toEqual(['bet', 'bet', 'rollback', 'win'])
    await expectBalancedBooks(t)
  })
})

// Requests racing on one round: on PostgreSQL they run at once on separate connections; on
// PGlite they are interleaved on one (the claims are the same compare-and-sets either way).
describe('requests at once on one round', () => {
  it('pays a round’s last move once when two arrive together', async () => {
    const { player, session } = await realSession(t, BLACKJACK, 10_000n)
    const { answer: open, settled } = await openBlackjack(session, (moves) => moves.includes('stand') && !moves.includes('no-insurance'))
    const [one, two] = await Promise.all([
      page.act(session, open.round_id, 'stand'),
      page.act(session, open.round_id, 'stand'),
    ])
    const answers = [one, two]
    const paid = answers.filter((answer) => answer.statusCode === 200)
    expect(paid).toHaveLength(1)
    const other = answers.find((answer) => answer.statusCode !== 200)
    expect(['round_busy', 'round_not_found']).toContain(other?.json<{ error: string }>().error)
    const payout = BigInt(answerOf(paid[0] ?? one).payout)
    const calls = await roundCalls(t, open.round_id)
    expect(calls.filter((call) => call.kind === 'win')).toHaveLength(1)
    expect(await cashOf(t, player.id)).toBe(10_000n + settled - TABLE_STAKE + payout)
    await expectBalancedBooks(t)
  })

  it('opens one round of a multi-step title when two starts arrive together', async () => {
    const { player, session } = await realSession(t, 'video-poker-jacks', 10_000n)
    const [one, two] = await Promise.all([page.round(session, TABLE_STAKE), page.round(session, TABLE_STAKE)])
    const answers = [one, two]
    const started = answers.filter((answer) => answer.statusCode === 200)
    expect(started).toHaveLength(1)
    const other = answers.find((answer) => answer.statusCode !== 200)
    expect(other?.statusCode).toBe(409)
    expect(other?.json()).toMatchObject({ error: 'round_open' })
    const open = answerOf(started[0] ?? one)
    expect(open.done).toBe(false)
    expect(await cashOf(t, player.id)).toBe(10_000n - TABLE_STAKE)
    const draw = await page.act(session, open.round_id, { hold: [0, 1, 2, 3, 4] })
    expect(draw.statusCode, draw.body).toBe(200)
    expect(answerOf(draw).done).toBe(true)
    expect(await cashOf(t, player.id)).toBe(10_000n - TABLE_STAKE + BigInt(answerOf(draw).payout))
    await expectBalancedBooks(t)
  })
})
