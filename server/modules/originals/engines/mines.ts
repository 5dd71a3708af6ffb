import { layMines } from '#common/originals-rules.ts'
import { uint32Stream, type FairnessInput } from './fairness.ts'

export {
  MINES_RTP_BP,
  MINES_TILES,
  minesMultiplierBp,
  minesPayout,
} from '#common/originals-rules.ts'

/** Where the mines lie for this bet (the shuffle's numbers come from its seed pair and nonce). */
export function minePositions(input: FairnessInput, mines: number): number[] {
  const stream = uint32Stream(input)
  const u32s = Array.from({ length: Math.max(mines, 0) }, () => stream.next().value as number)
  return layMines(u32s, mines)
}
