import { uint32Stream, uniformInt, type FairnessInput } from './fairness.ts'

/** A 5×5 field with 1 to 24 mines; RTP 99 % whenever the player cashes out. */
export const MINES_TILES = 25
export const MINES_RTP_BP = 9_900

/** Where the mines lie: a Fisher–Yates shuffle of the 25 tiles, the first `mines` of it. */
export function minePositions(input: FairnessInput, mines: number): number[] {
  if (!Number.isInteger(mines) || mines < 1 || mines >= MINES_TILES)
    throw new Error(`mines ${mines}`)
  const tiles = Array.from({ length: MINES_TILES }, (_, index) => index)
  const stream = uint32Stream(input)
  for (let index = 0; index < mines; index++) {
    const pick = index + uniformInt(stream.next().value as number, MINES_TILES - index)
    const swap = tiles[pick] as number
    tiles[pick] = tiles[index] as number
    tiles[index] = swap
  }
  return tiles.slice(0, mines).sort((a, b) => a - b)
}

/** C(n, k) exactly, for the small numbers of this board. */
function choose(n: number, k: number): bigint {
  let result = 1n
  for (let index = 0; index < k; index++) result = (result * BigInt(n - index)) / BigInt(index + 1)
  return result
}

/**
 * The multiplier in basis points after `revealed` safe tiles: 99 % of the fair odds
 * C(25, k) / C(25 − mines, k), rounded down.
 */
export function minesMultiplierBp(mines: number, revealed: number): number {
  if (revealed === 0) return 10_000
  const fair =
    (choose(MINES_TILES, revealed) * BigInt(MINES_RTP_BP)) / choose(MINES_TILES - mines, revealed)
  return Number(fair)
}

export const minesPayout = (stakeMinor: bigint, mines: number, revealed: number): bigint =>
  (stakeMinor * BigInt(minesMultiplierBp(mines, revealed))) / 10_000n
