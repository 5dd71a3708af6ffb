import type { Renderer } from '../renderer.ts'

/** The instant renderers by `StudioTitle.kind`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const INSTANT_RENDERERS: Record<string, Renderer<any>> = {}
