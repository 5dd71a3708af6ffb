import type { StudioTitle } from '../games/types.ts'

/** The studio's instant titles (the sheet in sheet.ts lists every part). */
export const INSTANT_TITLES: readonly StudioTitle[] = []
