/**
 * Decimal helpers for amounts shown to players. Scaling goes through the decimal exponent of the
 * number's shortest string form, never `value * 10 ** decimals`: binary floats make 0.29 * 100
 * 28.999999999999996, which a naive floor would show as 0.28.
 */

/** Coin progress shows at most this many decimals (spec). */
export const COIN_PROGRESS_DECIMALS = 2

/** Moves the decimal point by `places` using the decimal text, so no binary rounding creeps in. */
function shiftDecimal(value: number, places: number): number {
  // `String` may already use exponent form (1e-7, 1e+21); fold `places` into that exponent.
  const [mantissa = '', exponent = '0'] = String(value).split('e')
  return Number(`${mantissa}e${Number(exponent) + places}`)
}

function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0) {
    throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`)
  }
}

/**
 * Cuts `value` to `decimals` places toward zero, so a shown balance never exceeds the real one:
 * 12.999 gives 12.99 and -1.239 gives -1.23. Non-finite values come back unchanged.
 */
export function truncateDown(value: number, decimals = 2): number {
  assertDecimals(decimals)
  if (!Number.isFinite(value)) return value
  const scaled = shiftDecimal(value, decimals)
  // Past the float range the decimal text has fewer places than asked for: nothing to cut.
  if (!Number.isFinite(scaled)) return value
  // Math.trunc(-0.1) is -0, but `String(-0)` is '0', so the result is never -0.
  return shiftDecimal(Math.trunc(scaled), -decimals)
}

/**
 * Rounds half away from zero to two decimals and drops trailing zeros: 12 → '12', 12.5 → '12.5',
 * 12.345 → '12.35', 1.005 → '1.01'. Throws a RangeError for NaN or an infinity.
 */
export function formatCoinProgress(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Coin progress must be finite, got ${value}`)
  const magnitude = Math.round(shiftDecimal(Math.abs(value), COIN_PROGRESS_DECIMALS))
  const rounded = shiftDecimal(magnitude, -COIN_PROGRESS_DECIMALS)
  // The shortest string form of a number with at most two decimals has no trailing zeros, and
  // `String(-0)` is '0', so values rounding to zero lose their sign.
  return String(value < 0 ? -rounded : rounded)
}
