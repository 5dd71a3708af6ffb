import { data, type AppLoadContext } from 'react-router'
import type { z } from 'zod'
import { apiFetch } from '#app/lib/api.ts'
import type {
  ShopItemsSchema,
  ShopPurchaseSchema,
} from '#server/modules/rewards/rewards.contract.ts'

export type ShopItems = z.infer<typeof ShopItemsSchema>

/**
 * A loader's GET of a rewards call through the page's own request: 404 stays a 404 (an unknown
 * locale), any other refusal or failure becomes the page's error state (503).
 */
export async function getRewardsData<T>(context: AppLoadContext, path: string): Promise<T> {
  const answer = await context.apiGet(path)
  // Thrown for the route's loader: React Router renders its error boundary with this status.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (answer.status === 404) throw data(null, { status: 404 })
  const body = answer.body as { data?: T } | null
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (answer.status !== 200 || !body?.data) throw data(null, { status: 503 })
  return body.data
}

export const loadShopItems = (context: AppLoadContext, locale: string) =>
  getRewardsData<ShopItems>(context, `/${locale}/shop/items`)

export type ShopPurchase = z.infer<typeof ShopPurchaseSchema>

/**
 * Buys one item for coins. The key names one confirmation: a retry after a lost answer sends the
 * same key and gets the same purchase back instead of paying twice.
 */
export async function purchaseShopItem(
  locale: string,
  itemId: number,
  idempotencyKey: string,
): Promise<ShopPurchase> {
  const answer = await apiFetch<{ data: ShopPurchase }>(`/${locale}/shop/purchase`, {
    method: 'POST',
    body: { item_id: itemId, idempotency_key: idempotencyKey },
  })
  return answer.data
}
