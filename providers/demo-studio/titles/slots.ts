import type { StudioTitle } from '../games/types.ts'

/** The studio's slots titles (the sheet in sheet.ts lists every part). */
export const SLOTS_TITLES: readonly StudioTitle[] = []
