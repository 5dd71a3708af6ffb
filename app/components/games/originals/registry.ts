import { lazy, type LazyExoticComponent, type ReactNode } from 'react'
import type { StakeRange } from '#app/lib/stake-steps.ts'

/** What the game screen hands every Original. */
export type OriginalGameProps = {
  /** `real` bets through the ledger; `demo` plays with play money that never reaches the server. */
  mode: 'real' | 'demo'
  /** The current wallet's currency (play money is shown in it too). */
  currency: string
  /** The stakes the server takes in that currency: the default stake and steps stay inside. */
  stakeRange: StakeRange
  game: { slug: string; title: string; rtpBp: number }
}

export type OriginalGameComponent = LazyExoticComponent<(props: OriginalGameProps) => ReactNode>

/**
 * The Originals by engine (`games.engine`): the game screen renders `originals[game.engine]`
 * inside a Suspense boundary. Each entry is its own chunk, loaded only on its game's page.
 */
export const originals: { [engine: string]: OriginalGameComponent } = {
  dice: lazy(() => import('./dice/dice-game.tsx')),
  slots: lazy(() => import('./slots/slots-game.tsx')),
  roulette: lazy(() => import('./roulette/roulette-game.tsx')),
  mines: lazy(() => import('./mines/mines-game.tsx')),
}
