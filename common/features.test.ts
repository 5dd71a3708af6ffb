import { describe, expect, it } from 'vitest'
import { FEATURES, featureOfPath, isPathOn } from './features.ts'

describe('featureOfPath', () => {
  it.each([
    ['/en/promotions/', 'bonuses'],
    ['/de/promotions/welcome/', 'bonuses'],
    ['/fr/bonus-terms/', 'bonuses'],
    ['/en/account/bonuses/', 'bonuses'],
    ['/en/shop/all/?sort=new', 'shop'],
    ['/ar-en/tourneys/', 'tournaments'],
    ['/en/tournament-details/t/1/', 'tournaments'],
    ['/en/quests-details/1/', 'quests'],
    ['/pl/vip/', 'vip'],
  ])('%s belongs to %s', (path, feature) => {
    expect(featureOfPath(path)).toBe(feature)
  })

  it.each(['/en/', '/en/lobby/c/All/', '/en/account/', '/en/tc/', '/en/shopping/', '/en/vipers/'])(
    '%s belongs to no feature',
    (path) => {
      expect(featureOfPath(path)).toBeUndefined()
    },
  )
})

describe('isPathOn', () => {
  it('follows the switch of the path’s feature', () => {
    expect(isPathOn('/en/shop/all/', { ...FEATURES, shop: false })).toBe(false)
    expect(isPathOn('/en/shop/all/', { ...FEATURES, shop: true })).toBe(true)
    expect(isPathOn('/en/lobby/c/All/', FEATURES)).toBe(true)
  })

  it('takes both tournament pages with the switch (every feature with pages is on now)', () => {
    const off = { ...FEATURES, tournaments: false }
    for (const path of ['/en/tourneys/', '/ar-en/tournament-details/t/7/']) {
      expect(isPathOn(path, off), path).toBe(false)
      expect(isPathOn(path, FEATURES), path).toBe(true)
    }
  })
})

describe('FEATURES', () => {
  it('has every feature of the spec on, time-out and self-exclusion last (issue 26)', () => {
    expect(FEATURES.timeOut).toBe(true)
    expect(FEATURES.selfExclusion).toBe(true)
    expect(Object.entries(FEATURES).filter(([, isOn]) => !isOn)).toEqual([])
  })
})
