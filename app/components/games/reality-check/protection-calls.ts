import { apiFetch } from '#app/lib/api.ts'
import type { RealityCheckSummarySchema } from '#server/modules/limits/protection.contract.ts'
import type { z } from 'zod'

// The reality check's summary, which only the game screens' dialog reads (the protection state
// and the Continue go through the shared store, `app/state/protection-store.ts`).

export type RealityCheckSummary = z.infer<typeof RealityCheckSummarySchema>

/** `GET /player/protection/reality-check`: time played and money since the sign-in. */
export async function readRealityCheckSummary(): Promise<RealityCheckSummary> {
  return (await apiFetch<{ data: RealityCheckSummary }>('/player/protection/reality-check')).data
}
