import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { percentText } from '#app/components/engagement/format.ts'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import type { Prize } from '#common/rewards-rules.ts'
import { usePrizeText, type PrizeWording } from './prize-text.ts'

/**
 * A published odds table: each entry's label, what it pays and its chance in percent, as the
 * draw uses them (the simulation checks the chances are the real ones).
 */
export function OddsTable({
  caption,
  entries,
  lootboxTitle,
  testId,
}: {
  caption: string
  entries: readonly {
    id: number
    label: string
    prize: Prize
    probability: number
    color?: string
  }[]
  lootboxTitle?: PrizeWording['lootboxTitle']
  testId?: string
}) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  const prizeText = usePrizeText(lootboxTitle)
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-surface-raised">
      <table className="w-full text-start text-sm" data-testid={testId}>
        <caption className="px-4 pt-3 pb-1 text-start text-xs font-semibold tracking-wide text-ink-muted uppercase">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-line text-xs text-ink-muted">
            <th scope="col" className="px-4 py-2 text-start font-semibold">
              {t('rewards.odds.prize')}
            </th>
            <th scope="col" className="px-4 py-2 text-end font-semibold">
              {t('rewards.odds.chance')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b border-line/60 last:border-0">
              <td className="px-4 py-2.5">
                <div className="flex items-center gap-2.5">
                  {entry.color ? (
                    <span
                      aria-hidden="true"
                      className="size-3.5 shrink-0 rounded-full ring-1 ring-black/20"
                      style={{ backgroundColor: entry.color }}
                    />
                  ) : null}
                  <div className="flex min-w-0 flex-col">
                    <span className="font-semibold text-ink" dir="auto">
                      {entry.label}
                    </span>
                    {entry.label !== prizeText(entry.prize) ? (
                      <span className="text-xs text-ink-muted">{prizeText(entry.prize)}</span>
                    ) : null}
                  </div>
                </div>
              </td>
              <td className="px-4 py-2.5 text-end font-semibold text-ink tabular-nums">
                {percentText(entry.probability, tag)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * The seeds a draw is made from, as the player can check them: the server seed's committed hash,
 * the client seed and the nonce; after a draw, the link to recompute it.
 */
export function FairnessLine({
  seed,
  verifyHref,
}: {
  seed: { server_seed_hash: string; client_seed: string; nonce: number } | null
  verifyHref: string | null
}) {
  const { t } = useTranslation()
  if (!seed && !verifyHref) return null
  return (
    <section
      aria-labelledby="fairness-title"
      data-testid="fairness-line"
      className="flex flex-col gap-2 rounded-2xl border border-line bg-surface-raised p-4 text-sm"
    >
      <h2 id="fairness-title" className="flex items-center gap-2 font-bold text-ink">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-4 fill-none stroke-success stroke-2"
        >
          <path d="M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6Z" />
          <path d="m9 12 2 2 4-4" />
        </svg>
        {t('rewards.fair.title')}
      </h2>
      <p className="text-xs text-ink-muted">{t('rewards.fair.text')}</p>
      {seed ? (
        <dl className="flex flex-wrap gap-x-6 gap-y-1.5 text-xs">
          <div className="flex basis-full flex-col">
            <dt className="text-ink-muted">{t('rewards.fair.server_seed_hash')}</dt>
            <dd className="font-mono break-all text-ink" data-testid="fair-hash" dir="ltr">
              {seed.server_seed_hash}
            </dd>
          </div>
          <div className="flex min-w-0 flex-col">
            <dt className="text-ink-muted">{t('rewards.fair.client_seed')}</dt>
            <dd className="font-mono break-all text-ink" dir="ltr">
              {seed.client_seed}
            </dd>
          </div>
          <div className="flex flex-col">
            <dt className="text-ink-muted">{t('rewards.fair.nonce')}</dt>
            <dd className="font-mono text-ink" data-testid="fair-nonce">
              {seed.nonce}
            </dd>
          </div>
        </dl>
      ) : null}
      {verifyHref ? (
        <Link
          to={verifyHref}
          className="self-start font-semibold text-gold underline-offset-4 hover:underline"
          data-testid="verify-link"
        >
          {t('rewards.fair.verify_last')}
        </Link>
      ) : null}
    </section>
  )
}
