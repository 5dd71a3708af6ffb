import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { TriggerRule, QuestRepeat, EngagementEventKind } from '#common/engagement-rules.ts'
import { LOCALES } from '#common/locales.ts'
import type { Db } from '#db/client.ts'
import type { EventBus } from '#server/lib/event-bus.ts'
import {
  engagementTriggers,
  questCategories,
  questTemplates,
  quests,
  type LocalizedTexts,
  type QuestKind,
} from '#server/modules/engagement/engagement.tables.ts'
import type { DrainDeps } from '#server/modules/engagement/engine.ts'
import { loadShippedMessages, textsFrom, type Wording } from '#server/modules/site/index.ts'

// Other modules' tests drain through the engine too (the rewards' consumers).
export { drainOnce, forgetEngagementContent } from '#server/modules/engagement/engine.ts'

/** The same text in every locale (the engine picks the player's). */
export function everyLocale<F extends string>(fields: Record<F, string>): LocalizedTexts<F> {
  return Object.fromEntries(LOCALES.map((locale) => [locale.prefix, fields])) as LocalizedTexts<F>
}

export interface TaskInput {
  kind?: QuestKind
  repeat?: QuestRepeat
  startsAt?: Date | null
  endsAt?: Date | null
  rewardCoinsMinor?: bigint
  triggers: {
    event?: EngagementEventKind
    rules?: TriggerRule[]
    expected: bigint
    minStakeEurMinor?: bigint
  }[]
}

/** A quest (or achievement) of one task with its triggers, written straight to the tables. */
export async function createTask(db: Db, input: TaskInput) {
  const kind = input.kind ?? 'quest'
  const slug = `test-${randomUUID()}`
  const [category] = await db
    .insert(questCategories)
    .values({ kind, slug, texts: everyLocale({ title: 'Test category' }) })
    .returning()
  if (!category) throw new Error('no category')
  const [quest] = await db
    .insert(quests)
    .values({
      categoryId: category.id,
      kind,
      slug,
      imageUrl: '/quests/art/test.svg',
      texts: everyLocale({ title: 'Test quest', text: 'Play', imageAlt: 'Art' }),
      repeat: input.repeat ?? 'none',
      startsAt: input.startsAt ?? null,
      endsAt: input.endsAt ?? null,
    })
    .returning()
  if (!quest) throw new Error('no quest')
  const [template] = await db
    .insert(questTemplates)
    .values({
      questId: quest.id,
      texts: everyLocale({ title: 'Test task' }),
      rewardCoinsMinor: input.rewardCoinsMinor ?? 0n,
    })
    .returning()
  if (!template) throw new Error('no template')
  const triggers = await db
    .insert(engagementTriggers)
    .values(
      input.triggers.map((trigger) => ({
        templateId: template.id,
        event: trigger.event ?? 'bet',
        rules: trigger.rules ?? [
          {
            type: 'number_actions',
            condition_type: null,
            condition_value: null,
            is_progress_marker: 1,
          },
        ],
        expected: trigger.expected,
        minStakeEurMinor: trigger.minStakeEurMinor ?? 0n,
      })),
    )
    .returning()
  return { quest, template, triggers }
}

/** A rule counting bets on one game id or category. */
export const onGame = (
  game: string,
  type: TriggerRule['type'] = 'number_actions',
): TriggerRule[] => [{ type, condition_type: 'game', condition_value: game, is_progress_marker: 1 }]

/**
 * A settled bet row as a game's writer leaves it (its inbox row comes from the table's trigger);
 * no money moves, which the engine never looks at.
 */
export async function insertBet(
  db: Db,
  playerId: string,
  input: { game?: string; stakeMinor?: bigint; bonusStakeMinor?: bigint; currency?: string } = {},
): Promise<string> {
  const id = randomUUID()
  await db.execute(sql`
    insert into bets (id, player_id, game, round, currency, stake_minor, bonus_stake_minor,
      payout_minor, multiplier_bp, client_request_id, outcome)
    values (${id}, ${playerId}, ${input.game ?? 'dice'}, '0', ${input.currency ?? 'EUR'},
      ${input.stakeMinor ?? 100n}, ${input.bonusStakeMinor ?? 0n}, 0, 0, ${randomUUID()}, '{}'::jsonb)`)
  return id
}

const shipped = loadShippedMessages()

/** What `drainOnce` needs, outside an app: shipped texts, a bus, a quiet log. */
export function drainDepsOf(db: Db, bus: EventBus, log?: FastifyBaseLogger): DrainDeps {
  const quiet = { warn: () => {}, error: () => {} }
  return {
    db,
    bus,
    messages: (locale) => Promise.resolve(shipped.get(locale) ?? shipped.get('en') ?? {}),
    log: log ?? quiet,
  }
}

/** The shipped catalogues' words for any locale (a grant's notices in tests that call it directly). */
export const shippedWording: Wording = (locale) =>
  textsFrom(shipped.get(locale) ?? {}, shipped.get('en') ?? {})
