import { useEffect, useState } from 'react'

/**
 * False on the server and until this component has hydrated, then true. The game screens render
 * on the server and a tap before their chunk hydrates does nothing: the games mark the moment they
 * answer with `data-interactive`, which the browser tests wait on instead of guessing at network
 * quiet (on a slow phone the two are seconds apart).
 */
export function useInteractive(): boolean {
  const [isInteractive, setInteractive] = useState(false)
  useEffect(() => setInteractive(true), [])
  return isInteractive
}
