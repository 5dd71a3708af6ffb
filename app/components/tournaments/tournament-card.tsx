import { useTranslation } from 'react-i18next'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import type { TournamentCard as Card } from '#server/modules/tournaments/tournaments.contract.ts'
import { countdownOf, entryFeeText } from './format.ts'
import { When } from '#app/components/ui/countdown.tsx'
import { Countdown, JoinedBadge, PhaseBadge, TrophyIcon } from './tournament-ui.tsx'

export const detailsPath = (locale: string, id: number) =>
  `/${locale}/tournament-details/t/${String(id)}/`

/** One fact of a card: a small label over its value. */
function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="truncate text-sm font-semibold text-ink" data-testid={testId} title={value}>
        {value}
      </dd>
    </div>
  )
}

/** The art, 16:9, with the phase and "Joined" laid over its top corners. */
function Art({ card, isCompact = false }: { card: Card; isCompact?: boolean }) {
  return (
    <div className="relative aspect-video w-full overflow-hidden bg-surface-sunken">
      <img
        src={card.image_url}
        alt={card.image_alt}
        width={640}
        height={360}
        loading="lazy"
        className="size-full object-cover transition duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
      />
      <div className="absolute inset-x-2 top-2 flex flex-wrap items-start justify-between gap-1.5">
        <PhaseBadge phase={card.phase} />
        {card.joined && !isCompact ? <JoinedBadge /> : null}
      </div>
    </div>
  )
}

/**
 * A tournament in the list: art, title, the scoring in words, the prize pool (first prize and
 * places paid), players, the entry fee, and the countdown to its start or end, or when it ended
 * and a way to its results. The whole card leads to the tournament's page.
 */
export function TournamentCard({
  card,
  locale,
  onCountdownEnd,
}: {
  card: Card
  locale: string
  onCountdownEnd?: () => void
}) {
  const { t } = useTranslation()
  const localeTag = useLocaleTag()
  const clock = countdownOf(card)
  const isOver = card.phase === 'finished' || card.phase === 'finishing'
  return (
    <article
      data-testid="tournament-card"
      data-id={card.id}
      data-phase={card.phase}
      className="group flex flex-col overflow-hidden rounded-2xl border border-line bg-surface-raised transition hover:border-gold/50 focus-within:border-gold/60"
    >
      <AppLink
        to={detailsPath(locale, card.id)}
        className="flex h-full flex-col focus-visible:outline-none"
      >
        <Art card={card} />
        <div className="flex flex-1 flex-col gap-3 p-4">
          <div className="flex flex-col gap-1">
            <h3 className="text-lg leading-snug font-bold text-ink group-hover:text-gold">
              {card.title}
            </h3>
            <p className="text-xs font-semibold tracking-wide text-gold uppercase">
              {t(`tournaments.page.scoring.${card.scoring}`)}
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
            <Fact
              label={t('tournaments.page.top_prize')}
              value={card.top_prize}
              testId="card-top-prize"
            />
            <Fact
              label={t('tournaments.page.prize_places')}
              value={t('tournaments.page.paid_places', { count: card.paid_places })}
              testId="card-paid-places"
            />
            <Fact
              label={t('tournaments.page.players')}
              value={new Intl.NumberFormat(localeTag).format(card.participants)}
              testId="card-participants"
            />
            <Fact
              label={t('tournaments.page.entry_fee')}
              value={entryFeeText(card.entry_fee, { t, localeTag })}
              testId="card-entry-fee"
            />
          </dl>
          <div className="mt-auto flex flex-wrap items-end justify-between gap-2 border-t border-line pt-3">
            {clock ? (
              <Countdown
                kind={clock.kind}
                at={clock.at}
                {...(onCountdownEnd && { onEnd: onCountdownEnd })}
              />
            ) : (
              <span className="text-xs text-ink-muted">
                {card.phase === 'finishing' ? (
                  t('tournaments.page.counting')
                ) : (
                  <>
                    {t('tournaments.page.ended_on')}{' '}
                    <When iso={card.finished_at ?? card.ends_at} dateOnly />
                  </>
                )}
              </span>
            )}
            <span className="inline-flex items-center gap-1 text-sm font-semibold text-gold">
              {isOver ? t('tournaments.page.see_results') : t('tournaments.page.view')}
              <span aria-hidden="true" className="rtl:-scale-x-100">
                →
              </span>
            </span>
          </div>
        </div>
      </AppLink>
    </article>
  )
}

/** The home tile's card: art, title, the countdown and the first prize. */
export function TournamentMiniCard({
  card,
  locale,
  onCountdownEnd,
}: {
  card: Card
  locale: string
  onCountdownEnd?: () => void
}) {
  const { t } = useTranslation()
  const clock = countdownOf(card)
  return (
    <article
      data-testid="home-tournament"
      data-id={card.id}
      className="group flex w-full flex-col overflow-hidden rounded-2xl border border-line bg-surface-raised transition hover:border-gold/50"
    >
      <AppLink to={detailsPath(locale, card.id)} className="flex h-full flex-col">
        <Art card={card} isCompact />
        <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
          <h3 className="leading-snug font-bold text-ink group-hover:text-gold">{card.title}</h3>
          <p className="flex items-center gap-1.5 text-sm text-ink">
            <TrophyIcon className="size-4 text-gold" />
            <span className="sr-only">{t('tournaments.page.top_prize')}: </span>
            <span className="truncate font-semibold">{card.top_prize}</span>
          </p>
          {clock ? (
            <div className="mt-auto">
              <Countdown
                kind={clock.kind}
                at={clock.at}
                {...(onCountdownEnd && { onEnd: onCountdownEnd })}
              />
            </div>
          ) : null}
        </div>
      </AppLink>
    </article>
  )
}
