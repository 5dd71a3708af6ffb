import type { EngagementConsumer } from '#server/modules/engagement/index.ts'

// PLACEHOLDER (scoring helper): scores qualifying bets, moves the board, pushes it.
export const tournamentConsumer: EngagementConsumer = {
  name: 'tournaments',
  apply: async () => {},
}
