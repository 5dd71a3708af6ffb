import type { SlotSpec } from './templates.ts'

export const RED_FOX_SLOTS: SlotSpec[] = []
