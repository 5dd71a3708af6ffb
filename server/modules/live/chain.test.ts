import { describe, expect, it } from 'vitest'
import {
  CRASH_MAX_BP,
  CRASH_RTP_BP,
  ONE_X_BP,
  crashDurationMs,
  crashMultiplierBpAt,
  crashPayout,
  crashPointBp,
  multiplierText,
} from '#common/live-rules.ts'
import {
  chainFrom,
  crashResultOf,
  hashRepeated,
  isInChain,
  liveResultOf,
  roulettePocketOf,
} from './chain.ts'
import { simulateLiveRtp, STATED_LIVE_RTP } from './live-rtp.ts'

/**
 * The published example of the live games' hash chain, which anyone can check with standard
 * tools (`printf %s <hash> | sha256sum`, `printf %s crash:1:0 | openssl dgst -sha256 -hmac <hash>`):
 * secret `aurum-live-example-chain`, length 10.
 *
 * | round | round hash (SHA-256⁹⁻ⁿ⁺¹ of the secret)                          | crash  | pocket |
 * | ----- | ---------------------------------------------------------------- | ------ | ------ |
 * | 1     | 72a32ce873c19c19fd5830087fabe7c2d6dd3e13f95c244edc2c4fc2af8f4b89 | 1.51×  | 14     |
 * | 2     | 56f0a2b12b83bb03bc0e62fe1e2b0f16ddcfc11a7a2acd4262f51efdb6b51cc5 | 2.05×  | 20     |
 * | 3     | d866512fd6f3c7034350c6e6a98ac79ce16bb1affa187f4d50be3b71da5788cc | 1.52×  | 26     |
 *
 * Round 1: HMAC-SHA256(hash, `crash:1:0`) starts 5c25e5fb = 1 545 987 579, and
 * floor(9 700 × 2^32 / (2^32 − 1 545 987 579)) = 15 155 basis points; HMAC-SHA256(hash,
 * `live_roulette:1:0`) starts 655d9c7d, and floor(0x655d9c7d × 37 / 2^32) = 14.
 */
const EXAMPLE = {
  secret: 'aurum-live-example-chain',
  length: 10,
  terminalHash: '346214e986ad671ba2325cb9bdb55df698358a1868a9377faefa0d20e0c5ffa0',
  rounds: [
    {
      number: 1,
      hash: '72a32ce873c19c19fd5830087fabe7c2d6dd3e13f95c244edc2c4fc2af8f4b89',
      crashBp: 15_155,
      pocket: 14,
    },
    {
      number: 2,
      hash: '56f0a2b12b83bb03bc0e62fe1e2b0f16ddcfc11a7a2acd4262f51efdb6b51cc5',
      crashBp: 20_525,
      pocket: 20,
    },
    {
      number: 3,
      hash: 'd866512fd6f3c7034350c6e6a98ac79ce16bb1affa187f4d50be3b71da5788cc',
      crashBp: 15_280,
      pocket: 26,
    },
  ],
}

describe('the live hash chain', () => {
  it('gives the published example', async () => {
    const chain = await chainFrom(EXAMPLE.secret, EXAMPLE.length)
    expect(chain.terminalHash).toBe(EXAMPLE.terminalHash)
    for (const round of EXAMPLE.rounds) {
      expect(chain.hashOf(round.number)).toBe(round.hash)
      expect(crashResultOf(round.number, round.hash)).toBe(round.crashBp)
      expect(roulettePocketOf(round.number, round.hash)).toBe(round.pocket)
      expect(liveResultOf('crash', round.number, round.hash)).toEqual({ crash_bp: round.crashBp })
      expect(isInChain(round.hash, round.number, EXAMPLE.terminalHash)).toBe(true)
    }
  })

  it('links each round to the one before: SHA-256 of round n is round n − 1', async () => {
    const chain = await chainFrom('links', 3000)
    for (const number of [2, 1024, 1025, 2049, 3000]) {
      expect(hashRepeated(chain.hashOf(number), 1)).toBe(chain.hashOf(number - 1))
    }
    expect(hashRepeated(chain.hashOf(1), 1)).toBe(chain.terminalHash)
    expect(isInChain(chain.hashOf(7), 8, chain.terminalHash)).toBe(false)
    expect([...chain.inOrder()].slice(1023, 1027)).toEqual(
      [1024, 1025, 1026, 1027].map((number) => chain.hashOf(number)),
    )
    expect([...chain.inOrder()]).toHaveLength(3000)
    expect(() => chain.hashOf(0)).toThrow()
    expect(() => chain.hashOf(3001)).toThrow()
  })
})

describe('Crash rules', () => {
  it('maps the first number to a crash point between 1.00× and 10 000×', () => {
    expect(crashPointBp(0)).toBe(ONE_X_BP)
    expect(crashPointBp(2 ** 31)).toBe(19_400)
    expect(crashPointBp(2 ** 32 - 1)).toBe(CRASH_MAX_BP)
    expect(() => crashPointBp(2 ** 32)).toThrow()
  })

  it('returns exactly 97 % for a cash-out at any multiplier', () => {
    // crash ≥ m  ⇔  2^32 − u ≤ 9 700 × 2^32 / m: count those u and check the edges.
    for (const target of [10_100, 15_000, 20_000, 33_300, 100_000, 1_000_000, CRASH_MAX_BP]) {
      const winning = (BigInt(CRASH_RTP_BP) * 2n ** 32n) / BigInt(target)
      const lastWinningU = 2 ** 32 - Number(winning)
      expect(crashPointBp(lastWinningU)).toBeGreaterThanOrEqual(target)
      expect(crashPointBp(lastWinningU - 1)).toBeLessThan(target)
      const rtp = (Number(winning) / 2 ** 32) * (target / ONE_X_BP)
      expect(rtp).toBeCloseTo(CRASH_RTP_BP / ONE_X_BP, 5)
    }
  })

  it('grows the multiplier exponentially and knows when it reaches a crash point', () => {
    expect(crashMultiplierBpAt(0, 8000)).toBe(10_000)
    expect(crashMultiplierBpAt(8000, 8000)).toBe(20_000)
    expect(crashMultiplierBpAt(16_000, 8000)).toBe(40_000)
    for (const crash of [10_100, 15_155, 20_525, 1_000_000]) {
      const at = crashDurationMs(crash, 8000)
      expect(crashMultiplierBpAt(at, 8000)).toBeGreaterThanOrEqual(crash)
      expect(crashMultiplierBpAt(at - 1, 8000)).toBeLessThan(crash)
    }
  })

  it('pays the stake × the multiplier, rounded down, and shows two decimals', () => {
    expect(crashPayout(1_00n, 15_155)).toBe(1_51n)
    expect(crashPayout(333n, 20_000)).toBe(666n)
    expect(multiplierText(15_155)).toBe('1.51')
    expect(multiplierText(10_000)).toBe('1.00')
    expect(multiplierText(CRASH_MAX_BP)).toBe('10000.00')
  })
})

describe('live RTP simulation (the harness of npm run sim:rtp, fewer rounds)', () => {
  it.each(['crash', 'live_roulette'] as const)('%s lands near its stated RTP', async (game) => {
    const measured = await simulateLiveRtp(game, 20_000)
    expect(Math.abs(measured - STATED_LIVE_RTP[game])).toBeLessThan(0.03)
  })
})
