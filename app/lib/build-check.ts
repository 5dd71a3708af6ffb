/** The client asks for the latest build id every hour. */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000

export async function fetchLatestBuildId(): Promise<string | undefined> {
  const response = await fetch('/builds/latest.json', { cache: 'no-store' })
  if (!response.ok) return undefined
  const body = (await response.json()) as { id?: unknown }
  return typeof body.id === 'string' ? body.id : undefined
}

/** A reload is due when the server runs a different build than the page was made by. */
export function isBuildStale(current: string, latest: string | undefined): boolean {
  return latest !== undefined && current !== 'dev' && latest !== current
}
