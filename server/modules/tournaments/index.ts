import type { EngagementConsumer } from '#server/modules/engagement/index.ts'
import { tournamentConsumer } from './scoring.ts'

// Tournaments' public face: the engine's consumer that scores bets.
export const tournamentConsumers: readonly EngagementConsumer[] = [tournamentConsumer]
