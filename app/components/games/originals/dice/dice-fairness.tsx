import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { DiceGameFlow } from './use-dice-game.ts'

/** The seed pair in play, the client seed to rotate it with, and the seed a rotation revealed. */
export function DiceFairness({ game }: { game: DiceGameFlow }) {
  const { t } = useTranslation()
  const clientSeedId = useId()
  const { seeds, revealed } = game
  return (
    <details className="rounded-2xl border border-line bg-surface-raised p-4">
      <summary className="cursor-pointer text-sm font-semibold text-ink">
        {t('games.dice.fairness')}
      </summary>
      <div className="mt-3 flex flex-col gap-3 text-sm">
        <p className="text-ink-muted">
          {t(game.isDemo ? 'games.dice.fairness_demo' : 'games.dice.fairness_text')}
        </p>
        {seeds ? (
          <dl className="grid gap-2" dir="ltr">
            <div>
              <dt className="text-xs text-ink-muted">{t('games.dice.server_seed_hash')}</dt>
              <dd className="font-mono text-xs break-all text-ink" data-testid="server-seed-hash">
                {seeds.serverSeedHash}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-ink-muted">{t('games.dice.nonce')}</dt>
              <dd className="font-mono text-xs text-ink">{seeds.nonce}</dd>
            </div>
          </dl>
        ) : null}
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            void game.rotate()
          }}
        >
          <label htmlFor={clientSeedId} className="text-xs text-ink-muted">
            {t('games.dice.client_seed')}
          </label>
          <div className="flex gap-2">
            <input
              id={clientSeedId}
              value={game.clientSeedText}
              maxLength={64}
              onChange={(event) => {
                game.changeClientSeedText(event.target.value)
              }}
              className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2 font-mono text-xs text-ink"
              dir="ltr"
            />
            <button
              type="submit"
              className="rounded-lg border border-line px-3 text-sm font-semibold text-ink hover:border-gold/60"
            >
              {t('games.dice.rotate')}
            </button>
          </div>
        </form>
        {game.seedError ? (
          <p role="alert" className="text-danger">
            {game.seedError}
          </p>
        ) : null}
        {revealed ? (
          <div className="rounded-lg bg-surface p-3" data-testid="revealed-seed">
            <p className="mb-1 text-xs text-ink-muted">{t('games.dice.revealed')}</p>
            <p className="font-mono text-xs break-all text-ink" dir="ltr">
              {revealed.serverSeed}
            </p>
          </div>
        ) : null}
      </div>
    </details>
  )
}
