import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, inArray, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_HEADERS, buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { fundedClient as fundedClientOf } from '#tests/factories/wallet.ts'
import { testSecretBox, type SignedInClient } from '#tests/factories/players.ts'
import { checkBooks } from '#server/modules/ledger/index.ts'
import { ledgerTransfers } from '#server/modules/ledger/ledger.tables.ts'
import type { WalletEntry } from '#server/modules/wallet/index.ts'
import { crashDurationMs, crashPayout, type LiveGame } from '#common/live-rules.ts'
import { rouletteChipReturn } from '#common/originals-rules.ts'
import type { DomainEvents } from '#server/lib/event-bus.ts'
import { siteSettings } from '#server/modules/site/site.tables.ts'
import { DEFAULT_SETTINGS } from '#server/modules/site/index.ts'
import type { WireBet } from '../bets/index.ts'
import { hashChains, liveBets, liveRounds } from './live.tables.ts'
import { bets } from '../bets/bets.tables.ts'
import { chainFrom, crashResultOf, roulettePocketOf } from './chain.ts'
import { createLiveEngine, type LiveEngine } from './live-engine.ts'
import type { WireLiveBet, WireLiveState } from './live.contract.ts'
import { LIVE_TIMING_DEFAULTS, type LiveTimings } from './live-timings.ts'
import { createWinCaps } from '../bets/index.ts'

// Rounds run by engines the tests start themselves (the app's own stays off under tests), with
// short timings; the app's calls use the same ones through the environment.
const TIMINGS: LiveTimings = {
  ...LIVE_TIMING_DEFAULTS,
  bettingMs: 700,
  crashDoublingMs: 600,
  rouletteSpinMs: 300,
  resultPauseMs: 200,
  leaseMs: 900,
  crashTickMs: 20,
}

/**
 * These journeys play several real rounds (about 1.2 s each at the timings above, and a lease
 * of 0.9 s to lapse at each take-over), so they get more than the default 5 s each.
 */
const ROUNDS_TIMEOUT_MS = 30_000

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({
    env: {
      LIVE_BETTING_MS: String(TIMINGS.bettingMs),
      LIVE_CRASH_DOUBLING_MS: String(TIMINGS.crashDoublingMs),
      LIVE_ROULETTE_SPIN_MS: String(TIMINGS.rouletteSpinMs),
      LIVE_RESULT_PAUSE_MS: String(TIMINGS.resultPauseMs),
    },
  })
})

const engines: LiveEngine[] = []
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.stop()))
})

const engine = (game: LiveGame, timings: LiveTimings = TIMINGS) => {
  const made = createLiveEngine({
    db: t.database.db,
    secretBox: testSecretBox,
    bus: t.app.bus,
    log: t.app.log,
    game,
    timings,
    chainLength: 50,
    winCaps: createWinCaps(t.database.db, () => t.app.site.settings()),
  })
  engines.push(made)
  return made
}

/**
 * Commits a chain of known results before the engine starts: the first secret whose first rounds
 * satisfy `wanted`, so a test knows each crash point in advance.
 */
async function commitChain(game: LiveGame, wanted: (results: number[]) => boolean) {
  for (let attempt = 0; ; attempt++) {
    const secretSeed = `live-test-${game}-${String(attempt)}`
    const chain = await chainFrom(secretSeed, 50)
    const results = [1, 2, 3].map((number) =>
      game === 'crash'
        ? crashResultOf(number, chain.hashOf(number))
        : roulettePocketOf(number, chain.hashOf(number)),
    )
    if (!wanted(results)) continue
    await t.database.db.insert(hashChains).values({
      game,
      secretSeedSealed: testSecretBox.seal(secretSeed),
      length: 50,
      terminalHash: chain.terminalHash,
    })
    return results
  }
}

const nextRound = (game: LiveGame, status: string, number?: number) =>
  new Promise<DomainEvents['live.round']>((resolve) => {
    const stop = t.app.bus.subscribe('live.round', (event) => {
      if (event.game !== game || event.round.status !== status) return
      if (number !== undefined && event.round.number !== number) return
      stop()
      resolve(event)
    })
  })

const fundedClient = (amountMinor?: bigint) => fundedClientOf(t, amountMinor)

const post = (client: SignedInClient, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: client.headers, payload })

const crashBet = (client: SignedInClient, overrides: Record<string, unknown> = {}) =>
  post(client, '/games/live/crash/bet', {
    amount: '1000',
    currency: 'EUR',
    client_request_id: randomUUID(),
    ...overrides,
  })

const cents = async (client: SignedInClient) => {
  const wallet = await t.app.inject({
    method: 'GET',
    url: '/player/wallet',
    headers: client.headers,
  })
  return BigInt(wallet.json<{ data: WalletEntry[] }>().data[0]?.cents ?? '-1')
}

type BetAnswer = { data: { bet: WireLiveBet; wallet: WalletEntry | null } }

describe('Crash rounds through the API', () => {
  it(
    'takes bets in the window, pays cash-outs, refuses late bets and late cash-outs',
    async () => {
      // Round 1 crashes at 2× or more (time to cash out by hand), round 2 at under 1.5×.
      const [crash1 = 0, crash2 = 0] = await commitChain(
        'crash',
        ([first = 0, second = 0]) => first >= 20_000 && first <= 40_000 && second < 15_000,
      )
      const [auto, manual, holder, broke] = await Promise.all([
        fundedClient(),
        fundedClient(),
        fundedClient(),
        fundedClient(5_00n),
      ])
      const betting = nextRound('crash', 'betting', 1)
      engine('crash').start()
      await betting

      const heard: WireLiveBet[] = []
      const stopHearing = t.app.bus.subscribe('live.bet', (event) => {
        heard.push(event.bet)
      })

      const autoBet = await crashBet(auto.client, { auto_cashout: 150 })
      expect(autoBet.statusCode).toBe(200)
      const autoAnswer = autoBet.json<BetAnswer>().data
      expect(autoAnswer.bet).toMatchObject({
        status: 'placed',
        auto_cashout: '1.50',
        amount: '1000',
      })
      expect(autoAnswer.wallet?.cents).toBe('9000')

      // A double click: the same client request id answers the first bet and moves nothing.
      const requestId = randomUUID()
      const first = await crashBet(manual.client, { client_request_id: requestId })
      const again = await crashBet(manual.client, { client_request_id: requestId })
      expect(again.statusCode).toBe(200)
      expect(again.json<BetAnswer>().data.bet.id).toBe(first.json<BetAnswer>().data.bet.id)
      expect(await cents(manual.client)).toBe(90_00n)
      // One bet per round: another request id is refused.
      const second = await crashBet(manual.client)
      expect(second.statusCode).toBe(409)
      expect(second.json<{ errors: { code: string } }>().errors.code).toBe('games.live_bet_exists')

      const holderBet = (await crashBet(holder.client)).json<BetAnswer>().data.bet
      expect((await crashBet(broke.client)).json<{ errors: { code: string } }>().errors.code).toBe(
        'games.insufficient_funds',
      )
      expect((await crashBet(broke.client, { amount: '1' })).statusCode).toBe(400)
      expect((await crashBet(broke.client, { currency: 'USD' })).statusCode).toBe(409)

      // Cashing out before the round runs is refused.
      const early = await post(manual.client, '/games/live/crash/cashout', {
        bet_id: first.json<BetAnswer>().data.bet.id,
      })
      expect(early.json<{ errors: { code: string } }>().errors.code).toBe(
        'games.live_round_not_started',
      )

      // Everyone watching heard each new bet, with the player masked.
      expect(heard.map((bet) => bet.id)).toContain(holderBet.id)
      expect(heard[0]?.player).toMatch(/^R•••[0-9a-f]{2}$/)

      const running = await nextRound('crash', 'running', 1)
      expect(running.round.crash_bp).toBeNull()
      expect(running.round.round_hash).toBeNull()
      const late = await crashBet(broke.client, { amount: '100' })
      expect(late.statusCode).toBe(409)
      expect(late.json<{ errors: { code: string } }>().errors.code).toBe(
        'games.live_betting_closed',
      )

      const cashout = await post(manual.client, '/games/live/crash/cashout', {
        bet_id: first.json<BetAnswer>().data.bet.id,
      })
      expect(cashout.statusCode).toBe(200)
      const cashed = cashout.json<BetAnswer>().data.bet
      expect(cashed.status).toBe('cashed_out')
      const cashedBp = Math.round(Number(cashed.cashout_multiplier) * 10_000)
      expect(cashedBp).toBeGreaterThanOrEqual(10_000)
      expect(cashedBp).toBeLessThanOrEqual(crash1)
      // A second cash-out answers the first and moves nothing.
      const twice = await post(manual.client, '/games/live/crash/cashout', { bet_id: cashed.id })
      expect(twice.json<BetAnswer>().data.bet.win).toBe(cashed.win)

      const settled = await nextRound('crash', 'settled', 1)
      expect(settled.round.crash_bp).toBe(crash1)
      expect(settled.round.round_hash).toMatch(/^[0-9a-f]{64}$/)
      stopHearing()

      // After the crash: too late.
      const after = await post(holder.client, '/games/live/crash/cashout', { bet_id: holderBet.id })
      expect(after.statusCode).toBe(409)
      expect(after.json<{ errors: { code: string } }>().errors.code).toBe('games.live_round_over')

      expect(await cents(auto.client)).toBe(90_00n + crashPayout(1000n, 15_000))
      expect(await cents(manual.client)).toBe(90_00n + BigInt(cashed.win))
      expect(await cents(holder.client)).toBe(90_00n)
      expect(
        heard.find((bet) => bet.id === autoAnswer.bet.id && bet.status === 'cashed_out'),
      ).toMatchObject({ cashout_multiplier: '1.50', win: '1500' })

      // The history has each bet, with what proves it.
      const history = await t.database.db
        .select()
        .from(bets)
        .where(inArray(bets.id, [autoAnswer.bet.id, cashed.id, holderBet.id]))
      expect(history).toHaveLength(3)
      expect(history.find((row) => row.id === holderBet.id)).toMatchObject({
        game: 'crash',
        payoutMinor: 0n,
        outcome: { live: true, round_number: 1, crash_bp: crash1 },
      })
      const proof = await t.app.inject({
        method: 'GET',
        url: '/games/live/crash/rounds/1',
        headers: API_HEADERS,
      })
      expect(proof.json<{ data: { round: { crash_bp: number } } }>().data.round.crash_bp).toBe(
        crash1,
      )

      // Round 2 crashes under 1.5×: an automatic cash-out at 1.50× loses.
      await nextRound('crash', 'betting', 2)
      const losing = (await crashBet(auto.client, { auto_cashout: 150 })).json<BetAnswer>().data.bet
      const ended = await nextRound('crash', 'settled', 2)
      expect(ended.round.crash_bp).toBe(crash2)
      const [lost] = await t.database.db.select().from(liveBets).where(eq(liveBets.id, losing.id))
      expect(lost).toMatchObject({ status: 'lost', payoutMinor: 0n })

      const state = await t.app.inject({
        method: 'GET',
        url: '/games/live/crash/state',
        headers: auto.client.headers,
      })
      const data = state.json<{ data: WireLiveState }>().data
      expect(data.history.map((round) => round.crash_bp)).toEqual(
        expect.arrayContaining([crash1, crash2]),
      )
      expect(data.terminal_hash).toMatch(/^[0-9a-f]{64}$/)
      expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
    },
    ROUNDS_TIMEOUT_MS,
  )
})

describe('Live Roulette and the engines', () => {
  it(
    'settles chips on the chain’s pocket; a second engine never runs a round, and takes over a dropped one, refunding or settling it once',
    async () => {
      const [pocket1 = 0] = await commitChain('live_roulette', () => true)
      const { client } = await fundedClient()
      const first = engine('live_roulette')
      const second = engine('live_roulette')
      const betting = nextRound('live_roulette', 'betting', 1)
      first.start()
      await betting
      second.start()
      const chips = [
        { kind: 'straight', value: pocket1, amount: '100' },
        { kind: 'red', amount: '200' },
        { kind: 'dozen', value: 3, amount: '300' },
      ] as const
      const placed = await post(client, '/games/live/live_roulette/bet', {
        currency: 'EUR',
        bets: chips,
        client_request_id: randomUUID(),
      })
      expect(placed.statusCode).toBe(200)
      const bad = await post(client, '/games/live/live_roulette/bet', {
        currency: 'EUR',
        bets: [{ kind: 'dozen', value: 0, amount: '100' }],
        client_request_id: randomUUID(),
      })
      expect(bad.statusCode).toBe(400)

      const settled = await nextRound('live_roulette', 'settled', 1)
      expect(settled.round.pocket).toBe(pocket1)
      const win = chips.reduce(
        (sum, chip) =>
          sum +
          rouletteChipReturn(
            'value' in chip ? { kind: chip.kind, value: chip.value } : { kind: chip.kind },
            BigInt(chip.amount),
            pocket1,
          ),
        0n,
      )
      expect(await cents(client)).toBe(100_00n - 600n + win)
      expect([first.isLeader(), second.isLeader()]).toEqual([true, false])

      // The leader dies (no goodbye) while round 3 takes bets; the second takes over.
      await nextRound('live_roulette', 'betting', 3)
      const dropped = (
        await post(client, '/games/live/live_roulette/bet', {
          currency: 'EUR',
          bets: [{ kind: 'black', amount: '500' }],
          client_request_id: randomUUID(),
        })
      ).json<BetAnswer>().data.bet
      const before = await cents(client)
      const refunded = nextRound('live_roulette', 'refunded', 3)
      const betting4 = nextRound('live_roulette', 'betting', 4)
      await first.stop({ release: false })
      await refunded
      expect(second.isLeader()).toBe(true)
      expect(await cents(client)).toBe(before + 500n)

      // The new leader plays on, and round 4 is spun while its engine dies: the next one settles it.
      await betting4
      const running4 = nextRound('live_roulette', 'running', 4)
      const spun = (
        await post(client, '/games/live/live_roulette/bet', {
          currency: 'EUR',
          bets: [{ kind: 'even', amount: '400' }],
          client_request_id: randomUUID(),
        })
      ).json<BetAnswer>().data.bet
      await running4
      await second.stop({ release: false })
      const third = engine('live_roulette')
      const settled4 = nextRound('live_roulette', 'settled', 4)
      third.start()
      const { round: round4 } = await settled4

      const moves = await t.database.db
        .select({ key: ledgerTransfers.idempotencyKey, code: ledgerTransfers.code })
        .from(ledgerTransfers)
        .where(inArray(ledgerTransfers.reference, [dropped.id, spun.id]))
      const keys = moves.map((move) => move.key).sort()
      const spunWins = rouletteChipReturn({ kind: 'even' }, 400n, round4.pocket ?? -1) > 0n
      expect(keys).toEqual(
        [
          `live-bet:${dropped.id}`,
          `live-refund:${dropped.id}`,
          `live-bet:${spun.id}`,
          ...(spunWins ? [`live-win:${spun.id}`] : []),
        ].sort(),
      )
      await third.stop()

      // Never two open rounds, never a gap or a repeat in the chain's order.
      const rounds = await t.database.db
        .select()
        .from(liveRounds)
        .where(eq(liveRounds.game, 'live_roulette'))
        .orderBy(liveRounds.number)
      rounds.forEach((round, index) => {
        expect(round.number).toBe(index + 1)
        const next = rounds[index + 1]
        if (next && round.settledAt) expect(next.bettingEndsAt > round.settledAt).toBe(true)
      })
      expect(
        rounds.filter((round) => round.status === 'betting' || round.status === 'running').length,
      ).toBeLessThanOrEqual(1)
      const refunds = await t.database.db
        .select()
        .from(ledgerTransfers)
        .where(and(like(ledgerTransfers.idempotencyKey, 'live-refund:%')))
      expect(refunds.every((refund) => refund.code === 'bet_refund')).toBe(true)
      expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
    },
    ROUNDS_TIMEOUT_MS,
  )
})

describe('Win caps, round stakes and take-overs', () => {
  // A longer betting window, so a loaded machine still places its bets in time.
  const SLOW_BETTING: LiveTimings = { ...TIMINGS, bettingMs: 2_000 }

  // The rounds above are done with: every engine goes, so each test here runs its own.
  beforeAll(async () => {
    await Promise.all(engines.map((made) => made.stop()))
  })

  /** Sets the operator's maximum win per bet (euro cents) as an operator's edit would. */
  const setMaxWinEurMinor = async (eurMinor: number) => {
    await t.database.db
      .insert(siteSettings)
      .values({ key: 'maxWinPerBetEurMinor', value: eurMinor })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: eurMinor } })
    await t.app.bus.publish('site.changed', { scope: 'settings' })
  }

  /** The round `number` of `game` once it has ended, settled or refunded. */
  const roundEnd = (game: LiveGame, number: number) =>
    new Promise<DomainEvents['live.round']>((resolve) => {
      const stop = t.app.bus.subscribe('live.round', (event) => {
        if (event.game !== game || event.round.number !== number) return
        if (event.round.status !== 'settled' && event.round.status !== 'refunded') return
        stop()
        resolve(event)
      })
    })

  const liveBet = async (betId: string) => {
    const [row] = await t.database.db.select().from(liveBets).where(eq(liveBets.id, betId))
    return row
  }

  it(
    'pays Crash cash-outs, automatic ones and Live Roulette wins at most the maximum win per bet',
    async () => {
      await setMaxWinEurMinor(500)
      const [manual, auto] = await Promise.all([fundedClient(), fundedClient()])
      const crash = engine('crash', SLOW_BETTING)
      let betting = nextRound('crash', 'betting')
      crash.start()
      let isManualPaid = false
      let isAutoPaid = false
      // A round may crash before a cash-out lands or below 1.01×: play until both were paid.
      for (let attempt = 0; attempt < 8 && !(isManualPaid && isAutoPaid); attempt++) {
        const { round } = await betting
        const running = nextRound('crash', 'running', round.number)
        const ended = roundEnd('crash', round.number)
        betting = nextRound('crash', 'betting', round.number + 1)
        const manualBet = (await crashBet(manual.client)).json<BetAnswer>().data.bet
        const autoBet = (await crashBet(auto.client, { auto_cashout: 101 })).json<BetAnswer>().data
          .bet
        await running
        const cashout = await post(manual.client, '/games/live/crash/cashout', {
          bet_id: manualBet.id,
        })
        if (cashout.statusCode === 200) {
          const cashed = cashout.json<BetAnswer>().data.bet
          expect(cashed.win).toBe('500')
          const row = await liveBet(cashed.id)
          const uncapped = crashPayout(1000n, row?.cashoutAtBp ?? 0)
          expect(cashed.uncapped_win).toBe(uncapped.toString())
          expect(row).toMatchObject({ payoutMinor: 500n, uncappedPayoutMinor: uncapped })
          isManualPaid = true
        }
        await ended
        const settledAuto = await liveBet(autoBet.id)
        if (settledAuto?.status === 'cashed_out') {
          expect(settledAuto).toMatchObject({ payoutMinor: 500n, uncappedPayoutMinor: 1010n })
          const [history] = await t.database.db.select().from(bets).where(eq(bets.id, autoBet.id))
          expect(history).toMatchObject({ payoutMinor: 500n, uncappedPayoutMinor: 1010n })
          isAutoPaid = true
        }
      }
      await crash.stop()
      expect([isManualPaid, isAutoPaid]).toEqual([true, true])

      // Red, black and zero together win on every pocket: 2,000 or 3,600 for a stake of 2,100.
      const { player, client } = await fundedClient()
      const roulette = engine('live_roulette', SLOW_BETTING)
      const rouletteBetting = nextRound('live_roulette', 'betting')
      roulette.start()
      const { round } = await rouletteBetting
      const ended = roundEnd('live_roulette', round.number)
      const placed = await post(client, '/games/live/live_roulette/bet', {
        currency: 'EUR',
        bets: [
          { kind: 'red', amount: '1000' },
          { kind: 'black', amount: '1000' },
          { kind: 'straight', value: 0, amount: '100' },
        ],
        client_request_id: randomUUID(),
      })
      expect(placed.statusCode).toBe(200)
      const { round: settled } = await ended
      await roulette.stop()
      const won = await liveBet(placed.json<BetAnswer>().data.bet.id)
      expect(won).toMatchObject({
        status: 'won',
        payoutMinor: 500n,
        uncappedPayoutMinor: settled.pocket === 0 ? 3600n : 2000n,
      })
      const history = await t.app.inject({
        method: 'GET',
        url: '/en/player/bets',
        headers: client.headers,
      })
      expect(history.json<{ data: { bets: WireBet[] } }>().data.bets[0]).toMatchObject({
        win: '500',
        uncapped_win: settled.pocket === 0 ? '3600' : '2000',
      })
      expect(await cents(client)).toBe(100_00n - 2100n + 500n)
      expect(player.id).toBe(won?.playerId)
      expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
      await setMaxWinEurMinor(DEFAULT_SETTINGS.maxWinPerBetEurMinor)
    },
    ROUNDS_TIMEOUT_MS,
  )

  it(
    'limits what one player’s Live Roulette bets on a round stake together, even fired at once',
    async () => {
      // The game's maximum is 1,000 euros: ten parallel bets of 200 can only all land if each
      // one is counted without the others.
      const { player, client } = await fundedClient(3_000_00n)
      const roulette = engine('live_roulette', { ...TIMINGS, bettingMs: 5_000 })
      const betting = nextRound('live_roulette', 'betting')
      roulette.start()
      const { round } = await betting
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          post(client, '/games/live/live_roulette/bet', {
            currency: 'EUR',
            bets: [{ kind: 'red', amount: '20000' }],
            client_request_id: randomUUID(),
          }),
        ),
      )
      await roulette.stop()
      const refused = answers.filter((answer) => answer.statusCode !== 200)
      expect(answers.length - refused.length).toBe(5)
      for (const answer of refused) {
        expect(answer.statusCode).toBe(409)
        expect(answer.json()).toMatchObject({
          message: expect.stringContaining('1000.00 EUR') as unknown,
          errors: { code: 'games.live_round_stake_above_max' },
        })
      }
      const staked = await t.database.db
        .select()
        .from(liveBets)
        .where(and(eq(liveBets.roundId, round.id), eq(liveBets.playerId, player.id)))
      expect(staked.reduce((sum, bet) => sum + bet.stakeMinor, 0n)).toBe(1_000_00n)
      expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
    },
    ROUNDS_TIMEOUT_MS,
  )

  it(
    'settles as lost a Crash whose engine died after the crash point, rather than refunding it',
    async () => {
      const { client } = await fundedClient()
      for (let attempt = 0; attempt < 5; attempt++) {
        const dying = engine('crash', SLOW_BETTING)
        const betting = nextRound('crash', 'betting')
        dying.start()
        const { round } = await betting
        const running = nextRound('crash', 'running', round.number)
        const placed = await crashBet(client)
        expect(placed.statusCode).toBe(200)
        const bet = placed.json<BetAnswer>().data.bet
        await running
        // The engine dies in flight, without a goodbye: its lease lapses by itself.
        await dying.stop({ release: false })
        const [open] = await t.database.db
          .select()
          .from(liveRounds)
          .where(eq(liveRounds.id, round.id))
        // A round that crashed at once may have been settled before the engine died: again.
        if (open?.status !== 'running') continue
        const crashBp = Number(open.result?.crash_bp)
        await sleep(crashDurationMs(crashBp, TIMINGS.crashDoublingMs) + 100)
        const before = await cents(client)
        const ended = roundEnd('crash', round.number)
        const successor = engine('crash', SLOW_BETTING)
        successor.start()
        const { round: over } = await ended
        await successor.stop()
        // The player could no longer cash out once the crash point passed: the bet is lost.
        expect(over).toMatchObject({ status: 'settled', crash_bp: crashBp })
        expect(await liveBet(bet.id)).toMatchObject({ status: 'lost', payoutMinor: 0n })
        expect(await cents(client)).toBe(before)
        const moves = await t.database.db
          .select({ key: ledgerTransfers.idempotencyKey })
          .from(ledgerTransfers)
          .where(eq(ledgerTransfers.reference, bet.id))
        expect(moves.map((move) => move.key)).toEqual([`live-bet:${bet.id}`])
        const [history] = await t.database.db.select().from(bets).where(eq(bets.id, bet.id))
        expect(history).toMatchObject({ payoutMinor: 0n, outcome: { crash_bp: crashBp } })
        expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
        return
      }
      throw new Error('no round stayed in flight when its engine died')
    },
    ROUNDS_TIMEOUT_MS,
  )
})
