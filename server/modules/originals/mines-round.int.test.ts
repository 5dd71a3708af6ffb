import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { fundedClient as fundedClientOf } from '#tests/factories/wallet.ts'
import { testSecretBox, type SignedInClient } from '#tests/factories/players.ts'
import { checkBooks } from '#server/modules/ledger/index.ts'
import { minesRounds } from './originals.tables.ts'
import { fairnessSeeds } from './originals.tables.ts'
import type { WireMinesRound } from './originals.routes.ts'
import { minePositions } from './engines/mines.ts'
import { serverSeedOf } from './seeds.ts'

// Mines rounds against their seed pair: a rotation never reveals the seed of a round in play.

/** The race can only happen on PostgreSQL: PGlite runs one statement at a time. */
const isPostgres = inject('databaseTemplate').kind === 'postgres'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

const post = (client: SignedInClient, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: client.headers, payload })

const startMines = (client: SignedInClient, overrides: Record<string, unknown> = {}) =>
  post(client, '/games/originals/mines/start', {
    amount: '100',
    currency: 'EUR',
    mines: 24,
    client_request_id: randomUUID(),
    ...overrides,
  })

const rotate = (client: SignedInClient) => post(client, '/games/originals/seeds/rotate', {})

type RoundAnswer = { data: { round: WireMinesRound } }

/** The round's mines, from its seed pair as only the server (and this test) can read it. */
async function minesOf(round: Pick<WireMinesRound, 'server_seed_hash' | 'nonce' | 'mines'>) {
  const [seed] = await t.database.db
    .select()
    .from(fairnessSeeds)
    .where(eq(fairnessSeeds.serverSeedHash, round.server_seed_hash))
  if (!seed) throw new Error('no seed')
  return minePositions(
    {
      serverSeed: serverSeedOf(testSecretBox, seed),
      clientSeed: seed.clientSeed,
      nonce: round.nonce,
    },
    round.mines,
  )
}

/** Whether a round's seed pair has been revealed, read by the statement that ends the round. */
const isSeedRevealed = sql<boolean>`exists (select 1 from fairness_seeds
  where id = ${minesRounds.seedId} and revealed_at is not null)`

describe.runIf(isPostgres)('Mines and seed rotation', () => {
  // Each player's pairs one after another (one round in play at a time), the players at once.
  const PLAYERS = 8
  const PAIRS_EACH = 25

  it('never leaves a round in play on a revealed seed under 200 concurrent start and rotate pairs', async () => {
    const players = await Promise.all(Array.from({ length: PLAYERS }, () => fundedClientOf(t)))
    let exposed = 0
    let started = 0
    await Promise.all(
      players.map(async ({ client }) => {
        for (let pair = 0; pair < PAIRS_EACH; pair++) {
          const [start] = await Promise.all([startMines(client), rotate(client)])
          expect(start.statusCode).toBe(200)
          started++
          // Ends the round (as a mine would) so that the player's next pair can start one, and
          // reads whether its seed pair was revealed while it was in play.
          const [ended] = await t.database.db
            .update(minesRounds)
            .set({ status: 'busted', settledAt: new Date() })
            .where(eq(minesRounds.id, start.json<RoundAnswer>().data.round.id))
            .returning({ isSeedRevealed })
          if (ended?.isSeedRevealed) exposed++
        }
      }),
    )
    expect(started).toBe(PLAYERS * PAIRS_EACH)
    expect(exposed).toBe(0)
    // Eight sign-ins and 200 pairs of full calls (about 2,500 statements) need more than the
    // default 5 s on a busy two-core machine; a hang still fails well before the run's end.
  }, 30_000)
})

describe('A round whose seed has been revealed', () => {
  it('refuses reveal and cash-out, and moves nothing', async () => {
    const { player, client } = await fundedClientOf(t)
    const { round } = (await startMines(client, { mines: 1 })).json<RoundAnswer>().data
    const [mine] = await minesOf(round)
    const safe = Array.from({ length: 25 }, (_, n) => n).filter((n) => n !== mine)
    const first = await post(client, '/games/originals/mines/reveal', {
      round_id: round.id,
      tile: safe[0],
    })
    expect(first.statusCode).toBe(200)
    // A pair revealed under a running round, as the race above once allowed.
    await t.database.db
      .update(fairnessSeeds)
      .set({ revealedAt: new Date() })
      .where(eq(fairnessSeeds.playerId, player.id))

    for (const [url, payload] of [
      ['/games/originals/mines/reveal', { round_id: round.id, tile: safe[1] }],
      ['/games/originals/mines/cashout', { round_id: round.id }],
    ] as const) {
      const response = await post(client, url, payload)
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({ errors: { code: 'games.mines_seed_revealed' } })
    }
    const [stored] = await t.database.db
      .select()
      .from(minesRounds)
      .where(eq(minesRounds.id, round.id))
    expect(stored).toMatchObject({ status: 'active', revealed: [safe[0]] })
    expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
  })
})

describe('Mines multipliers at the extremes', () => {
  /** Opens every safe tile of a new round; the last one cashes out by itself. */
  async function clearBoard(mines: number) {
    const { client } = await fundedClientOf(t)
    const { round } = (await startMines(client, { amount: '10', mines })).json<RoundAnswer>().data
    const mined = await minesOf(round)
    const safe = Array.from({ length: 25 }, (_, n) => n).filter((n) => !mined.includes(n))
    let last: WireMinesRound = round
    for (const tile of safe) {
      const response = await post(client, '/games/originals/mines/reveal', {
        round_id: round.id,
        tile,
      })
      expect(response.statusCode).toBe(200)
      last = response.json<RoundAnswer>().data.round
    }
    return last
  }

  it.each([24, 12, 7])('settles a full clear with %i mines', async (mines) => {
    const ended = await clearBoard(mines)
    expect(ended.status).toBe('cashed_out')
    expect(ended.bet).toMatchObject({ game: 'mines', stake: '10' })
    expect(BigInt(ended.bet?.win ?? '0')).toBeGreaterThan(10n)
    expect((await checkBooks(t.database.db)).isBalanced).toBe(true)
  })
})
