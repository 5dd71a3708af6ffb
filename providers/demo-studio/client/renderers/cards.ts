import type { Renderer } from '../renderer.ts'
import { baccaratRenderer } from './card-baccarat.ts'
import { blackjackRenderer } from './card-blackjack.ts'
import { hiloRenderer } from './card-hilo.ts'
import { holdemRenderer } from './card-holdem.ts'
import { videoPokerRenderer } from './card-poker.ts'

/** The cards renderers by `StudioTitle.kind`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const CARDS_RENDERERS: Record<string, Renderer<any>> = {
  blackjack: blackjackRenderer,
  baccarat: baccaratRenderer,
  'video-poker': videoPokerRenderer,
  holdem: holdemRenderer,
  hilo: hiloRenderer,
}
