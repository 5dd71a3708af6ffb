import type { OriginalGameProps } from '../registry.ts'

/** Dice (decisions §5): placeholder until the full game lands. */
export default function DiceGame({ game }: OriginalGameProps) {
  return <div data-testid="dice-game">{game.title}</div>
}
