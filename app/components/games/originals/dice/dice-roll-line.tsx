import { useTranslation } from 'react-i18next'
import { outcomeText } from '#app/lib/bet-outcome.ts'
import { formatHundredths } from '#app/lib/format/game-numbers.ts'
import type { Roll } from './use-dice-game.ts'

/** Only a real win is shown in the winning colour; a push is neutral, any loss red. */
export const ROLL_TONES = {
  win: { text: 'text-success', marker: 'bg-success', chip: 'bg-success/15 text-success' },
  push: { text: 'text-ink', marker: 'bg-ink-muted', chip: 'bg-surface text-ink' },
  loss: { text: 'text-danger', marker: 'bg-danger', chip: 'bg-danger/15 text-danger' },
} as const

/** The last roll and what it paid: in the bar under the form on a phone, on the board wider. */
export function RollLine({
  roll,
  numberClassName,
  money,
  localeTag,
}: {
  roll: Roll
  numberClassName: string
  money: (minor: bigint) => string
  localeTag: string
}) {
  const { t } = useTranslation()
  return (
    <>
      <span
        className={`${numberClassName} font-black tabular-nums ${ROLL_TONES[roll.outcome.result].text}`}
        dir="ltr"
      >
        {formatHundredths(roll.roll, localeTag)}
      </span>
      <span className="text-sm text-ink-muted">{outcomeText(roll.outcome, money, t)}</span>
    </>
  )
}
