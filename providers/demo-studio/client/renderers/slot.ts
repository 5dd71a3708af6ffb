import type { Renderer } from '../renderer.ts'

/** The slot renderers by `StudioTitle.kind`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const SLOT_RENDERERS: Record<string, Renderer<any>> = {}
