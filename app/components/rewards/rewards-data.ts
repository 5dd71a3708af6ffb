import { data, type AppLoadContext } from 'react-router'
import type { z } from 'zod'
import type {
  LootboxDetailsSchema,
  PlayerLootboxSchema,
  WheelSchema,
} from '#server/modules/rewards/rewards.contract.ts'
import type { PageComponent } from '#server/modules/site/site.contract.ts'

export type Wheel = z.infer<typeof WheelSchema>
export type LootboxDetails = z.infer<typeof LootboxDetailsSchema>
export type PlayerLootbox = z.infer<typeof PlayerLootboxSchema>

/**
 * A loader's GET through the page's own request. `absent` lists the statuses that mean "nothing to
 * show" (no wheel offered: 404; a visitor's own lootboxes: 401) and answer null; any other refusal
 * or failure becomes the page's error state (503).
 */
async function getData<T>(
  context: AppLoadContext,
  path: string,
  absent: readonly number[] = [],
): Promise<T | null> {
  const answer = await context.apiGet(path)
  if (absent.includes(answer.status)) return null
  const body = answer.body as { data?: T } | null
  // Thrown for the route's loader: React Router renders its error boundary with this status.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (answer.status !== 200 || !body?.data) throw data(null, { status: 503 })
  return body.data
}

/** The offered wheel, null when there is none (the page's empty state). */
export const loadWheel = (context: AppLoadContext, locale: string) =>
  getData<Wheel>(context, `/${locale}/fortune-wheel`, [404])

/** Every kind of lootbox with its odds table (none while the call is not there: 404). */
export async function loadLootboxCatalogue(
  context: AppLoadContext,
  locale: string,
): Promise<LootboxDetails[]> {
  const answer = await getData<{ lootboxes: LootboxDetails[] }>(
    context,
    `/${locale}/lootbox/api`,
    [404],
  )
  return answer?.lootboxes ?? []
}

/** The signed-in player's lootboxes; null for a visitor (401) or while the call is not there. */
export async function loadPlayerLootboxes(
  context: AppLoadContext,
  locale: string,
): Promise<PlayerLootbox[] | null> {
  const answer = await getData<{ lootboxes: PlayerLootbox[] }>(
    context,
    `/${locale}/lootbox/player`,
    [401, 404],
  )
  return answer?.lootboxes ?? null
}

/**
 * The operator's page components (hero, steps, FAQ) of the wheel or the lootboxes page. They
 * dress the page; without them it still works, so a failure leaves them out.
 */
export async function loadRewardsPageComponents(
  context: AppLoadContext,
  locale: string,
  page: 'fortune-wheel' | 'lootboxes',
): Promise<PageComponent[]> {
  try {
    const answer = await context.apiGet(`/${locale}/page/get-page-components?url=${page}`)
    const body = answer.body as { data?: { components?: PageComponent[] } } | null
    return answer.status === 200 ? (body?.data?.components ?? []) : []
  } catch {
    return []
  }
}
