import { lazy, type LazyExoticComponent, type ReactNode } from 'react'
import type { LiveGameProps } from './live-kit.tsx'

export type LiveGameComponent = LazyExoticComponent<(props: LiveGameProps) => ReactNode>

/** The live games by engine (`games.engine`), each its own chunk, like the Originals'. */
export const liveGames: { [engine: string]: LiveGameComponent } = {
  crash: lazy(() => import('./crash-game.tsx')),
  live_roulette: lazy(() => import('./live-roulette-game.tsx')),
}
