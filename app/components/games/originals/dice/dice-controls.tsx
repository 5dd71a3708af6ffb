import { useTranslation } from 'react-i18next'
import { formatMultiplierBp, formatPercentBp } from '#app/lib/format/game-numbers.ts'
import type { StakeRange } from '#app/lib/stake-steps.ts'
import { GameMessageText } from '../../game-shell.tsx'
import { PlayButton, StakeField } from '../../play-controls.tsx'
import { useRealityCheckPause } from '../../reality-check/reality-check-context.tsx'
import { RollLine } from './dice-roll-line.tsx'
import type { DiceGameFlow } from './use-dice-game.ts'

/** The bet form: play-money balance, stake, side, odds, the last roll on a phone, the button. */
export function DiceControls({
  game,
  stakeRange,
  isInteractive,
}: {
  game: DiceGameFlow
  stakeRange: StakeRange
  isInteractive: boolean
}) {
  const { t } = useTranslation()
  const isPaused = useRealityCheckPause()
  const { localeTag, money, last } = game
  return (
    <form
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-raised p-3 sm:gap-4 sm:p-4 lg:w-80 lg:shrink-0"
      onSubmit={(event) => {
        event.preventDefault()
        void game.roll()
      }}
    >
      {/* Until the game hydrates a tap would do nothing: its controls show as not ready yet. While
          the reality check waits for an answer, so does the game. */}
      <fieldset disabled={!isInteractive || isPaused} className="contents">
        {game.isDemo ? (
          <p
            className="rounded-lg bg-gold/10 px-3 py-2 text-sm text-gold"
            data-testid="demo-balance"
          >
            {t('games.dice.demo_balance', { amount: money(game.demoBalance) })}
          </p>
        ) : null}
        <StakeField
          currency={game.currency}
          range={stakeRange}
          value={game.stake.text}
          onChange={game.stake.setText}
        />
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-semibold text-ink">{t('games.dice.side')}</legend>
          <div className="grid grid-cols-2 gap-2">
            {(['under', 'over'] as const).map((side) => (
              <button
                key={side}
                type="button"
                aria-pressed={game.direction === side}
                onClick={() => game.changeDirection(side)}
                className="rounded-lg border border-line px-3 py-2 text-sm font-semibold text-ink-muted aria-pressed:border-gold aria-pressed:bg-gold/10 aria-pressed:text-gold"
              >
                {t(`games.dice.${side}`)}
              </button>
            ))}
          </div>
        </fieldset>
        {/* The labels size the first two cells (German "Gewinnchance" is long); the payout takes the
            rest and wraps, as a crypto amount has many digits. */}
        <dl className="grid grid-cols-[auto_auto_minmax(0,1fr)] gap-2 text-center">
          <div className="rounded-lg bg-surface px-2 py-2">
            <dt className="text-xs text-ink-muted">{t('games.dice.chance')}</dt>
            <dd className="font-semibold text-ink tabular-nums" data-testid="dice-chance" dir="ltr">
              {formatPercentBp(game.chance, localeTag)}
            </dd>
          </div>
          <div className="rounded-lg bg-surface px-2 py-2">
            <dt className="text-xs text-ink-muted">{t('games.dice.multiplier')}</dt>
            <dd
              className="font-semibold text-ink tabular-nums"
              data-testid="dice-multiplier"
              dir="ltr"
            >
              {formatMultiplierBp(game.multiplierBp, localeTag)}
            </dd>
          </div>
          <div className="rounded-lg bg-surface px-2 py-2">
            <dt className="text-xs text-ink-muted">{t('games.dice.on_win')}</dt>
            {/* Money is laid out by Intl for the page's language, so no forced direction. */}
            <dd className="text-sm font-semibold text-ink tabular-nums [overflow-wrap:anywhere]">
              {game.payoutMinor === undefined ? '–' : money(game.payoutMinor)}
            </dd>
          </div>
        </dl>
        {/* On a phone the board is below the fold: the last roll shows right above the button. */}
        <div
          className="flex min-h-11 items-center gap-3 rounded-lg bg-surface px-3 py-1.5 lg:hidden"
          aria-live="polite"
          data-testid="dice-result-phone"
        >
          {last ? (
            <RollLine roll={last} numberClassName="text-2xl" money={money} localeTag={localeTag} />
          ) : (
            <span className="text-sm text-ink-muted">{t('games.dice.ready')}</span>
          )}
        </div>
        <PlayButton
          type="submit"
          disabled={game.isRolling || game.seeds === null}
          testId="dice-roll"
        >
          {game.isRolling ? t('games.dice.rolling') : t('games.dice.roll')}
        </PlayButton>
        {game.error ? (
          <p role="alert" className="text-sm text-danger" data-testid="dice-error">
            <GameMessageText message={game.error} />
          </p>
        ) : null}
      </fieldset>
    </form>
  )
}
