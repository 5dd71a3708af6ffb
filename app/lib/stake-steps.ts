import { CURRENCY_EXPONENTS, isCurrencyCode } from '#common/money.ts'

/**
 * The one rule for stakes on the game screens (Originals and live games): the default stake, the
 * ½ and 2× steps and the roulette chips, all in minor units of the current wallet and inside the
 * stake range the server enforces in that currency (the game page's loader sends it, converted
 * from the Originals' euro range by the rate table). A fixed "1 unit" default would be a fair
 * euro stake but 1 BTC, far above any range, so everything here derives from the range instead.
 */

export interface StakeRange {
  min: bigint
  max: bigint
}

/** The loader's ranges are JSON strings; a missing or broken one falls back to `fallbackRange`. */
export function stakeRangeOf(
  ranges: Partial<Record<string, { min: string; max: string }>> | undefined,
  currency: string,
): StakeRange {
  const wire = ranges?.[currency]
  if (wire && /^\d+$/.test(wire.min) && /^\d+$/.test(wire.max)) {
    const min = BigInt(wire.min)
    const max = BigInt(wire.max)
    if (min > 0n && min <= max) return { min, max }
  }
  return fallbackRange(currency)
}

/**
 * Without a range from the server (a currency it does not know): 0.1 to 1,000 units. The server
 * still refuses what is outside its own range; this only keeps the controls usable.
 */
export function fallbackRange(currency: string): StakeRange {
  const unit = 10n ** BigInt(isCurrencyCode(currency) ? CURRENCY_EXPONENTS[currency] : 2)
  return { min: unit / 10n > 0n ? unit / 10n : 1n, max: unit * 1000n }
}

export const clampStake = (minor: bigint, { min, max }: StakeRange): bigint =>
  minor < min ? min : minor > max ? max : minor

/** The largest 1, 2 or 5 × 10ⁿ at or below `minor` (at least 1): amounts a player reads at a glance. */
export function roundDownToNice(minor: bigint): bigint {
  if (minor < 1n) return 1n
  let power = 1n
  while (power * 10n <= minor) power *= 10n
  for (const step of [5n, 2n, 1n]) if (step * power <= minor) return step * power
  return power
}

/**
 * The stake a game starts with: ten minimum stakes rounded down to a round amount (1.00 in
 * euros, whose minimum is 0.10; 0.00001 BTC at about 90,000 € a bitcoin), never outside the range.
 */
export function defaultStake(range: StakeRange): bigint {
  const nice = roundDownToNice(range.min * 10n)
  return clampStake(nice < range.min ? range.min : nice, range)
}

/** ½ and 2×: halving stops at the minimum and doubling at the maximum. */
export function stepStake(minor: bigint, step: 'half' | 'double', range: StakeRange): bigint {
  return clampStake(step === 'half' ? minor / 2n : minor * 2n, range)
}

/**
 * Five roulette chips around the default stake (a tenth, one, five, ten and fifty times it:
 * 0.10, 1, 5, 10 and 50 in euros), each inside the range; duplicates after clamping are dropped.
 */
export function chipValues(range: StakeRange): bigint[] {
  const base = defaultStake(range)
  const chips = [base / 10n, base, base * 5n, base * 10n, base * 50n].map((chip) =>
    clampStake(chip, range),
  )
  return [...new Set(chips)]
}
