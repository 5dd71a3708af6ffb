import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { triggerAmount } from '#app/components/engagement/format.ts'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import { CATEGORY_NAMES, categorySlug } from '#common/game-categories.ts'
import type { TournamentDetails } from '#server/modules/tournaments/tournaments.contract.ts'
import { entryFeeText } from './format.ts'
import { When } from '#app/components/ui/countdown.tsx'

/** The catalogue's category names by slug (`originals` → "Originals"), for the lobby's address. */
const CATEGORY_BY_SLUG = new Map(CATEGORY_NAMES.map((name) => [categorySlug(name), name]))

const LINK = 'font-semibold text-gold underline-offset-4 hover:underline'

function Rule({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex flex-col gap-1 border-t border-line pt-3 first:border-t-0 first:pt-0">
      <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className="text-sm text-ink" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}

/** A list of links or names separated the page language's way ("Dice, Slots and Mines"). */
function Listed({ items }: { items: readonly ReactNode[] }) {
  const tag = useLocaleTag()
  // Intl's list format gives the separators; the items keep their links.
  const parts = new Intl.ListFormat(tag, { type: 'conjunction' }).formatToParts(
    items.map((_, index) => String(index)),
  )
  return (
    <>
      {parts.map((part, index) =>
        part.type === 'element' ? (
          <span key={index}>{items[Number(part.value)]}</span>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </>
  )
}

/**
 * The rules in words: how a bet scores (with the points a spin brings), which games count (as
 * links to them and their categories), in which currencies, from which stake, the entry fee, and
 * the schedule.
 */
export function TournamentRules({
  details,
  locale,
}: {
  details: TournamentDetails
  locale: string
}) {
  const { t } = useTranslation()
  const localeTag = useLocaleTag()
  const isAnyGame = details.games.length === 0 && details.categories.length === 0
  const games = details.games.map((game) => (
    <AppLink key={game.id} to={`/${locale}/game/${game.slug}/`} className={LINK}>
      {game.title}
    </AppLink>
  ))
  const categories = details.categories.map((category) => {
    const name = CATEGORY_BY_SLUG.get(category.slug)
    const section = category.slug === 'live-casino' ? 'live' : 'lobby'
    return name ? (
      <AppLink
        key={category.slug}
        to={`/${locale}/${section}/c/${encodeURIComponent(name)}/`}
        className={LINK}
      >
        {category.title}
      </AppLink>
    ) : (
      <span key={category.slug} className="font-semibold">
        {category.title}
      </span>
    )
  })
  return (
    <section
      aria-labelledby="tournament-rules"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-raised p-4 sm:p-5"
      data-testid="tournament-rules"
    >
      <h2 id="tournament-rules" className="text-base font-bold text-ink">
        {t('tournaments.page.rules')}
      </h2>
      <dl className="flex flex-col gap-3">
        <Rule label={t('tournaments.page.how_to_score')} testId="rule-scoring">
          <span className="block font-semibold">
            {t(`tournaments.page.scoring.${details.scoring}`)}
          </span>
          <span className="block text-ink-muted">
            {t(`tournaments.page.scoring_rule.${details.scoring}`, {
              count: details.points_per_spin,
            })}
          </span>
        </Rule>
        <Rule label={t('tournaments.page.games')} testId="rule-games">
          {isAnyGame ? (
            t('tournaments.page.any_game')
          ) : (
            <span className="flex flex-col gap-1">
              {games.length > 0 ? (
                <span data-testid="rule-game-links">
                  <Listed items={games} />
                </span>
              ) : null}
              {categories.length > 0 ? (
                <span data-testid="rule-categories">
                  {t('tournaments.page.every_game_in')} <Listed items={categories} />
                </span>
              ) : null}
            </span>
          )}
        </Rule>
        <Rule label={t('tournaments.page.currencies')} testId="rule-currencies">
          {details.currencies.length === 0 ? (
            t('tournaments.page.any_currency')
          ) : (
            <bdi dir="ltr">{details.currencies.join(', ')}</bdi>
          )}
        </Rule>
        <Rule label={t('tournaments.page.min_stake')} testId="rule-min-stake">
          {details.min_stake_eur > 0
            ? t('tournaments.page.min_stake_value', {
                amount: triggerAmount(details.min_stake_eur, 'eur', localeTag),
              })
            : t('tournaments.page.no_min_stake')}
        </Rule>
        <Rule label={t('tournaments.page.entry_fee')} testId="rule-fee">
          {entryFeeText(details.entry_fee, { t, localeTag })}
        </Rule>
        <Rule label={t('tournaments.page.schedule')} testId="rule-schedule">
          <span className="block">
            {t('tournaments.page.starts_at')} <When iso={details.starts_at} />
          </span>
          <span className="block">
            {t('tournaments.page.ends_at')} <When iso={details.ends_at} />
          </span>
        </Rule>
      </dl>
    </section>
  )
}
