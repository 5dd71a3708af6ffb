import { useEffect, useState } from 'react'

/**
 * False on the server and until this component has hydrated, then true. Pages render on the
 * server, and a tap before React hydrates them does nothing: each game keeps its controls disabled
 * until then, so a player on a slow phone sees they are not ready rather than losing a tap.
 * `<html>` (once the page hydrated) and each game (once its own chunk did) mark the moment they
 * answer with `data-interactive`, which the browser tests wait on instead of guessing at network
 * quiet (on a slow machine the two are seconds apart).
 */
export function useInteractive(): boolean {
  const [isInteractive, setInteractive] = useState(false)
  useEffect(() => setInteractive(true), [])
  return isInteractive
}
