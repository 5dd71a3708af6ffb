import { describe, expect, it } from 'vitest'
import { seededRng } from '../games/rng.ts'
import type { SlotInfo } from '../games/slot-view.ts'
import { SLOT_FIGURES } from './slots/figures.ts'
import { SLOT_SPECS, SLOT_TITLES, volatilityOf } from './slots.ts'

// The slot sheet: 46 titles, each stating what its calibration measured, and each bought feature
// returning what it states (the base game's RTP is checked by `npm run sim:rtp`).

const BUY_ROUNDS = 300_000

describe('slot titles', () => {
  it('lists 46 titles with their own codes, figures in range and a calibrated source', () => {
    expect(SLOT_TITLES).toHaveLength(46)
    expect(new Set(SLOT_TITLES.map((t) => t.code)).size).toBe(46)
    for (const title of SLOT_TITLES) {
      const figures = SLOT_FIGURES[title.code]
      expect(figures, title.code).toBeDefined()
      if (!figures) continue
      expect(figures.rounds, title.code).toBeGreaterThanOrEqual(20_000_000)
      expect(title.stated.rtpBp, title.code).toBe(figures.rtpBp)
      expect(title.stated.hitBp, title.code).toBe(figures.hitBp)
      expect(title.stated.rtpBp, title.code).toBeGreaterThanOrEqual(9400)
      expect(title.stated.rtpBp, title.code).toBeLessThanOrEqual(9700)
      expect(title.stated.volatility, title.code).toBe(volatilityOf(figures.sd))
      expect(figures.sd, title.code).toBeLessThanOrEqual(2.6)
      const info = title.info as SlotInfo
      const classic = info.reels === 3
      expect(title.stated.maxWinX, title.code).toBeGreaterThanOrEqual(classic ? 100 : 500)
      expect(title.stated.maxWinX, title.code).toBeLessThanOrEqual(classic ? 500 : 2500)
      expect(title.category).toBe('slots')
      expect(title.kind).toBe('slot')
      expect(title.features.length, title.code).toBeGreaterThan(0)
    }
  })

  it('gives each title its own mix of symbols', () => {
    const mixes = SLOT_TITLES.map((t) => (t.info as SlotInfo).symbols.map((s) => s.art).join())
    expect(new Set(mixes).size).toBe(mixes.length)
  })

  it('plays every title and builds its view on demand', () => {
    for (const title of SLOT_TITLES) {
      const round = title.math.start({}, 100n, seededRng(`view:${title.code}`))
      const view = round.view as { payout: string; spins: unknown[] }
      expect(view.payout, title.code).toBe(round.payout.toString())
      expect(view.spins.length, title.code).toBeGreaterThan(0)
    }
  })

  const buyTitles = SLOT_SPECS.filter((spec) => spec.buyPriceX !== undefined).map(
    (spec) => spec.code,
  )

  it.each(buyTitles)(
    '%s: 300,000 bought features return the stated buy RTP within 1 pp, within 0.3 pp of the base',
    (code) => {
      const title = SLOT_TITLES.find((t) => t.code === code)
      const figures = SLOT_FIGURES[code]
      if (!title || figures?.buyPriceX === undefined || figures.buyRtpBp === undefined)
        throw new Error(`${code} has no calibrated buy`)
      expect(Math.abs(figures.buyRtpBp - figures.rtpBp)).toBeLessThanOrEqual(30)
      const rng = seededRng(`test-buy:${code}`)
      let paid = 0
      for (let i = 0; i < BUY_ROUNDS; i++) {
        const outcome = title.engine.outcome(rng, true)
        paid += outcome.units / outcome.den
      }
      const rtp = paid / BUY_ROUNDS / figures.buyPriceX
      expect(Math.abs(rtp * 10_000 - figures.buyRtpBp)).toBeLessThan(100)
    },
    120_000,
  )
})
