/** A failed chunk load reloads the page, at most once per path within 10 seconds. */
export const CHUNK_RELOAD_GUARD_MS = 10_000
const STORAGE_KEY = 'aurum:chunk-reloads'

export interface ReloadStore {
  get(): string | null
  set(value: string): void
}

/** Decides whether a chunk failure on `path` may reload now, and records it when so. */
export function shouldReloadForChunkFailure(
  path: string,
  now: number,
  store: ReloadStore,
): boolean {
  let history: Record<string, number> = {}
  try {
    history = JSON.parse(store.get() ?? '{}') as Record<string, number>
  } catch {
    history = {}
  }
  const last = history[path]
  if (last !== undefined && now - last < CHUNK_RELOAD_GUARD_MS) return false
  history[path] = now
  store.set(JSON.stringify(history))
  return true
}

export function reloadAfterChunkFailure(path: string): void {
  const store: ReloadStore = {
    get: () => window.sessionStorage.getItem(STORAGE_KEY),
    set: (value) => window.sessionStorage.setItem(STORAGE_KEY, value),
  }
  if (shouldReloadForChunkFailure(path, Date.now(), store)) window.location.reload()
}

/** True for the errors browsers raise when a dynamically imported chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    message,
  )
}
