import { describe, expect, it } from 'vitest'
import { CARDS_TITLES } from '../titles/cards.ts'
import { seededRng } from './rng.ts'
import { simulateTitle } from './simulate.ts'

// The calibration of the card titles whose figures cannot be enumerated here (blackjack, video
// poker and Casino Hold'em with their stated strategies): skipped by default; run once with
//   CALIBRATE=northern-blackjack,video-poker-jacks ROUNDS=20000000 nice npx vitest run providers/demo-studio/games/cards-calibrate.test.ts
// and copy the printed figures into titles/cards.ts (rtpBp and hitBp rounded to the basis point).
// The seed is `calibrate:<code>`, never the check's `sim:<code>`.

// The studio imports nothing of the casino (server/config/env.ts included): a test's own switch.
// eslint-disable-next-line no-restricted-syntax
const wanted = (process.env.CALIBRATE ?? '').split(',').filter(Boolean)
// eslint-disable-next-line no-restricted-syntax
const rounds = Number(process.env.ROUNDS ?? 20_000_000)

describe.skipIf(wanted.length === 0)('calibration of the card titles', () => {
  for (const code of wanted) {
    it(code, { timeout: 24 * 3600_000 }, () => {
      const title = CARDS_TITLES.find((entry) => entry.code === code)
      expect(title).toBeDefined()
      if (!title) return
      const started = performance.now()
      const measured = simulateTitle(title, rounds, seededRng(`calibrate:${code}`))
      console.log(
        `${code}: ${rounds} rounds, rtp ${(measured.rtp * 100).toFixed(3)} % (rtpBp ${Math.round(measured.rtp * 10_000)}), ` +
          `hit ${(measured.hit * 100).toFixed(3)} % (hitBp ${Math.round(measured.hit * 10_000)}), sd ${measured.sd.toFixed(3)}, ` +
          `max ${measured.maxWinX}, ${((performance.now() - started) / 1000).toFixed(0)} s`,
      )
    })
  }
})
