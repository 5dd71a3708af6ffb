import { asc, eq } from 'drizzle-orm'
import type { LocalePrefix } from '#common/locales.ts'
import { probabilitiesPercent } from '#common/rewards-rules.ts'
import type { Db, Tx } from '#db/client.ts'
import type { LocalizedTexts } from '#server/modules/engagement/engagement.tables.ts'
import type { z } from 'zod'
import type { LabelledPrizeSchema, LootboxDetails, WheelSchema } from './rewards.contract.ts'
import {
  lootboxes,
  lootboxPrizes,
  lootboxSources,
  wheelSegments,
  wheels,
} from './rewards.tables.ts'

/** The wheel the site offers: the first enabled one. */
export async function offeredWheel(db: Db | Tx) {
  const [wheel] = await db
    .select()
    .from(wheels)
    .where(eq(wheels.isEnabled, true))
    .orderBy(asc(wheels.sort), asc(wheels.id))
    .limit(1)
  return wheel
}

type LabelledPrize = z.infer<typeof LabelledPrizeSchema>
type WheelSegment = z.infer<typeof WheelSchema>['bonuses'][number]
type WheelRow = NonNullable<Awaited<ReturnType<typeof offeredWheel>>>
type SegmentRow = typeof wheelSegments.$inferSelect
type LootboxRow = typeof lootboxes.$inferSelect
type LootboxPrizeRow = typeof lootboxPrizes.$inferSelect

/** The offered wheel and every lootbox kind with their odds tables, as the operator wrote them. */
export interface RewardsContent {
  wheel: (WheelRow & { segments: SegmentRow[] }) | null
  /** Every kind, disabled ones too: a player may still hold one. */
  lootboxes: (LootboxRow & { prizes: LootboxPrizeRow[] })[]
  /** Lootbox kinds a loyalty level gives. */
  levelSources: ReadonlyMap<number, readonly number[]>
  /** Lootbox kinds a quest template's task gives. */
  questSources: ReadonlyMap<number, readonly number[]>
}

/**
 * Operators change the wheel and the lootboxes a few times a month while every wheel page and
 * every drain reads them: kept for half a minute per database handle, dropped at once on
 * `rewards.content.changed` (every instance's plugin forgets its copy).
 */
const CONTENT_CACHE_MS = 30_000
const cache = new WeakMap<Db | Tx, { value: Promise<RewardsContent>; readAtMs: number }>()

export function forgetRewardsContent(db: Db | Tx): void {
  cache.delete(db)
}

async function readContent(db: Db | Tx): Promise<RewardsContent> {
  const wheel = await offeredWheel(db)
  const segments = wheel
    ? await db
        .select()
        .from(wheelSegments)
        .where(eq(wheelSegments.wheelId, wheel.id))
        .orderBy(asc(wheelSegments.sort))
    : []
  const kinds = await db.select().from(lootboxes).orderBy(asc(lootboxes.sort), asc(lootboxes.id))
  const prizes = await db.select().from(lootboxPrizes).orderBy(asc(lootboxPrizes.sort))
  const sources = await db.select().from(lootboxSources)
  const sourcesOf = (kind: 'level' | 'quest_template') => {
    const map = new Map<number, number[]>()
    for (const source of sources.filter((row) => row.sourceKind === kind)) {
      map.set(source.sourceId, [...(map.get(source.sourceId) ?? []), source.lootboxId])
    }
    return map
  }
  return {
    wheel: wheel ? { ...wheel, segments } : null,
    lootboxes: kinds.map((kind) => ({
      ...kind,
      prizes: prizes.filter((prize) => prize.lootboxId === kind.id),
    })),
    levelSources: sourcesOf('level'),
    questSources: sourcesOf('quest_template'),
  }
}

export function loadRewardsContent(db: Db | Tx): Promise<RewardsContent> {
  const cached = cache.get(db)
  if (cached && Date.now() - cached.readAtMs < CONTENT_CACHE_MS) return cached.value
  const value = readContent(db)
  cache.set(db, { value, readAtMs: Date.now() })
  value.catch(() => {
    if (cache.get(db)?.value === value) cache.delete(db)
  })
  return value
}

/** An operator's text in `lang`, English when that one is empty. */
export const textIn = <F extends string>(
  texts: LocalizedTexts<F>,
  lang: LocalePrefix,
  field: F,
): string => texts[lang][field] || texts.en[field]

/** The wheel's segments as the page shows them: in drawing order, with their published odds. */
export function wheelSegmentsIn(
  segments: readonly SegmentRow[],
  lang: LocalePrefix,
): WheelSegment[] {
  const percents = probabilitiesPercent(segments.map((segment) => segment.weight))
  return segments.map((segment, index) => ({
    id: segment.id,
    bonus_id: segment.id,
    label: textIn(segment.texts, lang, 'label'),
    color: segment.color,
    prize: segment.prize,
    probability: percents[index] ?? 0,
  }))
}

/** A lootbox kind's odds table as published. */
export function lootboxPrizesIn(
  prizes: readonly LootboxPrizeRow[],
  lang: LocalePrefix,
): LabelledPrize[] {
  const percents = probabilitiesPercent(prizes.map((prize) => prize.weight))
  return prizes.map((prize, index) => ({
    id: prize.id,
    label: textIn(prize.texts, lang, 'label'),
    prize: prize.prize,
    probability: percents[index] ?? 0,
  }))
}

export function lootboxDetailsIn(
  kind: LootboxRow & { prizes: LootboxPrizeRow[] },
  lang: LocalePrefix,
): LootboxDetails {
  return {
    api_lootbox_id: kind.id,
    slug: kind.slug,
    title: textIn(kind.texts, lang, 'title'),
    text: textIn(kind.texts, lang, 'text'),
    image_url: kind.imageUrl,
    image_alt: textIn(kind.texts, lang, 'imageAlt'),
    valid_days: kind.validDays,
    prizes: lootboxPrizesIn(kind.prizes, lang),
  }
}

/** A player's standing on a wheel as the page and `fortuneWheelProgressUpdate` show it. */
export function wheelStanding(
  wheel: { spinEveryEurMinor: bigint },
  row: { progressEurMinor: bigint; spinsAvailable: number } | undefined,
) {
  const spins = row?.spinsAvailable ?? 0
  return {
    progress: {
      progress: Number(row?.progressEurMinor ?? 0n) / 100,
      expected: Number(wheel.spinEveryEurMinor) / 100,
    },
    player_can_spin: spins > 0,
    spins_available: spins,
  }
}
