import { useTranslation } from 'react-i18next'
import { formatHundredths } from '#app/lib/format/game-numbers.ts'
import { ROLL_TONES } from './dice-roll-line.tsx'
import type { DiceGameFlow } from './use-dice-game.ts'

/** The last rolls, newest first, each in its outcome's colour. */
export function DiceHistory({ game }: { game: DiceGameFlow }) {
  const { t } = useTranslation()
  return (
    <section
      aria-label={t('games.dice.history')}
      className="rounded-2xl border border-line bg-surface-raised p-4"
    >
      <h3 className="mb-2 text-sm font-semibold text-ink">{t('games.dice.history')}</h3>
      {game.history.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('games.dice.history_empty')}</p>
      ) : (
        <ol className="flex flex-wrap gap-2" data-testid="dice-history" dir="ltr">
          {game.history.map((item) => (
            <li
              key={item.id}
              className={`rounded-md px-2 py-1 text-xs font-bold tabular-nums ${ROLL_TONES[item.outcome.result].chip}`}
            >
              {formatHundredths(item.roll, game.localeTag)}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
