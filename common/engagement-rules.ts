/**
 * The engagement engine's rules, shared by the server (which applies them) and the browser (which
 * shows their progress): what a domain event is worth to a quest or achievement trigger, when a
 * trigger is finished, a quest's status, the period a repeating quest counts in, and the loyalty
 * levels (docs/decisions/014).
 */

/** The domain events the engine turns into progress; later issues add their own kinds. */
export const ENGAGEMENT_EVENT_KINDS = ['bet', 'deposit', 'login', 'kyc_approved', 'level_up'] as const
export type EngagementEventKind = (typeof ENGAGEMENT_EVENT_KINDS)[number]

/** One event as the rules see it. Money in euro cents at the rate of the moment. */
export interface EngagementEvent {
  kind: EngagementEventKind
  /** `bet`: the game's id (`bets.game`) and its catalogue category slugs (`slots`, `originals`). */
  gameId?: string | undefined
  gameCategories?: readonly string[] | undefined
  /** `bet`: the stake; `deposit`: the amount credited. */
  amountEurMinor: bigint
  /** `bet`: the payout ÷ the stake in basis points (10 000 = 1×). */
  multiplierBp?: number | undefined
  /** `bet`: the bet's currency, and its payout in euro cents (tournaments score by them). */
  currency?: string | undefined
  winEurMinor?: bigint | undefined
  /** `level_up`: the level reached. */
  level?: number | undefined
}

/** The spec's rule types: count the matching events, or add up their amounts. */
export const TRIGGER_RULE_TYPES = ['number_actions', 'accumulate'] as const
export type TriggerRuleType = (typeof TRIGGER_RULE_TYPES)[number]

/**
 * A game condition's value: a game id or a category slug (`'dice'`, `'slots'`), any game for a
 * number of spins (`{ spinsCount }`, the trigger's expected count), or a selection of game ids.
 */
export type ConditionValue = string | { spinsCount: number } | { games: string[] }

/** One entry of a trigger's `triggerRules`, in the spec's wire shape. */
export interface TriggerRule {
  type: TriggerRuleType
  condition_type: 'game' | null
  condition_value: ConditionValue | null
  /** 1: this rule's count or sum is the trigger's progress; the others only filter. */
  is_progress_marker: 0 | 1
}

/** What a trigger listens to and counts; `expected` is in the unit its marker rule counts. */
export interface TriggerDefinition {
  event: EngagementEventKind
  rules: readonly TriggerRule[]
  /** Euro cents for an `accumulate` trigger on bets or deposits; a count otherwise. */
  expected: bigint
  /**
   * Bets below this stake (euro cents) do not count: a quest of 100 spins is not meant to be
   * finished with 100 one-cent bets. 0 for every stake.
   */
  minStakeEurMinor: bigint
}

/** Whether a game condition holds for a bet on `gameId` in `categories`. */
export function gameConditionHolds(
  value: ConditionValue | null,
  gameId: string | undefined,
  categories: readonly string[] = [],
): boolean {
  if (value === null || (typeof value === 'object' && 'spinsCount' in value)) return true
  if (gameId === undefined) return false
  if (typeof value === 'string') return value === gameId || categories.includes(value)
  return value.games.includes(gameId)
}

function ruleHolds(rule: TriggerRule, event: EngagementEvent): boolean {
  if (rule.condition_type !== 'game') return true
  return event.kind === 'bet' && gameConditionHolds(rule.condition_value, event.gameId, event.gameCategories)
}

/**
 * What an event adds to a trigger's progress: nothing when it is another kind of event, a rule
 * does not hold or the stake is below the minimum; else 1 for a counting marker, the amount for
 * an accumulating one, and for `level_up` the level reached (`reach`: progress becomes at least
 * that, so a level skipped on the way still counts).
 */
export function progressOf(
  trigger: TriggerDefinition,
  event: EngagementEvent,
): { add: bigint } | { reach: bigint } | null {
  if (trigger.event !== event.kind) return null
  if (!trigger.rules.every((rule) => ruleHolds(rule, event))) return null
  if (event.kind === 'bet' && event.amountEurMinor < trigger.minStakeEurMinor) return null
  if (event.kind === 'level_up') return { reach: BigInt(event.level ?? 0) }
  const marker = trigger.rules.find((rule) => rule.is_progress_marker === 1) ?? trigger.rules[0]
  if (marker?.type === 'accumulate') return event.amountEurMinor > 0n ? { add: event.amountEurMinor } : null
  return { add: 1n }
}

/** The expected count a `{ spinsCount }` condition names, for a trigger built from its rules. */
export function spinsCountOf(rules: readonly TriggerRule[]): number | undefined {
  for (const rule of rules) {
    const value = rule.condition_value
    if (value !== null && typeof value === 'object' && 'spinsCount' in value) return value.spinsCount
  }
  return undefined
}

/** The spec: `is_finished` is 1 when progress is at least expected. */
export const isFinished = (progress: number, expected: number): 0 | 1 =>
  progress >= expected ? 1 : 0

/** The spec's quest status: 0 in progress, 1 not started (no trigger, or no progress), 2 finished. */
export const QUEST_STATUS = { inProgress: 0, notStarted: 1, finished: 2 } as const
export type QuestStatus = (typeof QUEST_STATUS)[keyof typeof QUEST_STATUS]

export function questStatus(
  triggers: readonly { progress: number; expected: number }[],
): QuestStatus {
  if (triggers.length === 0) return QUEST_STATUS.notStarted
  if (triggers.every((t) => isFinished(t.progress, t.expected) === 1)) return QUEST_STATUS.finished
  if (triggers.every((t) => t.progress <= 0)) return QUEST_STATUS.notStarted
  return QUEST_STATUS.inProgress
}

/** The spec's helper: truncates down to `decimals` places (coins show at most two). */
export function truncateDown(value: number, decimals = 2): number {
  const factor = 10 ** decimals
  // The epsilon keeps 0.29 * 100 = 28.999999999999996 from truncating to 0.28.
  return Math.floor(value * factor + 1e-9) / factor
}

/** Coin progress as the spec shows it: at most two decimals, truncated, trailing zeros removed. */
export const coinProgressText = (value: number): string => String(truncateDown(value, 2))

/** Coins are kept in hundredths (the ledger's minor unit of `COIN`). */
export const COIN_DECIMALS = 2
export const coinsOfMinor = (minor: bigint): number => Number(minor) / 10 ** COIN_DECIMALS

/** How often a quest can be done again: never, each UTC day, each ISO week (Monday to Sunday, UTC). */
export const QUEST_REPEATS = ['none', 'daily', 'weekly'] as const
export type QuestRepeat = (typeof QUEST_REPEATS)[number]

/**
 * The period a repeating quest's progress counts in: '' for a quest done once (and achievements),
 * `2026-11-26` for a daily one, `2026-W48` for a weekly one (ISO week, UTC).
 */
export function periodKey(repeat: QuestRepeat, at: Date): string {
  if (repeat === 'none') return ''
  const day = at.toISOString().slice(0, 10)
  if (repeat === 'daily') return day
  const date = new Date(`${day}T00:00:00Z`)
  const weekday = date.getUTCDay() || 7
  // The ISO week's year is the year of its Thursday.
  date.setUTCDate(date.getUTCDate() + 4 - weekday)
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1)
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7)
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`
}

/** A loyalty level as the rules need it; the operator's table lives in `loyalty_levels`. */
export interface LevelStep {
  level: number
  fromPoints: number
  imageUrl: string
}

/** Where `points` stand in `levels` (ordered by `fromPoints`, the first from 0). */
export function levelOf(points: number, levels: readonly LevelStep[]) {
  const index = levels.findLastIndex((entry) => points >= entry.fromPoints)
  const current = levels[Math.max(index, 0)] ?? { level: 1, fromPoints: 0, imageUrl: '' }
  const next = levels[index + 1]
  const levelPercent = next
    ? Math.floor(((points - current.fromPoints) * 100) / (next.fromPoints - current.fromPoints))
    : 100
  return {
    level: current.level,
    levelPercent: Math.min(Math.max(levelPercent, 0), 100),
    levelImageUrl: current.imageUrl,
    currentLevelPoints: current.fromPoints,
    // The top level has no next one: its own start stands in.
    nextLevelPoints: next?.fromPoints ?? current.fromPoints,
  }
}

/** Points are kept in hundredths: 1 point per euro wagered with the player's own money. */
export const pointsOfMinor = (pointsMinor: bigint): number => Number(pointsMinor / 100n)
