import type { AppLoadContext } from 'react-router'
import type { z } from 'zod'
import type {
  LotteriesSchema,
  PlayerLotteryStatusesSchema,
} from '#server/modules/rewards/rewards.contract.ts'
import type { PageComponent } from '#server/modules/site/site.contract.ts'
import { getRewardsData, type ShopItems } from './shop-data.ts'

type Lotteries = z.infer<typeof LotteriesSchema>
type PlayerLotteryStatuses = z.infer<typeof PlayerLotteryStatusesSchema>

/**
 * The lottery page's data: the lotteries to come and running, the recent draws, the player's
 * tickets (signed in only), the operator's page components, and the shop's items for the price
 * of a ticket and the player's coins. The last two only dress the page: a failure leaves them out.
 */
export async function loadLotteryPage(context: AppLoadContext, locale: string) {
  const [existing, recent, statuses, components, shop] = await Promise.all([
    getRewardsData<Lotteries>(context, `/${locale}/lottery/get-existing-lotteries`),
    getRewardsData<Lotteries>(context, `/${locale}/lottery/get-recent-lotteries`),
    context.player
      ? getRewardsData<PlayerLotteryStatuses>(
          context,
          `/${locale}/lottery/get-player-lotteries-statuses`,
        )
      : null,
    pageComponents(context, locale),
    getRewardsData<ShopItems>(context, `/${locale}/shop/items`).catch(() => null),
  ])
  return {
    existing: existing.lotteries,
    recent: recent.lotteries,
    statuses: statuses?.lotteries ?? null,
    components,
    shop,
  }
}

async function pageComponents(context: AppLoadContext, locale: string): Promise<PageComponent[]> {
  try {
    const answer = await context.apiGet(`/${locale}/page/get-page-components?url=lottery`)
    const body = answer.body as { data?: { components?: PageComponent[] } } | null
    return answer.status === 200 ? (body?.data?.components ?? []) : []
  } catch {
    return []
  }
}
