import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  COIN_PROGRESS_DECIMALS,
  formatCoinProgress,
  truncateDown,
} from '#app/lib/format/numbers.ts'

// Keeps fast-check inside plain decimal notation, where amounts actually live.
const amount = fc.double({ min: -1e12, max: 1e12, noNaN: true, noDefaultInfinity: true })

describe('truncateDown', () => {
  // [value, decimals or undefined for the default, expected]
  const table: [number, number | undefined, number][] = [
    [1.005, undefined, 1],
    [0.29, 2, 0.29],
    [0.07, 2, 0.07],
    [1.1, 2, 1.1],
    [4.35, 2, 4.35],
    [12.999, undefined, 12.99],
    [12, undefined, 12],
    [-1.239, undefined, -1.23],
    [-0.29, 2, -0.29],
    [-0.001, 2, 0],
    [12.999, 0, 12],
    [-12.999, 0, -12],
    [1.23456789, 4, 1.2345],
    [0.00029, 4, 0.0002],
    [1e-7, 2, 0],
    [1.23e-5, 6, 0.000012],
    [1e21, 2, 1e21],
    [123456789.987, 2, 123456789.98],
  ]

  it.each(table)('truncateDown(%d, %s) is %d', (value, decimals, expected) => {
    expect(truncateDown(value, decimals)).toBe(expected)
  })

  it('never returns -0', () => {
    expect(Object.is(truncateDown(-0.001), 0)).toBe(true)
    expect(Object.is(truncateDown(-0), 0)).toBe(true)
  })

  it('returns non-finite values unchanged', () => {
    expect(truncateDown(Number.NaN)).toBeNaN()
    expect(truncateDown(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY)
    expect(truncateDown(1.5, 400)).toBe(1.5)
  })

  it.each([-1, 1.5, Number.NaN])('rejects %d decimals', (decimals) => {
    expect(() => truncateDown(1, decimals)).toThrow(RangeError)
  })

  it('never rounds a non-negative value up, and cuts less than one hundredth', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (value) => {
        const truncated = truncateDown(value)
        expect(truncated).toBeLessThanOrEqual(value)
        // Subtracting two doubles near 1e12 loses up to ~1e-4, hence the relative epsilon.
        expect(value - truncated).toBeLessThan(0.01 + value * Number.EPSILON * 4)
      }),
    )
  })

  it('mirrors negative values around zero', () => {
    fc.assert(
      fc.property(amount, (value) => {
        // `+ 0` because truncateDown returns 0 rather than -0 for small negatives.
        expect(truncateDown(-value)).toBe(-truncateDown(value) + 0)
      }),
    )
  })

  it('leaves values with two or fewer decimals exactly as they are', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
        const value = Number(`${cents}e-2`)
        expect(truncateDown(value)).toBe(value)
      }),
    )
  })
})

describe('formatCoinProgress', () => {
  const table: [number, string][] = [
    [12, '12'],
    [12.5, '12.5'],
    [12.345, '12.35'],
    [12.344, '12.34'],
    [1.005, '1.01'],
    [0.29, '0.29'],
    [12.1, '12.1'],
    [12.10000001, '12.1'],
    [12.999, '13'],
    [0, '0'],
    [0.004, '0'],
    [-0.004, '0'],
    [-1.005, '-1.01'],
    [-12.5, '-12.5'],
    [1e-7, '0'],
    [1234567.891, '1234567.89'],
  ]

  it.each(table)('formats %d as %j', (value, expected) => {
    expect(formatCoinProgress(value)).toBe(expected)
  })

  it('uses two decimals', () => {
    expect(COIN_PROGRESS_DECIMALS).toBe(2)
  })

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'rejects %d',
    (value) => {
      expect(() => formatCoinProgress(value)).toThrow(RangeError)
    },
  )

  it('never prints more than two decimals, trailing zeros or exponents', () => {
    fc.assert(
      fc.property(amount, (value) => {
        expect(formatCoinProgress(value)).toMatch(/^(?!-0$)-?(0|[1-9]\d*)(\.\d?[1-9])?$/)
      }),
    )
  })

  it('stays within half a hundredth of the value', () => {
    fc.assert(
      fc.property(amount, (value) => {
        const shown = Number(formatCoinProgress(value))
        expect(Math.abs(shown - value)).toBeLessThanOrEqual(
          0.005 + Math.abs(value) * Number.EPSILON * 4,
        )
      }),
    )
  })
})
