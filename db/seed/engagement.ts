import { inArray } from 'drizzle-orm'
import type { TriggerRule } from '#common/engagement-rules.ts'
import type { Db, Tx } from '#db/client.ts'
import {
  engagementTriggers,
  questCategories,
  questTemplates,
  quests,
  type QuestKind,
} from '#server/modules/engagement/engagement.tables.ts'
import { ACHIEVEMENTS_PAGE, QUESTS_PAGE, seedPage } from './engagement-pages.ts'
import {
  inEveryLocale,
  artAlt,
  CATEGORY_TITLES,
  COINS_NOTE,
  ITEM_TITLES,
  pick,
  REPEAT_NOTE,
  taskTitle,
  tierTitle,
  TIERS_NOTE,
  type Target,
  type Task,
  type Words,
} from './engagement-texts.ts'

/**
 * The demo programme (issue 23): quest and achievement categories, 14 quests (daily, weekly and
 * over the current month) and 21 achievements with bronze, silver and gold tiers, over the games
 * the seed holds, in all 16 locales, each with its art in `public/quests/art/` or
 * `public/achievements/art/`; and the quests and achievements pages' blocks. A row that exists
 * (by slug, or a page that has blocks) is left alone, so an operator's edits survive every start.
 */

interface SeedTemplate {
  task: Task
  coins: number
  /** An explicit title in every language instead of the one built from the task. */
  title?: Words
}

interface SeedItem {
  slug: string
  category: string
  repeat?: 'none' | 'daily' | 'weekly'
  /** Runs over the calendar month of the seed. */
  month?: boolean
  templates: SeedTemplate[]
}

export const SEED_QUEST_CATEGORIES = ['daily', 'weekly', 'originals', 'live'] as const
export const SEED_ACHIEVEMENT_CATEGORIES = [
  'first-steps',
  'achievements-originals',
  'achievements-slots',
  'achievements-live',
  'loyalty',
] as const

/** The e2e journey's quest: three dice rolls today pay 5 coins. Keep its slug. */
export const DICE_WARM_UP = 'dice-warm-up'

export const SEED_QUESTS: readonly SeedItem[] = [
  {
    slug: DICE_WARM_UP,
    category: 'daily',
    repeat: 'daily',
    templates: [
      {
        task: { kind: 'bets', target: 'dice', n: 3 },
        coins: 5,
        title: [
          'Roll the dice 3 times',
          'Würfeln Sie 3-mal',
          'Lancez les dés 3 fois',
          'Lance os dados 3 vezes',
          'Kast terningene 3 ganger',
          'Rzuć kośćmi 3 razy',
          'Heitä noppaa 3 kertaa',
          'ارمِ النرد 3 مرات',
          'Lancia i dadi 3 volte',
          'Veeretage täringut 3 korda',
        ],
      },
    ],
  },
  {
    slug: 'daily-check-in',
    category: 'daily',
    repeat: 'daily',
    templates: [{ task: { kind: 'logins', n: 1 }, coins: 2 }],
  },
  {
    slug: 'mines-daily-sweep',
    category: 'daily',
    repeat: 'daily',
    templates: [{ task: { kind: 'bets', target: 'mines', n: 5 }, coins: 10 }],
  },
  {
    slug: 'daily-spins',
    category: 'daily',
    repeat: 'daily',
    templates: [
      { task: { kind: 'bets', target: 'cat:slots', n: 20, minStakeEur: 0.2 }, coins: 10 },
    ],
  },
  {
    slug: 'weekly-wager',
    category: 'weekly',
    repeat: 'weekly',
    templates: [{ task: { kind: 'wager', target: 'any', eur: 50 }, coins: 50 }],
  },
  {
    slug: 'weekly-roulette',
    category: 'weekly',
    repeat: 'weekly',
    templates: [{ task: { kind: 'bets', target: 'roulette', n: 25 }, coins: 30 }],
  },
  {
    slug: 'weekly-top-up',
    category: 'weekly',
    repeat: 'weekly',
    templates: [{ task: { kind: 'deposited', eur: 20 }, coins: 25 }],
  },
  {
    slug: 'studio-slots-explorer',
    category: 'weekly',
    repeat: 'weekly',
    templates: [
      { task: { kind: 'bets', target: 'cat:slots', n: 50, minStakeEur: 0.1 }, coins: 20 },
      { task: { kind: 'wager', target: 'cat:slots', eur: 25 }, coins: 20 },
    ],
  },
  {
    slug: 'originals-tour',
    category: 'originals',
    month: true,
    templates: [
      { task: { kind: 'bets', target: 'dice', n: 10 }, coins: 15 },
      { task: { kind: 'bets', target: 'mines', n: 10 }, coins: 15 },
      { task: { kind: 'bets', target: 'roulette', n: 10 }, coins: 15 },
      { task: { kind: 'bets', target: 'slots', n: 10 }, coins: 15 },
    ],
  },
  {
    slug: 'dice-high-roller',
    category: 'originals',
    month: true,
    templates: [{ task: { kind: 'wager', target: 'dice', eur: 100 }, coins: 40 }],
  },
  {
    slug: 'aurum-slots-marathon',
    category: 'originals',
    month: true,
    templates: [{ task: { kind: 'bets', target: 'slots', n: 100 }, coins: 40 }],
  },
  {
    slug: 'crash-pilot',
    category: 'live',
    month: true,
    templates: [{ task: { kind: 'bets', target: 'crash', n: 15 }, coins: 20 }],
  },
  {
    slug: 'live-roulette-regular',
    category: 'live',
    month: true,
    templates: [{ task: { kind: 'bets', target: 'live_roulette', n: 20 }, coins: 20 }],
  },
  {
    slug: 'live-wager',
    category: 'live',
    month: true,
    templates: [{ task: { kind: 'wager', target: 'cat:live-casino', eur: 50 }, coins: 30 }],
  },
]

/** Three tiers of one task shape: bronze, silver, gold. */
const tiers = (
  make: (n: number) => Task,
  values: [number, number, number],
  coins: [number, number, number],
) => values.map((value, index) => ({ task: make(value), coins: coins[index] ?? 0 }))

const bets =
  (target: Target) =>
  (n: number): Task => ({ kind: 'bets', target, n })
const wager =
  (target: Target) =>
  (eur: number): Task => ({ kind: 'wager', target, eur })

export const SEED_ACHIEVEMENTS: readonly SeedItem[] = [
  {
    slug: 'first-deposit',
    category: 'first-steps',
    templates: [{ task: { kind: 'deposits', n: 1 }, coins: 10 }],
  },
  {
    slug: 'verified-player',
    category: 'first-steps',
    templates: [{ task: { kind: 'kyc' }, coins: 20 }],
  },
  {
    slug: 'regular-depositor',
    category: 'first-steps',
    templates: tiers((n) => ({ kind: 'deposits', n }), [5, 20, 50], [20, 60, 150]),
  },
  {
    slug: 'first-bets',
    category: 'first-steps',
    templates: tiers(bets('any'), [1, 100, 1000], [5, 25, 100]),
  },
  {
    slug: 'total-wager',
    category: 'first-steps',
    templates: tiers(wager('any'), [100, 1000, 10000], [20, 100, 500]),
  },
  {
    slug: 'dice-roller',
    category: 'achievements-originals',
    templates: tiers(bets('dice'), [10, 100, 1000], [5, 25, 100]),
  },
  {
    slug: 'dice-wager',
    category: 'achievements-originals',
    templates: tiers(wager('dice'), [50, 500, 5000], [10, 50, 250]),
  },
  {
    slug: 'mines-sweeper',
    category: 'achievements-originals',
    templates: tiers(bets('mines'), [10, 100, 500], [5, 25, 100]),
  },
  {
    slug: 'roulette-fan',
    category: 'achievements-originals',
    templates: tiers(bets('roulette'), [10, 100, 1000], [5, 25, 100]),
  },
  {
    slug: 'originals-wager',
    category: 'achievements-originals',
    templates: tiers(wager('cat:originals'), [100, 1000, 10000], [20, 100, 500]),
  },
  {
    slug: 'originals-explorer',
    category: 'achievements-originals',
    templates: tiers(bets('originals-set'), [50, 250, 1000], [10, 40, 150]),
  },
  {
    slug: 'aurum-slots-spinner',
    category: 'achievements-slots',
    templates: tiers(bets('slots'), [50, 500, 5000], [5, 30, 150]),
  },
  {
    slug: 'slot-spinner',
    category: 'achievements-slots',
    templates: tiers(bets('cat:slots'), [100, 1000, 10000], [10, 50, 250]),
  },
  {
    slug: 'slots-wager',
    category: 'achievements-slots',
    templates: tiers(wager('cat:slots'), [100, 1000, 10000], [20, 100, 500]),
  },
  {
    slug: 'crash-ace',
    category: 'achievements-live',
    templates: tiers(bets('crash'), [10, 100, 1000], [5, 25, 100]),
  },
  {
    slug: 'live-roulette-fan',
    category: 'achievements-live',
    templates: tiers(bets('live_roulette'), [10, 100, 1000], [5, 25, 100]),
  },
  {
    slug: 'live-high-roller',
    category: 'achievements-live',
    templates: tiers(wager('cat:live-casino'), [100, 1000, 10000], [20, 100, 500]),
  },
  {
    slug: 'table-regular',
    category: 'achievements-live',
    templates: tiers(bets('cat:table-games'), [25, 250, 2500], [5, 30, 150]),
  },
  {
    slug: 'level-climber',
    category: 'loyalty',
    templates: tiers((n) => ({ kind: 'level', n }), [3, 5, 8], [25, 100, 500]),
  },
  {
    slug: 'daily-visitor',
    category: 'loyalty',
    templates: tiers((n) => ({ kind: 'logins', n }), [5, 30, 100], [10, 50, 200]),
  },
  {
    slug: 'high-stakes',
    category: 'loyalty',
    templates: tiers(
      (n) => ({ kind: 'bets', target: 'any', n, minStakeEur: 5 }),
      [10, 50, 200],
      [20, 80, 300],
    ),
  },
]

/** A task's trigger: the event, the spec-shaped rules, the goal (euro cents or a count). */
export function triggerOf(task: Task): {
  event: 'bet' | 'deposit' | 'login' | 'kyc_approved' | 'level_up'
  rules: TriggerRule[]
  expected: bigint
  minStakeEurMinor: bigint
} {
  const gameRule = (target: Target, type: TriggerRule['type']): TriggerRule =>
    target === 'any'
      ? { type, condition_type: null, condition_value: null, is_progress_marker: 1 }
      : {
          type,
          condition_type: 'game',
          condition_value:
            target === 'originals-set'
              ? { games: ['dice', 'mines', 'roulette', 'slots'] }
              : target.startsWith('cat:')
                ? target.slice(4)
                : target,
          is_progress_marker: 1,
        }
  const counting: TriggerRule = {
    type: 'number_actions',
    condition_type: null,
    condition_value: null,
    is_progress_marker: 1,
  }
  switch (task.kind) {
    case 'bets':
      return {
        event: 'bet',
        rules: [gameRule(task.target, 'number_actions')],
        expected: BigInt(task.n),
        minStakeEurMinor: BigInt(Math.round((task.minStakeEur ?? 0) * 100)),
      }
    case 'wager':
      return {
        event: 'bet',
        rules: [gameRule(task.target, 'accumulate')],
        expected: BigInt(task.eur * 100),
        minStakeEurMinor: 0n,
      }
    case 'deposits':
      return { event: 'deposit', rules: [counting], expected: BigInt(task.n), minStakeEurMinor: 0n }
    case 'deposited':
      return {
        event: 'deposit',
        rules: [{ ...counting, type: 'accumulate' }],
        expected: BigInt(task.eur * 100),
        minStakeEurMinor: 0n,
      }
    case 'logins':
      return { event: 'login', rules: [counting], expected: BigInt(task.n), minStakeEurMinor: 0n }
    case 'kyc':
      return { event: 'kyc_approved', rules: [counting], expected: 1n, minStakeEurMinor: 0n }
    case 'level':
      return {
        event: 'level_up',
        rules: [counting],
        expected: BigInt(task.n),
        minStakeEurMinor: 0n,
      }
  }
}

export const artOf = (kind: QuestKind, slug: string) =>
  `/${kind === 'quest' ? 'quests' : 'achievements'}/art/${slug}.svg`

function itemTexts(item: SeedItem, kind: QuestKind) {
  const titles = ITEM_TITLES[item.slug]
  if (!titles) throw new Error(`No title for ${item.slug}`)
  return inEveryLocale((language) => {
    const title = pick(titles, language)
    const tasks = item.templates.map((template) =>
      template.title ? pick(template.title, language) : taskTitle(template.task, language),
    )
    const note =
      kind === 'achievement'
        ? pick(TIERS_NOTE, language)
        : pick(
            REPEAT_NOTE[item.month ? 'month' : item.repeat === 'weekly' ? 'weekly' : 'daily'],
            language,
          )
    const summary = kind === 'achievement' ? (tasks[tasks.length - 1] ?? '') : tasks.join(' · ')
    const lastCoins = kind === 'quest' ? ` ${pick(COINS_NOTE, language)}` : ''
    return {
      title,
      text: `${summary}. ${note}${lastCoins}`.replace('.. ', '. ').replace('?. ', '? '),
      imageAlt: artAlt(title, language),
    }
  })
}

function templateTexts(item: SeedItem, template: SeedTemplate, index: number, kind: QuestKind) {
  return inEveryLocale((language) => ({
    title: template.title
      ? pick(template.title, language)
      : kind === 'achievement'
        ? tierTitle(index, template.task, language, item.templates.length)
        : taskTitle(template.task, language),
  }))
}

/** The first and the first-after-last instant of the month `now` is in (UTC). */
function monthOf(now: Date): { startsAt: Date; endsAt: Date } {
  return {
    startsAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    endsAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  }
}

async function seedCategories(tx: Tx, kind: QuestKind, slugs: readonly string[]) {
  await tx
    .insert(questCategories)
    .values(
      slugs.map((slug, index) => {
        const titles = CATEGORY_TITLES[slug]
        if (!titles) throw new Error(`No title for category ${slug}`)
        return {
          kind,
          slug,
          sort: (index + 1) * 10,
          texts: inEveryLocale((language) => ({ title: pick(titles, language) })),
        }
      }),
    )
    .onConflictDoNothing()
  const rows = await tx
    .select({ id: questCategories.id, slug: questCategories.slug })
    .from(questCategories)
    .where(inArray(questCategories.slug, [...slugs]))
  return new Map(rows.map((row) => [row.slug, row.id]))
}

async function seedItems(
  tx: Tx,
  kind: QuestKind,
  items: readonly SeedItem[],
  categoryIds: Map<string, number>,
  now: Date,
) {
  const month = monthOf(now)
  for (const [index, item] of items.entries()) {
    const categoryId = categoryIds.get(item.category)
    if (categoryId === undefined) throw new Error(`No category ${item.category}`)
    const [quest] = await tx
      .insert(quests)
      .values({
        categoryId,
        kind,
        slug: item.slug,
        imageUrl: artOf(kind, item.slug),
        texts: itemTexts(item, kind),
        repeat: item.repeat ?? 'none',
        startsAt: item.month ? month.startsAt : null,
        endsAt: item.month ? month.endsAt : null,
        sort: (index + 1) * 10,
      })
      .onConflictDoNothing()
      .returning({ id: quests.id })
    // Already seeded (or written by an operator): left as it is.
    if (!quest) continue
    for (const [templateIndex, template] of item.templates.entries()) {
      const [row] = await tx
        .insert(questTemplates)
        .values({
          questId: quest.id,
          sort: (templateIndex + 1) * 10,
          texts: templateTexts(item, template, templateIndex, kind),
          rewardCoinsMinor: BigInt(Math.round(template.coins * 100)),
        })
        .returning({ id: questTemplates.id })
      if (!row) throw new Error('a template insert returned nothing')
      await tx
        .insert(engagementTriggers)
        .values({ templateId: row.id, ...triggerOf(template.task) })
    }
  }
}

export async function seedEngagement(db: Db, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const questCategoryIds = await seedCategories(tx, 'quest', SEED_QUEST_CATEGORIES)
    const achievementCategoryIds = await seedCategories(
      tx,
      'achievement',
      SEED_ACHIEVEMENT_CATEGORIES,
    )
    await seedItems(tx, 'quest', SEED_QUESTS, questCategoryIds, now)
    await seedItems(tx, 'achievement', SEED_ACHIEVEMENTS, achievementCategoryIds, now)
    await seedPage(tx, 'quests', QUESTS_PAGE)
    await seedPage(tx, 'achievements', ACHIEVEMENTS_PAGE)
  })
}
