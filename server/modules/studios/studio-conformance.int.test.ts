import { randomUUID } from 'node:crypto'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DEMO_STUDIO_SECRET } from '#tests/helpers/test-secrets.ts'
import {
  buildListeningApp,
  cashOf,
  expectBalancedBooks,
  playerCalls,
  playerWithToken,
  roundCalls,
  STUDIO,
  studioPage,
} from '#tests/helpers/studio.ts'
import type { TestApp } from '#tests/helpers/build-test-app.ts'
import { createCasinoClient, type CasinoClient } from '../../../providers/demo-studio/casino-client.ts'
import type { Brand } from '../../../providers/demo-studio/games/types.ts'
import { demoStudio } from '../../../providers/demo-studio/studio.plugin.ts'
import { casinoWallet, createRetryQueue, type Wallet } from '../../../providers/demo-studio/wallets.ts'
import { databaseStudioStore } from './studio-store.ts'

// A conformance suite of the seamless-wallet calls (docs/provider-api.md) run against the casino
// with the studio's OWN client and wallet (providers/demo-studio/casino-client.ts, wallets.ts):
// what the studio relies on — repeats answered with the first answer, rollbacks that win races,
// late wins, signatures — is checked through the code that relies on it, over real HTTP.

let t: TestApp & { casinoUrl: string }
let retries: ReturnType<typeof createRetryQueue>
beforeAll(async () => {
  t = await buildListeningApp()
  retries = createRetryQueue(t.app.log)
})
afterAll(() => {
  retries.stop()
})

const client = (brand: Brand, secret = TEST_DEMO_STUDIO_SECRET): CasinoClient =>
  createCasinoClient({ casinoUrl: t.casinoUrl, providerId: brand, secret })

/** A funded player's casino session as the studio holds it, and the studio's wallet on it. */
async function studioSession(brand: Brand, code: string, fundedMinor = 10_000n) {
  const { player, token } = await playerWithToken(t, code, fundedMinor)
  const casino = client(brand)
  const auth = await casino.call('authenticate', { token })
  expect(auth.kind, JSON.stringify(auth)).toBe('ok')
  const body = auth.kind === 'ok' ? auth.body : {}
  const session = String(body.session)
  const playerId = String(body.player_id)
  expect(playerId).toBe(player.id)
  const wallet: Wallet = casinoWallet({
    client: casino,
    retries,
    log: t.app.log,
    session,
    playerId,
    currency: 'EUR',
  })
  return { player, casino, session, playerId, wallet }
}

const newRound = () => {
  const roundId = randomUUID()
  return { roundId, betId: `bet-${roundId}-1` }
}

describe('the seamless wallet as the studio’s own client calls it', () => {
  it('answers a repeated bet with its first answer and takes one stake', async () => {
    const s = await studioSession('demo-studio', 'starlight-spins')
    const { roundId, betId } = newRound()
    const first = await s.wallet.bet({ roundId, betId, amount: 100n })
    expect(first).toEqual({ kind: 'ok', balance: 9_900n })
    // The balance moves between the two: the repeat still answers the first answer's balance.
    const { roundId: otherRound, betId: otherBet } = newRound()
    expect(await s.wallet.bet({ roundId: otherRound, betId: otherBet, amount: 200n })).toEqual({ kind: 'ok', balance: 9_700n })
    const again = await s.wallet.bet({ roundId, betId, amount: 100n })
    expect(again).toEqual({ kind: 'ok', balance: 9_900n })
    // The same id with other details is a conflict, and moves nothing.
    const conflict = await s.wallet.bet({ roundId, betId, amount: 150n })
    expect(conflict).toMatchObject({ kind: 'refused', code: 'transaction_conflict' })
    expect(await cashOf(t, s.player.id)).toBe(9_700n)
    expect((await roundCalls(t, roundId)).map((call) => call.kind)).toEqual(['bet'])
    await expectBalancedBooks(t)
  })

  it('answers a repeated win with its first answer and pays once', async () => {
    const s = await studioSession('northern-lights', 'aurora-riches')
    const { roundId, betId } = newRound()
    expect(await s.wallet.bet({ roundId, betId, amount: 100n })).toEqual({ kind: 'ok', balance: 9_900n })
    const first = await s.wallet.win({ roundId, amount: 250n })
    expect(first).toEqual({ paid: 250n, balance: 10_150n })
    const again = await s.wallet.win({ roundId, amount: 250n })
    expect(again).toEqual(first)
    // The raw answer too: the same casino transaction.
    const payload = { session: s.session, player_id: s.playerId, round_id: roundId, transaction_id: `win-${roundId}`, amount: '250', currency: 'EUR' }
    const raw = [await s.casino.call('win', payload), await s.casino.call('win', payload)]
    expect(raw[0]).toMatchObject({ kind: 'ok', body: { amount: '250', balance: '10150' } })
    expect(raw[1]).toEqual(raw[0])
    expect(await cashOf(t, s.player.id)).toBe(10_150n)
    expect((await roundCalls(t, roundId)).map((call) => call.kind)).toEqual(['bet', 'win'])
    await expectBalancedBooks(t)
  })

  it('refunds a stake once however often its rollback is sent', async () => {
    const s = await studioSession('golden-reel', 'pharaohs-gold')
    const { roundId, betId } = newRound()
    expect(await s.wallet.bet({ roundId, betId, amount: 300n })).toEqual({ kind: 'ok', balance: 9_700n })
    await s.wallet.rollback({ roundId, betId })
    await s.wallet.rollback({ roundId, betId })
    // Under another rollback id too.
    const other = await s.casino.call('rollback', {
      session: s.session,
      player_id: s.playerId,
      round_id: roundId,
      transaction_id: `rollback-again-${betId}`,
      bet_transaction_id: betId,
    })
    expect(other).toMatchObject({ kind: 'ok', body: { balance: '10000', casino_transaction_id: null } })
    expect(await cashOf(t, s.player.id)).toBe(10_000n)
    // A round whose bets were all rolled back takes no win.
    const win = await s.casino.call('win', { session: s.session, player_id: s.playerId, round_id: roundId, transaction_id: `win-${roundId}`, amount: '100', currency: 'EUR' })
    expect(win).toMatchObject({ kind: 'refused', code: 'round_not_found' })
    expect(await cashOf(t, s.player.id)).toBe(10_000n)
    await expectBalancedBooks(t)
  })

  it('records a rollback that arrives before its bet, and then refuses the bet: nothing is taken', async () => {
    const s = await studioSession('red-fox', 'fox-tales')
    const { roundId, betId } = newRound()
    await s.wallet.rollback({ roundId, betId })
    const late = await s.wallet.bet({ roundId, betId, amount: 100n })
    expect(late).toMatchObject({ kind: 'refused', code: 'bet_rolled_back' })
    expect(await cashOf(t, s.player.id)).toBe(10_000n)
    expect(await s.wallet.balance()).toBe(10_000n)
    // The bet is on record as rolled back, and no money moved for either.
    expect((await playerCalls(t, s.player.id)).map((call) => call.kind).sort()).toEqual(['bet', 'rollback'])
    expect(await s.wallet.bet({ roundId, betId, amount: 100n })).toMatchObject({ kind: 'refused', code: 'bet_rolled_back' })
    await expectBalancedBooks(t)
  })

  it('accepts a win after the session lapsed (the studio owes it), but refuses a bet', async () => {
    const s = await studioSession('blue-harbour', 'deep-blue-pearls')
    const { roundId, betId } = newRound()
    expect(await s.wallet.bet({ roundId, betId, amount: 100n })).toEqual({ kind: 'ok', balance: 9_900n })
    await t.database.db.execute(
      `update provider_launch_tokens set expires_at = now() - interval '1 second' where player_id = '${s.player.id}'`,
    )
    const { roundId: nextRound, betId: nextBet } = newRound()
    expect(await s.wallet.bet({ roundId: nextRound, betId: nextBet, amount: 100n })).toMatchObject({
      kind: 'refused',
      code: 'session_expired',
    })
    expect(await s.wallet.balance()).toBeNull()
    expect(await s.wallet.win({ roundId, amount: 500n })).toEqual({ paid: 500n, balance: 10_400n })
    expect(await cashOf(t, s.player.id)).toBe(10_400n)
    await expectBalancedBooks(t)
  })

  it('refuses a studio signing with the wrong secret: nothing moves, and its page answers an error', async () => {
    const s = await studioSession('demo-studio', 'starlight-spins')
    const forged = createCasinoClient({ casinoUrl: t.casinoUrl, providerId: 'demo-studio', secret: 'not-the-studio-secret-0123456789abcdef' })
    const wallet = casinoWallet({ client: forged, retries, log: t.app.log, session: s.session, playerId: s.playerId, currency: 'EUR' })
    const { roundId, betId } = newRound()
    expect(await wallet.bet({ roundId, betId, amount: 100n })).toMatchObject({ kind: 'refused', code: 'signature_invalid' })
    expect(await forged.call('balance', { session: s.session, player_id: s.playerId })).toMatchObject({
      kind: 'refused',
      status: 401,
      code: 'signature_invalid',
    })
    expect(await cashOf(t, s.player.id)).toBe(10_000n)
    expect(await playerCalls(t, s.player.id)).toEqual([])

    // The studio as a whole with the wrong secret: its page cannot open a session.
    const studio = Fastify({ logger: false })
    await studio.register(demoStudio, {
      prefix: STUDIO,
      secret: 'not-the-studio-secret-0123456789abcdef',
      casinoUrl: t.casinoUrl,
      store: databaseStudioStore(t.database.db),
    })
    try {
      const { player, token } = await playerWithToken(t, 'neon-nights', 1_000n)
      const answer = await studioPage(studio).session(token, 'neon-nights')
      expect(answer.statusCode).toBe(409)
      expect(answer.json()).toEqual({ error: 'signature_invalid' })
      // The token is not spent by a refused call: the right studio still opens it.
      const real = await studioPage(t.app).session(token, 'neon-nights')
      expect(real.statusCode, real.body).toBe(200)
      expect(await cashOf(t, player.id)).toBe(1_000n)
    } finally {
      await studio.close()
    }
    await expectBalancedBooks(t)
  })

  it('refuses a brand signing for another brand’s game token or session', async () => {
    // aurora-riches is a northern-lights title: golden-reel (same secret) may not open it.
    const { player, token } = await playerWithToken(t, 'aurora-riches', 10_000n)
    const foreign = await client('golden-reel').call('authenticate', { token })
    expect(foreign).toMatchObject({ kind: 'refused', status: 401, code: 'token_unknown' })
    // Nor use a northern-lights session.
    const s = await studioSession('northern-lights', 'aurora-riches')
    const wallet = casinoWallet({ client: client('golden-reel'), retries, log: t.app.log, session: s.session, playerId: s.playerId, currency: 'EUR' })
    const { roundId, betId } = newRound()
    expect(await wallet.bet({ roundId, betId, amount: 100n })).toMatchObject({ kind: 'refused', code: 'token_unknown' })
    expect(await cashOf(t, s.player.id)).toBe(10_000n)
    expect(await cashOf(t, player.id)).toBe(10_000n)
    // An id that is no brand of the studio's is no provider at all.
    const stranger = await client('nobody-studio' as Brand).call('balance', { session: s.session, player_id: s.playerId })
    expect(stranger).toMatchObject({ kind: 'refused', code: 'signature_invalid' })
    await expectBalancedBooks(t)
  })
})
