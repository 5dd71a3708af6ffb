import { data, type AppLoadContext } from 'react-router'
import type { z } from 'zod'
import { getRewardsData } from '#app/components/rewards/shop-data.ts'
import { apiFetch } from '#app/lib/api.ts'
import type {
  JoinAnswerSchema,
  TournamentCard,
  TournamentDetails,
  TournamentListSchema,
} from '#server/modules/tournaments/tournaments.contract.ts'

export type TournamentList = z.infer<typeof TournamentListSchema>
export type JoinAnswer = z.infer<typeof JoinAnswerSchema>

/** The list page's three sections (an unknown locale: 404; any other failure: the error state). */
export const loadTournamentList = (context: AppLoadContext, locale: string) =>
  getRewardsData<TournamentList>(context, `/${locale}/tournaments`)

/** A tournament's page data; an id that cannot be one, or no such tournament, is a 404. */
export function loadTournamentDetails(
  context: AppLoadContext,
  locale: string,
  id: string,
): Promise<TournamentDetails> {
  // The call refuses a malformed id with 400; the page answers what a player sees: not found.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (!/^[1-9]\d{0,8}$/.test(id)) throw data(null, { status: 404 })
  return getRewardsData<TournamentDetails>(context, `/${locale}/tournaments/${id}`)
}

/** How many running tournaments the home page's tile shows. */
export const HOME_TOURNAMENTS = 3

/** The home tile: the running tournaments, or that they could not be read (the page still shows). */
export type HomeTournaments = { status: 'ready'; running: TournamentCard[] } | { status: 'failed' }

export async function loadHomeTournaments(
  context: AppLoadContext,
  locale: string,
): Promise<HomeTournaments> {
  try {
    const list = await getRewardsData<TournamentList>(context, `/${locale}/tournaments`)
    return {
      status: 'ready',
      running: list.running.filter((card) => card.phase === 'running').slice(0, HOME_TOURNAMENTS),
    }
  } catch (error) {
    console.warn('home tournaments', error)
    return { status: 'failed' }
  }
}

/**
 * Joins a tournament; a money fee names the wallet's currency it is paid in. A refusal throws the
 * server's `tournament.*` error with its message already in the player's language.
 */
export async function joinTournament(id: number, currency?: string): Promise<JoinAnswer> {
  const answer = await apiFetch<{ data: JoinAnswer }>(`/tournaments/${String(id)}/join`, {
    method: 'POST',
    body: currency === undefined ? {} : { currency },
  })
  return answer.data
}
