import type { SlotSpec } from './templates.ts'

export const BLUE_HARBOUR_SLOTS: SlotSpec[] = []
