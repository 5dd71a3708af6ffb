import type { EngagementConsumer } from '#server/modules/engagement/index.ts'

// PLACEHOLDER: earned lottery tickets from real-money stakes while sales are open.
export const lotteryConsumer: EngagementConsumer = {
  name: 'lottery',
  apply: async () => {},
}
