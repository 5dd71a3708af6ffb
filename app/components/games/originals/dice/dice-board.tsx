import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { formatHundredths } from '#app/lib/format/game-numbers.ts'
import { RollLine, ROLL_TONES } from './dice-roll-line.tsx'
import type { DiceGameFlow } from './use-dice-game.ts'

/** The board: the last roll, the track with its winning side, and the slider that sets the line. */
export function DiceBoard({ game }: { game: DiceGameFlow }) {
  const { t } = useTranslation()
  const sliderId = useId()
  const { localeTag, last, target, direction } = game
  // The marker sits at the roll; the winning side of the track is green.
  const winStart = direction === 'under' ? 0 : (target / 10_000) * 100
  const winEnd = direction === 'under' ? (target / 10_000) * 100 : 100
  return (
    <section
      className="relative flex flex-col gap-6 overflow-hidden rounded-2xl border border-line bg-surface-sunken p-6"
      aria-label={t('games.dice.board')}
    >
      <div
        className="flex min-h-24 items-center justify-center max-lg:hidden"
        aria-live="polite"
        data-testid="dice-result"
      >
        {last ? (
          <p key={last.id} className="animate-dialog-in text-center">
            <RollLine
              roll={last}
              numberClassName="block text-6xl"
              money={game.money}
              localeTag={localeTag}
            />
          </p>
        ) : (
          <p className="text-center text-ink-muted">{t('games.dice.ready')}</p>
        )}
      </div>
      <div dir="ltr" className="relative">
        <div className="relative h-3 rounded-full bg-danger/60">
          <div
            className="absolute inset-y-0 rounded-full bg-success"
            style={{ left: `${winStart.toString()}%`, right: `${(100 - winEnd).toString()}%` }}
          />
        </div>
        {last ? (
          <div
            aria-hidden="true"
            className="absolute -top-7 -translate-x-1/2 transition-[left] duration-500 ease-out"
            style={{ left: `${(last.roll / 100).toString()}%` }}
          >
            <span
              className={`block rounded-md px-1.5 py-0.5 text-xs font-bold text-on-gold ${ROLL_TONES[last.outcome.result].marker}`}
            >
              {formatHundredths(last.roll, localeTag)}
            </span>
          </div>
        ) : null}
        <label htmlFor={sliderId} className="sr-only">
          {t('games.dice.line')}
        </label>
        <input
          id={sliderId}
          type="range"
          min={1}
          max={9998}
          step={1}
          value={target}
          onChange={(event) => {
            game.moveLine(Number(event.target.value))
          }}
          onKeyDown={(event) => {
            // Arrows move the line by 1.00 (by 0.01 with Shift); Home and End stay native.
            const step = event.shiftKey ? 1 : 100
            const delta =
              event.key === 'ArrowRight' || event.key === 'ArrowUp'
                ? step
                : event.key === 'ArrowLeft' || event.key === 'ArrowDown'
                  ? -step
                  : 0
            if (delta === 0) return
            event.preventDefault()
            game.moveLine(target + delta)
          }}
          aria-valuetext={t(`games.dice.${direction}_line`, {
            line: formatHundredths(target, localeTag),
          })}
          className="dice-slider absolute inset-x-0 -top-1.5 h-6 w-full cursor-pointer appearance-none bg-transparent accent-gold"
          data-testid="dice-slider"
        />
        <div className="mt-4 flex justify-between text-xs text-ink-muted tabular-nums">
          <span>0</span>
          <span>25</span>
          <span>50</span>
          <span>75</span>
          <span>100</span>
        </div>
      </div>
      <p className="text-center text-sm text-ink">
        {t(`games.dice.${direction}_line`, { line: formatHundredths(target, localeTag) })}
      </p>
    </section>
  )
}
