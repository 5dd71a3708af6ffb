import { apiFetch } from '#app/lib/api.ts'
import type {
  ProtectionState,
  RealityCheckSummarySchema,
} from '#server/modules/limits/protection.contract.ts'
import type { z } from 'zod'

// The three protection calls a game screen makes (shapes in protection.contract.ts). The
// cabinet has its own reader; a game needs only the reality check's due time and its answer.

export type RealityCheckSummary = z.infer<typeof RealityCheckSummarySchema>

/** `GET /player/protection`: the due time of the next reality check among the rest. */
export async function readProtectionState(): Promise<ProtectionState> {
  return (await apiFetch<{ data: ProtectionState }>('/player/protection')).data
}

/** `GET /player/protection/reality-check`: time played and money since the sign-in. */
export async function readRealityCheckSummary(): Promise<RealityCheckSummary> {
  return (await apiFetch<{ data: RealityCheckSummary }>('/player/protection/reality-check')).data
}

/** `POST /player/protection/reality-check/continue`: the player plays on; the next check is set. */
export async function continueAfterRealityCheck(): Promise<ProtectionState> {
  return (
    await apiFetch<{ data: ProtectionState }>('/player/protection/reality-check/continue', {
      method: 'POST',
      body: {},
    })
  ).data
}
