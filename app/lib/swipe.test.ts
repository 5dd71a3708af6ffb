import { describe, expect, it } from 'vitest'
import { shouldCloseOnSwipe } from './swipe.ts'

describe('swipe to close', () => {
  it.each([
    // distance, size, duration, closes
    [61, 600, 2000, true], // past 10 % of the size, however slow
    [60, 600, 2000, false], // exactly 10 % is not past it
    [40, 600, 299, true], // short but faster than 300 ms
    [40, 600, 300, false], // 300 ms is not faster than 300 ms
    [8, 600, 50, false], // a tap, not a swipe
    [-200, 600, 100, false], // moved the other way
  ])('%d px of %d px in %d ms closes: %s', (distancePx, sizePx, durationMs, closes) => {
    expect(shouldCloseOnSwipe({ distancePx, sizePx, durationMs })).toBe(closes)
  })
})
