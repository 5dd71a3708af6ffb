import type { Renderer } from '../renderer.ts'
import { bingoRenderer } from './instant-bingo.ts'
import { crashRenderer } from './instant-crash.ts'
import { kenoRenderer } from './instant-keno.ts'
import { plinkoRenderer } from './instant-plinko.ts'
import { rouletteRenderer } from './instant-roulette.ts'
import { scratchRenderer } from './instant-scratch.ts'
import { sicboRenderer } from './instant-sicbo.ts'
import { wheelRenderer } from './instant-wheel.ts'

/** The instant renderers by `StudioTitle.kind`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const INSTANT_RENDERERS: Record<string, Renderer<any>> = {
  keno: kenoRenderer,
  bingo: bingoRenderer,
  plinko: plinkoRenderer,
  roulette: rouletteRenderer,
  sicbo: sicboRenderer,
  wheel: wheelRenderer,
  crash: crashRenderer,
  scratch: scratchRenderer,
}
