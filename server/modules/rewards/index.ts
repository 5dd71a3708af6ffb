// The rewards (issue 24): the prize wheel, lootboxes, the coin shop and lotteries, every draw
// provably fair, every prize through the ledger or the bonus system.
import type { EngagementConsumer } from '#server/modules/engagement/index.ts'
import { lotteryConsumer } from './lottery-progress.ts'
import { wheelConsumer } from './wheel-progress.ts'

export { grantPrize, prizeProblem, type GrantedPrize, type PrizeGrant } from './prizes.ts'
export { PrizeSchema } from './rewards.contract.ts'

/** The rewards' rules on the engine's events, in the engine's transaction. */
export const rewardsConsumers: readonly EngagementConsumer[] = [wheelConsumer, lotteryConsumer]
