import { coinProgressText, coinsOfMinor } from '#common/engagement-rules.ts'
import { isLocalePrefix } from '#common/locales.ts'
import type { NotificationInput } from '#server/modules/notifications/index.ts'
import type { Texts } from '#server/modules/site/index.ts'
import type { LocalizedTexts } from '../engagement.tables.ts'
import type { LiveTrigger } from './content.ts'

const inLocale = <F extends string>(
  texts: LocalizedTexts<F> | undefined,
  locale: string,
  field: F,
): string => {
  if (!texts) return ''
  const own = isLocalePrefix(locale) ? texts[locale][field] : ''
  return own || texts.en[field]
}

/**
 * `quest_task_complete`: a quest's task or an achievement's tier is done and its coins are paid,
 * in the player's language (with the operator's overrides); it opens the quest or the achievements.
 * `text` is read before the drain's transaction (`drainOnce`): on the embedded database a
 * catalogue read inside it would wait for the transaction itself.
 */
export function questNotice(
  text: Texts,
  locale: string,
  input: { playerId: string; trigger: LiveTrigger; coinsMinor: bigint },
): NotificationInput {
  const { trigger } = input
  const isAchievement = trigger.questKind === 'achievement'
  return {
    playerId: input.playerId,
    type: 'quest_task_complete',
    text: text(
      isAchievement
        ? 'notifications_text.quest_achievement_complete'
        : 'notifications_text.quest_task_complete',
      {
        task: inLocale(trigger.templateTexts, locale, 'title'),
        quest: inLocale(trigger.questTexts, locale, 'title'),
        coins: coinProgressText(coinsOfMinor(input.coinsMinor)),
      },
    ),
    url: isAchievement ? `/${locale}/achievements` : `/${locale}/quests-details/${trigger.questId}`,
    btnText: text('notifications_text.quest_view_button'),
  }
}

/** `level_up`: a loyalty level reached, with its coins; it opens the loyalty page. */
export function levelUpNotice(
  text: Texts,
  locale: string,
  input: {
    playerId: string
    level: number
    levelTexts: LocalizedTexts<'name'> | undefined
    coinsMinor: bigint
  },
): NotificationInput {
  const params = {
    level: input.level,
    name: inLocale(input.levelTexts, locale, 'name'),
    coins: coinProgressText(coinsOfMinor(input.coinsMinor)),
  }
  return {
    playerId: input.playerId,
    type: 'level_up',
    text:
      input.coinsMinor > 0n
        ? text('notifications_text.level_up_coins', params)
        : text('notifications_text.level_up', params),
    url: `/${locale}/loyalty`,
    btnText: text('notifications_text.level_up_button'),
  }
}
