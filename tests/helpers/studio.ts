import { createServer } from 'node:net'
import { expect } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import { createPlayer } from '#tests/factories/players.ts'
import { fundPlayer } from '#tests/factories/wallet.ts'
import { seedGameId } from '#db/seed/games.ts'
import { accountBalance, checkBooks } from '#server/modules/ledger/index.ts'
import { createLaunchToken } from '#server/modules/studios/provider-wallet.ts'
import { providerTransactions } from '#server/modules/studios/studios.tables.ts'

// The Demo Studio as its page drives it in tests: the casino app listening on a real port (the
// studio's server reaches the provider API over HTTP), and the page's four calls.

/** A port nothing listens on yet, so the studio can be told where the casino will be. */
export const freePort = () =>
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

/** The app listening on 127.0.0.1, its Demo Studio calling it there. */
export async function buildListeningApp(): Promise<TestApp & { casinoUrl: string }> {
  const port = await freePort()
  const casinoUrl = `http://127.0.0.1:${port}`
  const t = await buildTestApp({ env: { PORT: String(port), DEMO_STUDIO_CASINO_URL: casinoUrl } })
  await t.app.listen({ port, host: '127.0.0.1' })
  return { ...t, casinoUrl }
}

export const STUDIO = '/studio/demo'

/** What `/api/round` and `/api/act` answer (providers/demo-studio/rounds.ts). */
export interface StudioRoundAnswer {
  round_id: string
  view: Record<string, unknown>
  done: boolean
  staked: string
  payout: string
  balance_after_stake: string | null
  balance: string | null
}

/** What `/api/session` and `/api/demo-session` answer. */
export interface StudioSessionAnswer {
  session: string
  mode: 'real' | 'demo'
  currency: string
  exponent: number
  balance: string
  stake_min: string
  stake_max: string
  free_rounds: { id: string; spins_left: number; stake_minor: string }[]
  open_round: { round_id: string; view: Record<string, unknown>; staked: string } | null
}

/** The page's calls to its studio (`app` is the casino app, or a studio of its own). */
export function studioPage(app: FastifyInstance) {
  const post = (path: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `${STUDIO}/api/${path}`, payload })
  return {
    post,
    session: (token: string, code: string) => post('session', { token, code }),
    demoSession: (code: string, currency?: string) =>
      post('demo-session', { code, ...(currency && { currency }) }),
    round: (session: string, stake: bigint | string, extra: Record<string, unknown> = {}) =>
      post('round', { session, stake: stake.toString(), ...extra }),
    act: (session: string, roundId: string, action: unknown) =>
      post('act', { session, round_id: roundId, action }),
  }
}

/** A funded player with a launch token for `code` in EUR, as the casino's launch makes it. */
export async function playerWithToken(t: TestApp, code: string, fundedMinor: bigint) {
  const player = await createPlayer(t.database.db)
  if (fundedMinor > 0n) await fundPlayer(t.database.db, player.id, 'EUR', fundedMinor)
  const token = await launchToken(t, player.id, code)
  return { player, token }
}

export async function launchToken(t: TestApp, playerId: string, code: string) {
  const { token } = await createLaunchToken(t.database.db, {
    playerId,
    gameId: seedGameId(code),
    currency: 'EUR',
  })
  return token
}

/** Opens a real-money page session at the studio (the page's first call). */
export async function realSession(t: TestApp, code: string, fundedMinor: bigint, app = t.app) {
  const { player, token } = await playerWithToken(t, code, fundedMinor)
  const answer = await studioPage(app).session(token, code)
  expect(answer.statusCode, answer.body).toBe(200)
  return { player, ...answer.json<StudioSessionAnswer>() }
}

export const cashOf = (t: TestApp, playerId: string) =>
  accountBalance(t.database.db, { playerId, kind: 'cash', currency: 'EUR' })

export async function expectBalancedBooks(t: TestApp) {
  const books = await checkBooks(t.database.db)
  expect(books.isBalanced, JSON.stringify(books, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))).toBe(true)
  return books
}

/** The seamless-wallet calls the casino recorded for one round, oldest first. */
export async function roundCalls(t: TestApp, roundId: string) {
  const rows = await t.database.db
    .select({
      kind: providerTransactions.kind,
      id: providerTransactions.providerTransactionId,
      amount: providerTransactions.amountMinor,
      providerId: providerTransactions.providerId,
    })
    .from(providerTransactions)
    .where(eq(providerTransactions.roundId, roundId))
  return rows.sort((a, b) => a.id.localeCompare(b.id))
}

/** Every seamless-wallet call the casino recorded for a player. */
export const playerCalls = (t: TestApp, playerId: string, providerId?: string) =>
  t.database.db
    .select({ kind: providerTransactions.kind, amount: providerTransactions.amountMinor })
    .from(providerTransactions)
    .where(
      providerId
        ? and(eq(providerTransactions.playerId, playerId), eq(providerTransactions.providerId, providerId))
        : eq(providerTransactions.playerId, playerId),
    )
