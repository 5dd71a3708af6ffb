import type { StudioTitle } from '../games/types.ts'

/** The studio's cards titles (the sheet in sheet.ts lists every part). */
export const CARDS_TITLES: readonly StudioTitle[] = []
