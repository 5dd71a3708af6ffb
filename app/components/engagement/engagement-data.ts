import { data, type AppLoadContext } from 'react-router'
import type { z } from 'zod'
import type {
  AchievementCategoriesResponseSchema,
  LoyaltyProgrammeResponseSchema,
  QuestCategoriesResponseSchema,
} from '#server/modules/engagement/engagement.contract.ts'
import type { PageComponent } from '#server/modules/site/site.contract.ts'

export type QuestCategories = z.infer<typeof QuestCategoriesResponseSchema>['data']
export type QuestCategory = QuestCategories['categories'][number]
export type AchievementCategories = z.infer<typeof AchievementCategoriesResponseSchema>['data']
export type AchievementCategory = AchievementCategories['categories'][number]
export type LoyaltyProgramme = z.infer<typeof LoyaltyProgrammeResponseSchema>['data']
export type { PageComponent }

/**
 * A loader's GET of the engagement calls through the page's own request: 404 stays a 404 (an
 * unknown locale), any other refusal or failure becomes the page's error state (503).
 */
async function getData<T>(context: AppLoadContext, path: string): Promise<T> {
  const answer = await context.apiGet(path)
  // Thrown for the route's loader: React Router renders its error boundary with this status.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (answer.status === 404) throw data(null, { status: 404 })
  const body = answer.body as { data?: T } | null
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (answer.status !== 200 || !body?.data) throw data(null, { status: 503 })
  return body.data
}

export const loadQuestCategories = (context: AppLoadContext, locale: string) =>
  getData<QuestCategories>(context, `/${locale}/quest/get-quests-categories`)

export const loadAchievementCategories = (context: AppLoadContext, locale: string) =>
  getData<AchievementCategories>(context, `/${locale}/quest/get-achievements-categories`)

export const loadLoyaltyProgramme = (context: AppLoadContext, locale: string) =>
  getData<LoyaltyProgramme>(context, `/${locale}/loyalty/programme`)

/**
 * The operator's page components (hero, steps, FAQ) of `quests` or `achievements`. They dress the
 * page; without them it still works, so a failure leaves them out instead of failing the page.
 */
export async function loadPageComponents(
  context: AppLoadContext,
  locale: string,
  page: 'quests' | 'achievements',
): Promise<PageComponent[]> {
  try {
    const answer = await context.apiGet(`/${locale}/page/get-page-components?url=${page}`)
    const body = answer.body as { data?: { components?: PageComponent[] } } | null
    return answer.status === 200 ? (body?.data?.components ?? []) : []
  } catch {
    return []
  }
}
