import { lazy, type LazyExoticComponent, type ReactNode } from 'react'
import type { OriginalGameProps } from './original-game-props.ts'

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
