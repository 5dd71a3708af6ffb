import { beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#tests/helpers/build-test-app.ts'
import { loadRates } from '#server/modules/wallet/index.ts'
import { ORIGINALS_STAKE_EUR, originalStakeRange } from './instant-bets.ts'
import { engineStakeRanges } from './stake-ranges.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})

describe('engineStakeRanges (the game screen’s default stake and steps)', () => {
  it('answers every currency with the range the bet calls enforce', async () => {
    const { db } = t.app.database
    const rates = await loadRates(db)
    const ranges = await engineStakeRanges(db, 'dice')
    expect(Object.keys(ranges)).toHaveLength(18)
    for (const currency of ['EUR', 'BTC', 'ETH', 'USDT'] as const) {
      const enforced = await originalStakeRange(db, rates, 'dice', currency)
      expect(ranges[currency], currency).toEqual({
        min: enforced.min.toString(),
        max: enforced.max.toString(),
      })
    }
    // Bitcoin is not 0.10 to 1,000 bitcoins.
    expect(BigInt(ranges.BTC?.max ?? '0')).toBeLessThan(10n ** 8n)
  })

  it('gives a live game the Originals’ range its bets use, not its catalogue limits', async () => {
    const ranges = await engineStakeRanges(t.app.database.db, 'crash')
    expect(ranges.EUR).toEqual({
      min: ORIGINALS_STAKE_EUR.min.toString(),
      max: ORIGINALS_STAKE_EUR.max.toString(),
    })
  })
})
