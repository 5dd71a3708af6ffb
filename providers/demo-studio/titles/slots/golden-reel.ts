import type { SlotSpec } from './templates.ts'

export const GOLDEN_REEL_SLOTS: SlotSpec[] = []
