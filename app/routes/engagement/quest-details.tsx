import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import type { Route } from './+types/quest-details'
import { loadQuestCategories } from '#app/components/engagement/engagement-data.ts'
import {
  CoinAmount,
  CoinsPanel,
  EngagementError,
  StatusBadge,
  TimeLeft,
  TriggerBar,
} from '#app/components/engagement/engagement-ui.tsx'
import { triggerAmount } from '#app/components/engagement/format.ts'
import { questDeadline, useQuestStatus } from '#app/components/engagement/quest-card.tsx'
import { buttonClassName } from '#app/components/ui/button.tsx'
import { useLocaleTag } from '#app/lib/fairness-play.ts'
import { pageMeta } from '#app/lib/meta.ts'
import {
  liveProgress,
  templateFinished,
  triggersOf,
  useCoins,
  useEngagementStore,
  useSeedEngagement,
} from '#app/state/engagement-store.ts'
import { CATEGORY_NAMES, categorySlug } from '#common/game-categories.ts'
import { isPathOn } from '#common/features.ts'
import type { Quest, Trigger } from '#server/modules/engagement/engagement.contract.ts'

/** The catalogue's categories by slug (`slots` → "Slots"), for conditions naming a category. */
const CATEGORY_BY_SLUG = new Map(CATEGORY_NAMES.map((name) => [categorySlug(name), name]))

/** A game a condition names: its title and page, or a lobby category and its page. */
interface CountedGame {
  value: string
  kind: 'game' | 'category'
  /** The catalogue's title of a game; a category is named by the page's catalogue. */
  title: string | null
  path: string | null
}

/** The condition strings of a trigger's rules: one game or category, or a list of games. */
function conditionValues(trigger: Trigger): string[] {
  return trigger.triggerRules.flatMap((rule) => {
    if (rule.condition_type !== 'game' || rule.condition_value === null) return []
    if (typeof rule.condition_value === 'string') return [rule.condition_value]
    return 'games' in rule.condition_value ? rule.condition_value.games : []
  })
}

/**
 * The quest (404 when it is not running here), with the games its conditions name looked up in
 * the catalogue, so "what counts" can say "Dice" and link to it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isPathOn(new URL(request.url).pathname)) throw data(null, { status: 404 })
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null
  if (id === null) throw data(null, { status: 404 })
  const categories = await loadQuestCategories(context, params.locale)
  const quest = categories.categories
    .flatMap((category) => category.quests)
    .find((q) => q.id === id)
  if (!quest) throw data(null, { status: 404 })
  const values = [
    ...new Set(
      quest.questTemplates.flatMap((template) => template.questTriggers.flatMap(conditionValues)),
    ),
  ]
  const games: CountedGame[] = await Promise.all(
    values.map(async (value): Promise<CountedGame> => {
      const category = CATEGORY_BY_SLUG.get(value)
      if (category) {
        return {
          value,
          kind: 'category',
          title: null,
          path: `/${params.locale}/${value === 'live-casino' ? 'live' : 'lobby'}/c/${encodeURIComponent(category)}/`,
        }
      }
      const game =
        (await context.games.find(value, context.country ?? undefined).catch(() => undefined)) ??
        (await context.games
          .find(value.replaceAll('_', '-'), context.country ?? undefined)
          .catch(() => undefined))
      return game
        ? { value, kind: 'game', title: game.title, path: `/${params.locale}/game/${game.slug}/` }
        : { value, kind: 'game', title: null, path: null }
    }),
  )
  return { quest, games, playerCoins: categories.player_coins }
}

export const meta: Route.MetaFunction = (args) => {
  const title = args.loaderData?.quest.title
  const metas = pageMeta(args, 'pages.quest-details.title')
  return title
    ? [{ title: `${title} · Aurum` }, ...metas.filter((entry) => !('title' in entry))]
    : metas
}

function GameName({ game }: { game: CountedGame }) {
  const { t } = useTranslation()
  const name =
    game.kind === 'category' ? t(`lobby.category.${game.value}`) : (game.title ?? game.value)
  return game.path ? (
    <Link to={game.path} className="font-semibold text-gold underline-offset-4 hover:underline">
      {name}
    </Link>
  ) : (
    <span className="font-semibold text-ink">{name}</span>
  )
}

/** What moves a trigger: the kind of event, the games, the minimum stake. */
function WhatCounts({ trigger, games }: { trigger: Trigger; games: CountedGame[] }) {
  const { t } = useTranslation()
  const tag = useLocaleTag()
  const values = conditionValues(trigger)
  const named = games.filter((game) => values.includes(game.value))
  // Only stakes and deposits add up in euros; the other events count.
  const kind = trigger.event === 'bet' || trigger.event === 'deposit' ? trigger.unit : 'count'
  return (
    <ul className="flex flex-col gap-1.5 text-sm text-ink-muted" data-testid="what-counts">
      <li>{t(`engagement.counts_${trigger.event}_${kind}`)}</li>
      {trigger.event === 'bet' ? (
        <li>
          {named.length > 0 ? (
            <>
              {t('engagement.counts_games')}{' '}
              {named.map((game, index) => (
                <span key={game.value}>
                  {index > 0 ? ', ' : null}
                  <GameName game={game} />
                </span>
              ))}
            </>
          ) : (
            t('engagement.counts_any_game')
          )}
        </li>
      ) : null}
      {trigger.min_stake_eur > 0 ? (
        <li>
          {t('engagement.counts_min_stake', {
            amount: triggerAmount(trigger.min_stake_eur, 'eur', tag),
          })}
        </li>
      ) : null}
    </ul>
  )
}

function TaskCard({
  template,
  games,
  index,
}: {
  template: Quest['questTemplates'][number]
  games: CountedGame[]
  index: number
}) {
  const { t } = useTranslation()
  const held = useEngagementStore((state) => state.triggers)
  const isDone = template.questTriggers.some((trigger) => trigger.id in held)
    ? templateFinished(liveProgress(template.questTriggers, held))
    : template.is_finished === 1
  return (
    <li
      data-testid={`task-${template.id}`}
      data-finished={isDone ? 1 : 0}
      className={`flex flex-col gap-4 rounded-2xl border bg-surface-raised p-4 sm:p-5 ${isDone ? 'border-success/40' : 'border-line'}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span
            aria-hidden="true"
            className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${isDone ? 'bg-success/15 text-success' : 'bg-gold/15 text-gold'}`}
          >
            {isDone ? '✓' : index + 1}
          </span>
          <div className="flex min-w-0 flex-col gap-0.5">
            <h3 className="font-bold text-ink">{template.title}</h3>
            {isDone ? (
              <p className="text-xs font-semibold text-success">{t('engagement.task_done')}</p>
            ) : null}
          </div>
        </div>
        <CoinAmount coins={template.reward_amount_coins} className="text-gold" />
      </div>
      {template.questTriggers.map((trigger) => (
        <div key={trigger.id} className="flex flex-col gap-3">
          <TriggerBar trigger={trigger} label={t('engagement.progress')} />
          <WhatCounts trigger={trigger} games={games} />
        </div>
      ))}
    </li>
  )
}

export default function QuestDetails({ params, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { quest, games, playerCoins } = loaderData
  const triggers = useMemo(() => triggersOf([quest]), [quest])
  useSeedEngagement(triggers, playerCoins)
  const coins = useCoins(playerCoins)
  const status = useQuestStatus(quest)
  const deadline = questDeadline(quest)
  const playPath = games.find((game) => game.path)?.path
  return (
    <article
      className="mx-auto flex max-w-5xl flex-col gap-6"
      data-testid="quest-details"
      data-status={status}
    >
      <nav aria-label={t('engagement.breadcrumb')} className="text-sm text-ink-muted">
        <Link to={`/${params.locale}/quests/`} className="hover:text-gold">
          <span aria-hidden="true" className="inline-block rtl:rotate-180">
            ←
          </span>{' '}
          {t('engagement.all_quests')}
        </Link>
      </nav>
      <header className="grid gap-5 rounded-3xl border border-line bg-gradient-to-br from-hero-glow via-surface-raised to-surface-raised p-5 sm:grid-cols-[auto_minmax(0,1fr)] sm:p-8">
        <img
          src={quest.content.image_cdn_url}
          alt={quest.content.image_alt_text}
          width={160}
          height={160}
          className="size-28 rounded-2xl bg-surface object-contain sm:size-40"
        />
        <div className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={status} />
            {quest.repeat !== 'none' ? (
              <span className="text-xs font-semibold text-ink-muted uppercase">
                {t(`engagement.repeat_${quest.repeat}`)}
              </span>
            ) : null}
            {deadline ? <TimeLeft endsAt={deadline.endsAt} kind={deadline.kind} /> : null}
          </div>
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{quest.title}</h1>
          <p className="text-sm leading-relaxed whitespace-pre-line text-ink-muted sm:text-base">
            {quest.content.text}
          </p>
          <div className="flex flex-wrap items-center gap-4">
            <span className="flex items-center gap-2">
              <span className="text-sm text-ink-muted">{t('engagement.total_reward')}</span>
              <CoinAmount coins={quest.coins} className="text-xl text-gold" />
            </span>
            {playPath && status !== 2 ? (
              <Link to={playPath} className={buttonClassName('primary')} data-testid="quest-play">
                {t('engagement.play_now')}
              </Link>
            ) : null}
          </div>
        </div>
      </header>
      {coins === null ? <CoinsPanel coins={null} /> : null}
      <section aria-labelledby="quest-tasks" className="flex flex-col gap-3">
        <h2 id="quest-tasks" className="text-xl font-bold text-ink">
          {t('engagement.tasks')}
        </h2>
        <ol className="flex flex-col gap-3">
          {quest.questTemplates.map((template, index) => (
            <TaskCard key={template.id} template={template} games={games} index={index} />
          ))}
        </ol>
      </section>
      {coins !== null ? <CoinsPanel coins={coins} /> : null}
    </article>
  )
}

export { EngagementError as ErrorBoundary }
