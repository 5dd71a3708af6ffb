import { useInteractive } from '#app/lib/use-interactive.ts'
import type { OriginalGameProps } from '../original-game-props.ts'
import { DiceBoard } from './dice-board.tsx'
import { DiceControls } from './dice-controls.tsx'
import { DiceFairness } from './dice-fairness.tsx'
import { DiceHistory } from './dice-history.tsx'
import { useDiceGame } from './use-dice-game.ts'

/**
 * Dice: pick a line and a side; a roll of 0.00–99.99 over or under it wins 99 % of the fair
 * odds. Real money bets through the server; demo rolls are computed in the browser from a local
 * seed pair with the same HMAC rule and never reach the server (docs/decisions/005-games.md).
 * The state and calls are `useDiceGame`'s; this lays out its views.
 */
export default function DiceGame({ mode, currency, stakeRange }: OriginalGameProps) {
  const isInteractive = useInteractive()
  const game = useDiceGame({ mode, currency, stakeRange })
  return (
    <div
      className="flex flex-col gap-4 lg:flex-row"
      data-testid="dice-game"
      data-interactive={isInteractive || undefined}
    >
      <DiceControls game={game} stakeRange={stakeRange} isInteractive={isInteractive} />
      <div className="flex min-w-0 flex-1 flex-col gap-4">
        <DiceBoard game={game} />
        <DiceHistory game={game} />
        <DiceFairness game={game} />
      </div>
    </div>
  )
}
