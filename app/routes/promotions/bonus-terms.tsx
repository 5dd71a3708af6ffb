import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/bonus-terms'
import { pageCurrency } from '#app/components/promotions/page-currency.ts'
import { PromotionsError } from '#app/components/promotions/promotion-states.tsx'
import { ContributionList, RuleFacts, ruleFacts } from '#app/components/promotions/terms-table.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeading } from '#app/components/ui/page-heading.tsx'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import { pageMeta } from '#app/lib/meta.ts'
import { isPathOn } from '#common/features.ts'
import { formatMoney } from '#common/format-money.ts'
import { isCurrencyCode } from '#common/money.ts'

/**
 * The bonus terms, generated from the rules the server applies (`GET /bonus/terms`'s source) in
 * the player's currency: an operator's edit shows here at once, so the page cannot disagree.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isPathOn(new URL(request.url).pathname)) throw data(null, { status: 404 })
  return {
    terms: await context.promotions.terms(pageCurrency(params.locale, context.player?.currency)),
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'pages.bonus-terms.title')

/** The agreed design's rules, in the order a player meets them. */
const PRINCIPLES = [
  'one_active',
  'real_money_first',
  'max_bet',
  'completion',
  'forfeit',
  'withdrawal',
  'barred',
] as const

export default function BonusTerms({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  const { terms } = loaderData
  const heads = terms.rules[0]
    ? ruleFacts(terms.rules[0], terms.currency, tag, t).map((fact) => fact.label)
    : []
  return (
    <div className="flex flex-col gap-8" data-testid="bonus-terms-page">
      <PageHeading title={t('pages.bonus-terms.title')} intro={t('bonus_terms.intro')}>
        <p className="text-xs text-ink-muted">
          {t('bonus_terms.currency_note', { currency: terms.currency })}
        </p>
      </PageHeading>

      <section aria-labelledby="terms-codes" className="flex flex-col gap-4">
        <h2 id="terms-codes" className="text-xl font-bold text-ink">
          {t('bonus_terms.codes_heading')}
        </h2>
        {terms.rules.length === 0 ? (
          <EmptyState title={t('bonus_terms.empty_title')} text={t('bonus_terms.empty_text')} />
        ) : (
          <>
            <div className="hidden overflow-x-auto rounded-2xl border border-line md:block">
              <table className="w-full text-sm" data-testid="terms-table">
                <thead className="bg-surface-raised text-start text-xs text-ink-muted">
                  <tr>
                    <th scope="col" className="px-3 py-3 text-start font-semibold">
                      {t('bonus_terms.col.code')}
                    </th>
                    {heads.map((head) => (
                      <th
                        key={head}
                        scope="col"
                        className="px-3 py-3 text-start font-semibold hyphens-auto"
                      >
                        {head}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {terms.rules.map((rule) => (
                    <tr
                      key={rule.code}
                      className="border-t border-line"
                      data-testid={`terms-row-${rule.code}`}
                    >
                      <th scope="row" className="px-3 py-3 text-start font-bold text-gold">
                        {t(`bonus_terms.code.${rule.code}`)}
                        <span className="block font-mono text-xs font-normal text-ink-muted">
                          {rule.code}
                        </span>
                      </th>
                      {ruleFacts(rule, terms.currency, tag, t).map((fact) => (
                        <td key={fact.label} className="px-3 py-3 text-ink tabular-nums">
                          {fact.value}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="flex flex-col gap-3 md:hidden">
              {terms.rules.map((rule) => (
                <li
                  key={rule.code}
                  className="rounded-2xl border border-line bg-surface-raised p-4"
                >
                  <h3 className="mb-3 font-bold text-gold">
                    {t(`bonus_terms.code.${rule.code}`)}{' '}
                    <span className="font-mono text-xs font-normal text-ink-muted">
                      {rule.code}
                    </span>
                  </h3>
                  <RuleFacts rule={rule} currency={terms.currency} localeTag={tag} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      {terms.reward ? (
        <section aria-labelledby="terms-reward" className="flex flex-col gap-3">
          <h2 id="terms-reward" className="text-xl font-bold text-ink">
            {t('bonuses.code.reward')}
          </h2>
          <p className="max-w-3xl text-sm text-ink" data-testid="terms-reward">
            {t('bonuses.reward_terms', {
              times: terms.reward.wagering_times,
              days: t('bonus_terms.days_value', { count: terms.reward.valid_days }),
              max_bet: isCurrencyCode(terms.currency)
                ? formatMoney(terms.reward.max_bet, terms.currency, tag)
                : `${terms.reward.max_bet} ${terms.currency}`,
            })}
          </p>
        </section>
      ) : null}

      <section aria-labelledby="terms-contributions" className="flex flex-col gap-3">
        <h2 id="terms-contributions" className="text-xl font-bold text-ink">
          {t('bonus_terms.contributions_heading')}
        </h2>
        <p className="max-w-3xl text-sm text-ink-muted">{t('bonus_terms.contributions_intro')}</p>
        <ContributionList contributions={terms.contributions} localeTag={tag} />
      </section>

      <section aria-labelledby="terms-rules" className="flex flex-col gap-3">
        <h2 id="terms-rules" className="text-xl font-bold text-ink">
          {t('bonus_terms.rules_heading')}
        </h2>
        <ol className="flex max-w-3xl list-decimal flex-col gap-3 ps-5 text-sm leading-relaxed text-ink marker:text-gold">
          {PRINCIPLES.map((key) => (
            <li key={key} data-testid={`terms-rule-${key}`}>
              {t(`bonus_terms.rule.${key}`)}
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}

export { PromotionsError as ErrorBoundary }

/** Opening or closing a dialog changes only `?q=`; the page keeps its data. */
export { keepDataAcrossDialogs as shouldRevalidate } from '#app/lib/revalidation.ts'
