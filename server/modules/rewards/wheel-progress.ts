import type { EngagementConsumer } from '#server/modules/engagement/index.ts'

// PLACEHOLDER: the wheel's progress from real-money stakes, and lootboxes for levels and tasks.
export const wheelConsumer: EngagementConsumer = {
  name: 'wheel',
  apply: async () => {},
}
