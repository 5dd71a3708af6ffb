import { ROULETTE_MAX_BETS, type RouletteBetKind } from '#common/originals-rules.ts'

// The chips on a roulette table, as the Original and Live Roulette both keep them: one entry per
// spot, the stake on it in minor units.

export type Spot = { kind: RouletteBetKind; value?: number }
export type Chips = Map<string, { spot: Spot; minor: bigint }>

export const spotKey = ({ kind, value }: Spot) => (value === undefined ? kind : `${kind}:${value}`)

/** The table with `chip` more on `spot`; undefined when it is a new spot on a full table. */
export function withChip(chips: Chips, spot: Spot, chip: bigint): Chips | undefined {
  const key = spotKey(spot)
  if (!chips.has(key) && chips.size >= ROULETTE_MAX_BETS) return undefined
  const next = new Map(chips)
  next.set(key, { spot, minor: (chips.get(key)?.minor ?? 0n) + chip })
  return next
}

export const chipsTotal = (chips: Chips) =>
  [...chips.values()].reduce((sum, { minor }) => sum + minor, 0n)
