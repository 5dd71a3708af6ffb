import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Quest } from '#server/modules/engagement/engagement.contract.ts'
import { liveProgress, liveQuestStatus, useEngagementStore } from '#app/state/engagement-store.ts'
import { CoinAmount, StatusBadge, TimeLeft, TriggerBar } from './engagement-ui.tsx'

/** When a quest's current run ends: its period (daily, weekly) or its time box, if any. */
export function questDeadline(quest: Quest): { endsAt: string; kind: 'ends' | 'resets' } | null {
  if (quest.period_ends_at) {
    // A time box ending before the period does ends the quest itself.
    if (quest.ends_at && quest.ends_at < quest.period_ends_at)
      return { endsAt: quest.ends_at, kind: 'ends' }
    return { endsAt: quest.period_ends_at, kind: 'resets' }
  }
  return quest.ends_at ? { endsAt: quest.ends_at, kind: 'ends' } : null
}

/** The quest's triggers, each with its task's title as the bar's label. */
export function questTriggers(quest: Quest) {
  return quest.questTemplates.flatMap((template) =>
    template.questTriggers.map((trigger) => ({ trigger, label: template.title })),
  )
}

/** The spec's status from the live bars (the socket moves them), the server's until seeded. */
export function useQuestStatus(quest: Quest) {
  const held = useEngagementStore((state) => state.triggers)
  const triggers = questTriggers(quest).map((entry) => entry.trigger)
  return triggers.some((trigger) => trigger.id in held)
    ? liveQuestStatus(liveProgress(triggers, held))
    : quest.status
}

/** A quest in the list: art, title, reward, status, one live bar per trigger, time left. */
export function QuestCard({ quest, locale }: { quest: Quest; locale: string }) {
  const { t } = useTranslation()
  const status = useQuestStatus(quest)
  const href = `/${locale}/quests-details/${quest.id}/`
  const deadline = questDeadline(quest)
  const bars = questTriggers(quest)
  return (
    <article
      data-testid={`quest-${quest.slug}`}
      data-status={status}
      className={`group relative flex flex-col gap-4 rounded-2xl border bg-surface-raised p-4 transition hover:border-gold/50 ${
        status === 2 ? 'border-success/40' : 'border-line'
      }`}
    >
      <div className="flex items-start gap-3">
        <img
          src={quest.content.image_cdn_url}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          className="size-16 shrink-0 rounded-xl bg-surface object-contain"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={status} />
            {quest.repeat !== 'none' ? (
              <span className="text-xs font-semibold text-ink-muted uppercase">
                {t(`engagement.repeat_${quest.repeat}`)}
              </span>
            ) : null}
          </div>
          <h3 className="text-base leading-snug font-bold text-ink">
            {/* The whole card is the link's target; the title names it. */}
            <Link
              to={href}
              className="after:absolute after:inset-0 after:rounded-2xl hover:text-gold"
            >
              {quest.title}
            </Link>
          </h3>
        </div>
      </div>
      <div className="flex flex-col gap-3">
        {bars.map(({ trigger, label }) => (
          <TriggerBar key={trigger.id} trigger={trigger} label={label} size="sm" />
        ))}
      </div>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3">
        <span className="flex items-center gap-2 text-sm">
          <span className="text-ink-muted">{t('engagement.reward')}</span>
          <CoinAmount coins={quest.coins} className="text-gold" />
        </span>
        {deadline ? <TimeLeft endsAt={deadline.endsAt} kind={deadline.kind} /> : null}
      </div>
    </article>
  )
}
