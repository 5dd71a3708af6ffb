import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hashServerSeed, uint32Stream } from '#server/modules/originals/engines/fairness.ts'
import { lotteryWinners, weightedIndex } from '#common/rewards-rules.ts'
import {
  checkLotteryDraw,
  checkRewardDraw,
  lotteryWinningTickets,
  rewardDrawIndex,
} from './fairness.ts'

const SEEDS = { serverSeed: 'aurum-example-server-seed', clientSeed: 'player-seed' }

/** The n-th uint32 of a stream, computed here with node:crypto, apart from either side's code. */
function independentU32(seeds: typeof SEEDS, nonce: number, n: number): number {
  const block = createHmac('sha256', seeds.serverSeed)
    .update(`${seeds.clientSeed}:${String(nonce)}:${String(Math.floor(n / 8))}`)
    .digest()
  return block.readUInt32BE((n % 8) * 4)
}

/** floor(u × n / 2^32), written out again. */
const below = (u32: number, n: number) => Math.floor((u32 * n) / 2 ** 32)

describe('the browser recomputes a wheel spin or a lootbox opening as the server draws it', () => {
  const WHEEL = [400_000, 250_000, 150_000, 100_000, 60_000, 30_000, 9_000, 1_000]

  it('matches the server’s stream and rule for 100 nonces', async () => {
    for (let nonce = 0; nonce < 100; nonce++) {
      const input = { ...SEEDS, nonce }
      const server = weightedIndex(uint32Stream(input).next().value as number, WHEEL)
      expect(await rewardDrawIndex(input, WHEEL)).toBe(server)
    }
  })

  it('matches an outcome computed independently (running sums over floor(u × sum / 2^32))', async () => {
    for (let nonce = 0; nonce < 40; nonce++) {
      const r = below(independentU32(SEEDS, nonce, 0), 1_000_000)
      let running = 0
      const expected = WHEEL.findIndex((weight) => (running += weight) > r)
      expect(await rewardDrawIndex({ ...SEEDS, nonce }, WHEEL)).toBe(expected)
    }
  })

  it('lands on every entry of a table over enough draws, and on the only one of a single entry', async () => {
    const seen = new Set<number>()
    for (let nonce = 0; nonce < 200; nonce++)
      seen.add(await rewardDrawIndex({ ...SEEDS, nonce }, [1, 1, 1, 1]))
    expect([...seen].sort()).toEqual([0, 1, 2, 3])
    expect(await rewardDrawIndex({ ...SEEDS, nonce: 7 }, [5])).toBe(0)
  })
})

describe('the browser recomputes a lottery’s winning tickets', () => {
  it('matches the server’s rule over the nonce-0 stream', async () => {
    for (const [tickets, prizes] of [
      [1, 3],
      [3, 3],
      [10, 3],
      [250, 5],
      [1000, 12],
    ] as const) {
      const server = lotteryWinners(uint32Stream({ ...SEEDS, nonce: 0 }), tickets, prizes)
      expect(await lotteryWinningTickets(SEEDS, tickets, prizes)).toEqual(server)
    }
  })

  it('matches a partial Fisher–Yates shuffle computed independently', async () => {
    const tickets = 50
    const pool = Array.from({ length: tickets }, (_, index) => index + 1)
    const expected: number[] = []
    for (let rank = 0; rank < 4; rank++) {
      const pick = rank + below(independentU32(SEEDS, 0, rank), tickets - rank)
      ;[pool[rank], pool[pick]] = [pool[pick] as number, pool[rank] as number]
      expect(pool[rank]).toBeDefined()
      expected.push(pool[rank] as number)
    }
    const winners = await lotteryWinningTickets(SEEDS, tickets, 4)
    expect(winners).toEqual(expected)
    expect(new Set(winners).size).toBe(4)
  })

  it('draws no more winners than tickets sold, and none without tickets', async () => {
    expect(await lotteryWinningTickets(SEEDS, 2, 5)).toHaveLength(2)
    expect(await lotteryWinningTickets(SEEDS, 0, 3)).toEqual([])
  })
})

describe('the verify page’s verdicts', () => {
  const WEIGHTS = [500_000, 300_000, 150_000, 50_000]
  const hash = hashServerSeed(SEEDS.serverSeed)
  const drawn = (nonce: number) =>
    weightedIndex(uint32Stream({ ...SEEDS, nonce }).next().value as number, WEIGHTS)
  const draw = {
    server_seed: SEEDS.serverSeed,
    server_seed_hash: hash,
    client_seed: SEEDS.clientSeed,
    nonce: 9,
    weights: WEIGHTS,
    index: drawn(9),
  }

  it('verifies a draw the server made, and waits while its seed is secret', async () => {
    expect(await checkRewardDraw(draw)).toEqual({ verdict: 'verified', index: drawn(9) })
    expect(await checkRewardDraw({ ...draw, server_seed: null })).toEqual({
      verdict: 'pending',
      index: null,
    })
  })

  it('catches another entry, another nonce or a seed that is not the committed one', async () => {
    const other = (draw.index + 1) % WEIGHTS.length
    expect((await checkRewardDraw({ ...draw, index: other })).verdict).toBe('mismatch')
    expect((await checkRewardDraw({ ...draw, server_seed_hash: 'f'.repeat(64) })).verdict).toBe(
      'mismatch',
    )
    const nonce = [10, 11, 12, 13, 14].find((candidate) => drawn(candidate) !== draw.index) ?? 10
    expect((await checkRewardDraw({ ...draw, nonce })).verdict).toBe('mismatch')
  })

  const winners = lotteryWinners(uint32Stream({ ...SEEDS, nonce: 0 }), 120, 3)
  const lottery = {
    server_seed: SEEDS.serverSeed,
    client_seed: SEEDS.clientSeed,
    server_seed_hash: hash,
    ticket_count: 120,
    prizes: [{}, {}, {}],
    // Published in any order: ranks decide.
    winners: [2, 0, 1].map((at) => ({ rank: at + 1, ticket_number: winners[at] ?? 0 })),
  }

  it('verifies a lottery’s published winners rank by rank, and waits until it is drawn', async () => {
    expect(await checkLotteryDraw(lottery)).toEqual({
      verdict: 'verified',
      tickets: winners,
      published: winners,
    })
    expect(
      (await checkLotteryDraw({ ...lottery, server_seed: null, client_seed: null })).verdict,
    ).toBe('pending')
  })

  it('catches swapped ranks, a changed ticket count or a seed that is not the committed one', async () => {
    const swapped = lottery.winners.map((winner) =>
      winner.rank === 1
        ? { ...winner, rank: 2 }
        : winner.rank === 2
          ? { ...winner, rank: 1 }
          : winner,
    )
    expect((await checkLotteryDraw({ ...lottery, winners: swapped })).verdict).toBe('mismatch')
    expect((await checkLotteryDraw({ ...lottery, ticket_count: 121 })).verdict).toBe('mismatch')
    expect((await checkLotteryDraw({ ...lottery, server_seed_hash: 'f'.repeat(64) })).verdict).toBe(
      'mismatch',
    )
  })
})
