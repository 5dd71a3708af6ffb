import { ApiError, apiFetch } from '#app/lib/api.ts'
import { showToast } from '#app/state/toast-store.ts'
import { useUserStore } from '#app/state/user-store.ts'
import type {
  BonusTermsResponseSchema,
  PlayerBonus,
} from '#server/modules/bonuses/bonuses.contract.ts'
import type { z } from 'zod'
import { bonusOfPayload, sortActiveList, sortOldList, withBonusUpdate } from './bonuses-list.ts'

export type BonusTerms = z.infer<typeof BonusTermsResponseSchema>

/** Spec: the client asks for page size 100, page 0. */
const LIST_QUERY = 'perPage=100&page=0'

interface ListAnswer {
  data: { bonuses: PlayerBonus[]; total: number }
}

/**
 * Both bonus lists into the user store. Called only for a signed-in player (the calls need a
 * session). A failed call shows its error as a toast (spec), in the server's words when it gave
 * some (already in the player's language), else `fallbackMessage`.
 */
export function loadBonuses(fallbackMessage: string): Promise<void> {
  // Sign-in, the socket's connect and the tab may all ask at once: one load answers them all.
  inFlight ??= fetchBonuses(fallbackMessage).finally(() => {
    inFlight = undefined
  })
  return inFlight
}
let inFlight: Promise<void> | undefined

async function fetchBonuses(fallbackMessage: string): Promise<void> {
  if (!useUserStore.getState().isAuthenticated) return
  useUserStore.setState((state) => ({
    // A reload keeps what is shown; only the first load shows the skeleton.
    bonusesStatus: state.bonusesStatus === 'ready' ? 'ready' : 'loading',
  }))
  try {
    const [active, old] = await Promise.all([
      apiFetch<ListAnswer>(`/bonus/get-all?${LIST_QUERY}`),
      apiFetch<ListAnswer>(`/bonus/get-old?${LIST_QUERY}`),
    ])
    // The player may have signed out while the calls ran: their lists must not come back.
    if (!useUserStore.getState().isAuthenticated) return
    useUserStore.setState({
      bonuses: {
        activeBonuses: sortActiveList(active.data.bonuses),
        oldBonuses: sortOldList(old.data.bonuses),
      },
      bonusesStatus: 'ready',
    })
  } catch (error) {
    console.warn('bonuses', error)
    useUserStore.setState({ bonusesStatus: 'error' })
    showToast({
      tone: 'error',
      title: error instanceof ApiError && error.message ? error.message : fallbackMessage,
    })
  }
}

/** The socket's `bonusUpdate`: the bonus moves in the lists (the wagering bar follows). */
export function applyBonusUpdate(payload: unknown): void {
  const bonus = bonusOfPayload(payload)
  if (!bonus) {
    console.warn('bonusUpdate without a bonus', payload)
    return
  }
  useUserStore.setState((state) => ({ bonuses: withBonusUpdate(state.bonuses, bonus) }))
}

/** A bonus a call answered goes into the lists the same way a socket update does. */
function storeBonus(bonus: PlayerBonus): PlayerBonus {
  useUserStore.setState((state) => ({ bonuses: withBonusUpdate(state.bonuses, bonus) }))
  return bonus
}

/** `POST /bonus/activate-code`: claims a code; the offer waits for its deposit. */
export async function activateBonusCode(code: string): Promise<PlayerBonus> {
  const { bonus } = await apiFetch<{ bonus: PlayerBonus }>('/bonus/activate-code', {
    method: 'POST',
    body: { code },
  })
  return storeBonus(bonus)
}

/** `POST /bonus/activate`: a queued bonus becomes the active one. */
export async function activateBonus(id: string): Promise<PlayerBonus> {
  const { bonus } = await apiFetch<{ bonus: PlayerBonus }>('/bonus/activate', {
    method: 'POST',
    body: { id },
  })
  return storeBonus(bonus)
}

/** `POST /bonus/cancel`: an active bonus is cancelled (its bonus money forfeited), an offer declined. */
export async function cancelBonus(id: string): Promise<PlayerBonus> {
  const { bonus } = await apiFetch<{ bonus: PlayerBonus }>('/bonus/cancel', {
    method: 'POST',
    body: { id },
  })
  return storeBonus(bonus)
}

/** `GET /bonus/terms?currency=`: the live rules and what each game category contributes. */
export async function loadBonusTerms(currency: string): Promise<BonusTerms> {
  const { data } = await apiFetch<{ data: BonusTerms }>(
    `/bonus/terms?currency=${encodeURIComponent(currency)}`,
  )
  return data
}
