import type { Renderer } from '../renderer.ts'
import { CARDS_RENDERERS } from './cards.ts'
import { INSTANT_RENDERERS } from './instant.ts'
import { SLOT_RENDERERS } from './slot.ts'

/** Every renderer by `StudioTitle.kind`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const RENDERERS: Record<string, Renderer<any>> = {
  ...SLOT_RENDERERS,
  ...CARDS_RENDERERS,
  ...INSTANT_RENDERERS,
}
