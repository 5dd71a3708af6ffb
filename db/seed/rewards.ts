import type { Db } from '#db/client.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import { seedLootboxes, seedWheel } from './rewards-wheel.ts'
import { seedLotteries } from './rewards-lottery.ts'
import { seedShop } from './rewards-shop.ts'

/**
 * The rewards' demo content in every locale (issue 24): lootboxes first (prizes and shop items
 * name them), the wheel, the lotteries, then the shop (its ticket item sells the open lottery's).
 * Each part seeds only what is not there yet, so a restart changes nothing. A lottery's server
 * seed is sealed with the installation's data key (`secretBox`).
 */
export async function seedRewards(db: Db, secretBox: SecretBox, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await seedLootboxes(tx, now)
    await seedWheel(tx, now)
    await seedLotteries(tx, secretBox, now)
    await seedShop(tx, now)
  })
}
