import { describe, expect, it } from 'vitest'
import { INSTANT_TITLES } from '../titles/instant.ts'
import { CRASH_SPACE, crashPoint, createCrash } from './crash.ts'
import { scriptedRng } from './rng.ts'

/** The exact return at a target: t/100 × P(C ≥ t), P = ⌊R_bp × 2³² ÷ (100 t)⌋ ÷ 2³². */
const returnAt = (rtpBp: number, target: number) => {
  const wins = (BigInt(rtpBp) * CRASH_SPACE) / (100n * BigInt(target))
  return {
    rtp: (Number(wins) * target) / 100 / Number(CRASH_SPACE),
    hit: Number(wins) / Number(CRASH_SPACE),
    wins,
  }
}

describe('crash', () => {
  const targets = [101, 150, 200, 300, 777, 1000, 10_000, 123_456, 1_000_000]
  it.each([9700, 9650, 9600])('returns R = %i bp at every target (exact)', (rtpBp) => {
    for (const target of targets) {
      const { rtp, wins } = returnAt(rtpBp, target)
      expect(Math.abs(rtp - rtpBp / 10_000), `target ${target}`).toBeLessThan(0.000003)
      // The boundary: the last winning draw reaches the target, the next one does not.
      expect(crashPoint(rtpBp, wins - 1n) >= BigInt(target)).toBe(true)
      expect(crashPoint(rtpBp, wins) >= BigInt(target)).toBe(false)
    }
  })

  it("states each title's exact figures", () => {
    for (const code of ['ice-crash', 'rocket-fox', 'mega-balloon', 'jet-harbour']) {
      const title = INSTANT_TITLES.find((t) => t.code === code)
      const info = title?.info as { rtpBp: number }
      const target = (title?.math.strategy.params as { target: number }).target
      const { rtp, hit } = returnAt(info.rtpBp, target)
      expect(title?.stated.rtpBp).toBe(Math.round(rtp * 10_000))
      expect(title?.stated.hitBp).toBe(Math.round(hit * 10_000))
      const sd = Math.sqrt(hit * (target / 100) ** 2 - rtp * rtp)
      expect(sd).toBeLessThan(1.6)
      expect(title?.stated.volatility).toBe('low')
      expect(title?.stated.maxWinX).toBe(10_000)
    }
  })

  it('cashes out at the target or crashes below it', () => {
    const crash = createCrash({ rtpBp: 9700, simTarget: 200, art: 'curve' })
    const { wins } = returnAt(9700, 200)
    const won = crash.start({ target: 200 }, 1000n, scriptedRng([Number(wins) - 1]))
    expect(won.view.won).toBe(true)
    expect(won.payout).toBe(2000n)
    const lost = crash.start({ target: 200 }, 1000n, scriptedRng([Number(wins)]))
    expect(lost.view).toMatchObject({ won: false, crash: 199, payout: '0' })
    // The top draw: shown as 10,000× (every target is reached).
    const top = crash.start({ target: 1_000_000 }, 3n, scriptedRng([0]))
    expect(top.view.crash).toBe(1_000_000)
    expect(top.payout).toBe(30_000n)
    // The bottom: crashes at once.
    const bottom = crash.start({ target: 101 }, 3n, scriptedRng([Number(CRASH_SPACE) - 1]))
    expect(bottom.view).toMatchObject({ crash: 100, won: false })
  })

  it('refuses targets outside 1.01×–10,000×', () => {
    const crash = createCrash({ rtpBp: 9700, simTarget: 200, art: 'curve' })
    expect(crash.startStake({ target: 100 }, 1n)).toBe('crashTarget')
    expect(crash.startStake({ target: 1_000_001 }, 1n)).toBe('crashTarget')
    expect(crash.startStake({ target: 101 }, 7n)).toBe(7n)
    expect(crash.params.safeParse({ target: 1.5 }).success).toBe(false)
  })
})
