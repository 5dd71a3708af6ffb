import type { SlotSpec } from './templates.ts'

export const DEMO_STUDIO_SLOTS: SlotSpec[] = []
