import { z } from 'zod'
import {
  BREAK_KINDS,
  BREAK_PERIODS,
  PLAY_BARS,
  PLAY_TIME_LIMIT_MAX_MINUTES,
  PLAY_TIME_LIMIT_MIN_MINUTES,
  REALITY_CHECK_MINUTES,
} from '#common/protection.ts'
import { PROTECTION_EVENT_KINDS } from './limits.tables.ts'

// The wire shapes of the player-protection calls (issue 26, docs/decisions/018). Times are ISO
// strings; amounts are minor units as strings, as every money field of the API.

const Iso = z.string()
const MinorString = z.string().regex(/^-?\d{1,19}$/)

/** A break in force (or a self-exclusion whose period ran and that waits for its lapse). */
export const BreakSchema = z.object({
  kind: z.enum(BREAK_KINDS),
  period: z.string(),
  started_at: Iso,
  /** The end of the chosen period. */
  until: Iso,
  /** Self-exclusion: when the player asked for the lapse (null: not yet). */
  lapse_requested_at: Iso.nullable(),
  /** When play reopens: a time-out's end; a self-exclusion's once asked for (else null). */
  opens_at: Iso.nullable(),
  /** Self-exclusion: whether the lapse may be asked for now (the period has run, not yet asked). */
  can_request_lapse: z.boolean(),
})

export const ProtectionStateSchema = z.object({
  /** Why the player may not play now, if so (the same reasons the bets' refusals give). */
  bar: z.enum(PLAY_BARS).nullable(),
  break: BreakSchema.nullable(),
  jurisdiction: z.object({
    code: z.enum(['uk', 'mt', 'default']),
    slot_min_cycle_ms: z.number().int(),
    slot_autoplay: z.boolean(),
    slot_turbo: z.boolean(),
  }),
  reality_check: z.object({
    /** The interval in force in minutes; null: off. */
    minutes: z.number().int().nullable(),
    /** The jurisdiction's default (null: none) and whether the player may turn it off. */
    default_minutes: z.number().int().nullable(),
    optional: z.boolean(),
    /** The last sign-in, from which the check counts. */
    signed_in_at: Iso.nullable(),
    /** When the next check is due (null: off). Bets wait for its answer once due. */
    due_at: Iso.nullable(),
  }),
  play_time: z.object({
    /** The daily play-time limit in minutes (rolling 24 hours); null: none. */
    limit_minutes: z.number().int().nullable(),
    /** A waiting raise or removal (null minutes with `pending_from`: removal). */
    pending_minutes: z.number().int().nullable(),
    pending_from: Iso.nullable(),
    /** Play time counted in the last 24 hours, in seconds. */
    used_seconds: z.number().int(),
  }),
  /** Whether the deposit-limit prompt was answered (set a limit, or declined). */
  limit_prompt_answered: z.boolean(),
  /** The server's clock when it answered: due times are the server's, a browser's may run off. */
  server_time: Iso,
})
export type ProtectionState = z.infer<typeof ProtectionStateSchema>

/** `POST /player/protection/break`: take a time-out or self-exclude. */
export const BreakBodySchema = z
  .object({
    kind: z.enum(BREAK_KINDS),
    period: z.string(),
    /** The account's password, so no one else at an open screen takes it for the player. */
    password: z.string().min(1).max(1024),
  })
  .refine((body) => (BREAK_PERIODS[body.kind] as readonly string[]).includes(body.period), {
    message: 'The period is not one this kind of break offers.',
    path: ['period'],
  })

/** `PUT /player/protection/reality-check`: an interval in minutes, or null to turn it off. */
export const RealityCheckBodySchema = z.object({
  minutes: z
    .number()
    .int()
    .refine((minutes) => (REALITY_CHECK_MINUTES as readonly number[]).includes(minutes))
    .nullable(),
})

/** `GET /player/protection/reality-check`: what the dialog shows. */
export const RealityCheckSummarySchema = z.object({
  signed_in_at: Iso,
  /** Seconds since the sign-in. */
  elapsed_seconds: z.number().int(),
  due_at: Iso.nullable(),
  /** The real-money bets since the sign-in, in the current wallet's currency. */
  currency: z.string(),
  staked: MinorString,
  won: MinorString,
  /** Won minus staked: negative is a loss. */
  net: MinorString,
  bets: z.number().int(),
})

/** `PUT /player/protection/play-time`: the daily limit in minutes, or null to remove it. */
export const PlayTimeBodySchema = z.object({
  minutes: z
    .number()
    .int()
    .min(PLAY_TIME_LIMIT_MIN_MINUTES)
    .max(PLAY_TIME_LIMIT_MAX_MINUTES)
    .nullable(),
})

/** `POST /player/protection/limit-prompt`: the player declined to set a deposit limit. */
export const LimitPromptBodySchema = z.object({ answer: z.literal('declined') })

/** `POST /player/protection/close`: close the account (not an exclusion; support can reopen it). */
export const CloseAccountBodySchema = z.object({
  password: z.string().min(1).max(1024),
  reason: z.enum(['not_for_me', 'too_much_time', 'another_site', 'privacy', 'other']),
})

export const ProtectionEventSchema = z.object({
  kind: z.enum(PROTECTION_EVENT_KINDS),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  actor: z.string(),
  at: Iso,
})

/** `GET /admin/api/players/:id/protection`: state, limits and the history. */
export const OperatorProtectionSchema = z.object({
  player_id: z.uuid(),
  state: ProtectionStateSchema,
  closed_at: Iso.nullable(),
  closed_reason: z.string().nullable(),
  register_match: z.boolean(),
  register_checked_at: Iso.nullable(),
  history: z.array(ProtectionEventSchema),
})
