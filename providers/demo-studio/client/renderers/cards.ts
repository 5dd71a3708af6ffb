import type { Renderer } from '../renderer.ts'

/** The cards renderers by `StudioTitle.kind`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const CARDS_RENDERERS: Record<string, Renderer<any>> = {}
