import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { fundedClient as fundedClientOf, fundPlayer } from '#tests/factories/wallet.ts'
import {
  createPlayer,
  signIn,
  testSecretBox,
  type SignedInClient,
} from '#tests/factories/players.ts'
import { providerCall } from '#tests/helpers/provider-api.ts'
import { seedGameId } from '#db/seed/games.ts'
import { accountBalance, checkBooks } from '#server/modules/ledger/index.ts'
import { siteSettings } from '#server/modules/site/site.tables.ts'
import { DEFAULT_SETTINGS } from '#server/modules/site/index.ts'
import type { WalletEntry } from '#server/modules/wallet/index.ts'
import type { WireBet } from './index.ts'
import { fairnessSeeds } from '../originals/originals.tables.ts'
import type { WireMinesRound } from '../originals/index.ts'
import { minePositions, minesPayout, serverSeedOf } from '../originals/index.ts'
import { createLaunchToken } from '../studios/index.ts'

// The maximum win per bet (issue 19 item 3) through the API of every game family but the live
// ones (live.routes.int.test.ts): the operator lowers the setting, a result worth more pays
// exactly the cap, the bet says so, and the books stay balanced.

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

/** Sets the operator's maximum win per bet (euro cents) as an operator's edit would. */
async function setMaxWinEurMinor(eurMinor: number) {
  await t.database.db
    .insert(siteSettings)
    .values({ key: 'maxWinPerBetEurMinor', value: eurMinor })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: eurMinor } })
  await t.app.bus.publish('site.changed', { scope: 'settings' })
}

afterEach(async () => {
  await setMaxWinEurMinor(DEFAULT_SETTINGS.maxWinPerBetEurMinor)
})

const fundedClient = (amountMinor?: bigint) => fundedClientOf(t, amountMinor)

const post = (client: SignedInClient, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: client.headers, payload })

type BetAnswer = { data: { bet: WireBet; wallet: WalletEntry } }
type RoundAnswer = { data: { round: WireMinesRound; wallet: WalletEntry | null } }

const cash = (playerId: string, currency: 'EUR' | 'USD' = 'EUR') =>
  accountBalance(t.database.db, { playerId, kind: 'cash', currency })

const expectBalancedBooks = async () =>
  expect((await checkBooks(t.database.db)).isBalanced).toBe(true)

/** The bet as the player's history shows it. */
async function historyOf(client: SignedInClient, betId: string) {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/en/player/bets?pageSize=100',
    headers: client.headers,
  })
  return answer.json<{ data: { bets: WireBet[] } }>().data.bets.find((bet) => bet.id === betId)
}

/** Places bets until one wins (each call answers one placed bet). */
async function firstWin(place: () => Promise<LightMyRequestResponse>) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const answer = await place()
    expect(answer.statusCode).toBe(200)
    const { bet } = answer.json<BetAnswer>().data
    if (bet.uncapped_win !== null || BigInt(bet.win) > 0n) return bet
  }
  throw new Error('no win in 60 bets')
}

describe('the maximum win per bet', () => {
  it('pays a Dice win over the cap exactly the cap, and the bet and its history say so', async () => {
    await setMaxWinEurMinor(500)
    const { player, client } = await fundedClient(1_000_00n)
    // Under 98.00 wins 98 times in 100 and pays 1.0102× the stake: 1,010 cents on 1,000.
    const bet = await firstWin(() =>
      post(client, '/games/originals/dice/bet', {
        amount: '1000',
        currency: 'EUR',
        target: 9800,
        direction: 'under',
        client_request_id: randomUUID(),
      }),
    )
    expect(bet).toMatchObject({ win: '500', uncapped_win: '1010', multiplier: '0.5' })
    expect(await historyOf(client, bet.id)).toMatchObject({ win: '500', uncapped_win: '1010' })
    const again = await t.app.inject({
      method: 'GET',
      url: `/games/originals/bets/${bet.id}`,
      headers: client.headers,
    })
    expect(again.json<{ data: WireBet }>().data.uncapped_win).toBe('1010')
    // Every bet paid at most the cap: the cash is the deposit less the stakes plus 500 a win.
    const rows = await t.app.inject({
      method: 'GET',
      url: '/en/player/bets?pageSize=100',
      headers: client.headers,
    })
    const placed = rows.json<{ data: { bets: WireBet[] } }>().data.bets
    const wins = placed.filter((row) => row.win !== '0').length
    expect(await cash(player.id)).toBe(
      1_000_00n - BigInt(placed.length) * 1000n + BigInt(wins) * 500n,
    )
    await expectBalancedBooks()
  })

  it('leaves a win under the cap alone, and converts the euro cap into the bet’s currency', async () => {
    // 500 euro cents are 540 US cents at the seeded rate (1.08).
    await setMaxWinEurMinor(500)
    const player = await createPlayer(t.database.db, { currency: 'USD' })
    await fundPlayer(t.database.db, player.id, 'USD', 1_000_00n)
    const client = await signIn(t.app, player)
    const dice = (amount: string) =>
      firstWin(() =>
        post(client, '/games/originals/dice/bet', {
          amount,
          currency: 'USD',
          target: 9800,
          direction: 'under',
          client_request_id: randomUUID(),
        }),
      )
    expect(await dice('500')).toMatchObject({ win: '505', uncapped_win: null })
    expect(await dice('1000')).toMatchObject({ win: '540', uncapped_win: '1010' })
    await expectBalancedBooks()
  })

  it('caps Slots and Roulette wins the same way', async () => {
    await setMaxWinEurMinor(50)
    const { client } = await fundedClient(1_000_00n)
    // Red and black together: every pocket but zero pays 2 × 100.
    const spin = await firstWin(() =>
      post(client, '/games/originals/roulette/spin', {
        currency: 'EUR',
        bets: [
          { kind: 'red', amount: '100' },
          { kind: 'black', amount: '100' },
        ],
        client_request_id: randomUUID(),
      }),
    )
    expect(spin).toMatchObject({ win: '50', uncapped_win: '200' })

    await setMaxWinEurMinor(1)
    const slots = await firstWin(() =>
      post(client, '/games/originals/slots/spin', {
        amount: '1000',
        currency: 'EUR',
        client_request_id: randomUUID(),
      }),
    )
    expect(slots.win).toBe('1')
    expect(BigInt(slots.uncapped_win ?? '0')).toBeGreaterThan(1n)
    await expectBalancedBooks()
  })

  it('pays a Mines cash-out over the cap the cap, and shows the capped cash-out while it runs', async () => {
    await setMaxWinEurMinor(50)
    const { player, client } = await fundedClient()
    const started = await post(client, '/games/originals/mines/start', {
      amount: '100',
      currency: 'EUR',
      mines: 3,
      client_request_id: randomUUID(),
    })
    expect(started.statusCode).toBe(200)
    const { round } = started.json<RoundAnswer>().data
    const [seed] = await t.database.db
      .select()
      .from(fairnessSeeds)
      .where(eq(fairnessSeeds.serverSeedHash, round.server_seed_hash))
    if (!seed) throw new Error('no seed')
    const mines = minePositions(
      {
        serverSeed: serverSeedOf(testSecretBox, seed),
        clientSeed: seed.clientSeed,
        nonce: round.nonce,
      },
      3,
    )
    const safe = [...Array(25).keys()].find((tile) => !mines.includes(tile)) ?? -1
    const revealed = await post(client, '/games/originals/mines/reveal', {
      round_id: round.id,
      tile: safe,
    })
    expect(revealed.json<RoundAnswer>().data.round.cashout).toBe('50')

    const cashed = await post(client, '/games/originals/mines/cashout', { round_id: round.id })
    expect(cashed.statusCode).toBe(200)
    const uncapped = minesPayout(100n, 3, 1).toString()
    expect(cashed.json<RoundAnswer>().data.round.bet).toMatchObject({
      win: '50',
      uncapped_win: uncapped,
    })
    expect(await cash(player.id)).toBe(100_00n - 100n + 50n)
    const bet = cashed.json<RoundAnswer>().data.round.bet
    expect(await historyOf(client, bet?.id ?? '')).toMatchObject({ uncapped_win: uncapped })
    await expectBalancedBooks()
  })

  it('pays a studio round’s wins together at most the cap and tells the studio what it paid', async () => {
    await setMaxWinEurMinor(300)
    const player = await createPlayer(t.database.db)
    await fundPlayer(t.database.db, player.id, 'EUR', 10_000n)
    const { token } = await createLaunchToken(t.database.db, {
      playerId: player.id,
      gameId: seedGameId('starlight-spins'),
      currency: 'EUR',
    })
    const authenticated = await providerCall(t.app, 'authenticate', { token })
    const session = authenticated.json<{ session: string; player_id: string }>()
    const round_id = `round-${randomUUID()}`
    const call = (name: string, fields: Record<string, string>) =>
      providerCall(t.app, name, {
        session: session.session,
        player_id: session.player_id,
        currency: 'EUR',
        round_id,
        ...fields,
      })
    expect((await call('bet', { transaction_id: 'cap-bet', amount: '100' })).statusCode).toBe(200)

    // 200 of the 300 cap: paid in full.
    const first = await call('win', { transaction_id: 'cap-win-1', amount: '200' })
    expect(first.json()).toMatchObject({ status: 'ok', amount: '200', capped: false })
    // 250 more: only the 100 left under the cap is paid, and the answer says so.
    const second = await call('win', { transaction_id: 'cap-win-2', amount: '250' })
    expect(second.statusCode).toBe(200)
    expect(second.json()).toMatchObject({ status: 'ok', amount: '100', capped: true })
    // The same win again answers the first answer and moves nothing.
    const repeat = await call('win', { transaction_id: 'cap-win-2', amount: '250' })
    expect(repeat.json()).toEqual(second.json())
    // The round has reached the cap: a further win pays nothing.
    const third = await call('win', { transaction_id: 'cap-win-3', amount: '50' })
    expect(third.json()).toMatchObject({
      status: 'ok',
      amount: '0',
      capped: true,
      casino_transaction_id: null,
    })
    expect(await cash(player.id)).toBe(10_000n - 100n + 300n)

    const client = await signIn(t.app, player)
    const history = await t.app.inject({
      method: 'GET',
      url: '/en/player/bets',
      headers: client.headers,
    })
    expect(history.json<{ data: { bets: WireBet[] } }>().data.bets[0]).toMatchObject({
      round: round_id,
      stake: '100',
      win: '300',
      uncapped_win: '500',
    })
    await expectBalancedBooks()
  })
})
