import { ApiError, apiFetch, MARKER_HEADERS } from '#app/lib/api.ts'
import type {
  ProtectionState,
  RealityCheckSummarySchema,
} from '#server/modules/limits/protection.contract.ts'
import type { z } from 'zod'

// The three protection calls a game screen makes (shapes in protection.contract.ts). The
// cabinet has its own reader; a game needs only the reality check's due time and its answer.

export type RealityCheckSummary = z.infer<typeof RealityCheckSummarySchema>

/**
 * `GET /player/protection`, with the server's clock when it answered (its `Date` header): a due
 * time is the server's, and a browser's clock may run minutes off it.
 */
export async function readProtectionState(): Promise<{
  protection: ProtectionState
  serverNowMs: number
}> {
  const response = await fetch('/player/protection', {
    credentials: 'include',
    headers: MARKER_HEADERS,
  })
  const body = (await response.json().catch(() => ({}))) as {
    data?: ProtectionState
    message?: string
    errors?: { code: string }
  }
  if (!response.ok || !body.data) {
    throw new ApiError(
      response.status,
      body.errors?.code ?? 'server.internal',
      body.message ?? response.statusText,
    )
  }
  const serverNowMs = Date.parse(response.headers.get('date') ?? '')
  return {
    protection: body.data,
    serverNowMs: Number.isFinite(serverNowMs) ? serverNowMs : Date.now(),
  }
}

/** `GET /player/protection/reality-check`: time played and money since the sign-in. */
export async function readRealityCheckSummary(): Promise<RealityCheckSummary> {
  return (await apiFetch<{ data: RealityCheckSummary }>('/player/protection/reality-check')).data
}

/** `POST /player/protection/reality-check/continue`: the player plays on; the next check is set. */
export async function continueAfterRealityCheck(): Promise<void> {
  await apiFetch('/player/protection/reality-check/continue', { method: 'POST', body: {} })
}
