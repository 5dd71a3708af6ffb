import { z } from 'zod'
import { ADMIN_PAGE_SIZE_MAX } from '#common/back-office.ts'
import { envelopeOf } from '#server/lib/envelope.ts'
import { BetSchema } from '#server/modules/bets/index.ts'
import {
  ADJUSTMENT_STATUSES,
  CurrencySchema,
  WalletEntrySchema,
} from '#server/modules/wallet/index.ts'

// The console's player calls: search, the player's page and its paginated parts, the actions.

export const PLAYER_STATUSES = ['active', 'locked', 'closed'] as const
export type PlayerStatus = (typeof PLAYER_STATUSES)[number]

export const PlayerIdParamsSchema = z.object({ id: z.uuid() })
export const AdjustmentIdParamsSchema = z.object({ id: z.uuid() })

const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(25),
}
export const PageQuerySchema = z.object(pageFields)
export type PageQuery = z.infer<typeof PageQuerySchema>

const pageAnswer = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
}

export const PLAYER_SORTS = [
  'created',
  '-created',
  'email',
  '-email',
  'lastSignIn',
  '-lastSignIn',
] as const
export type PlayerSort = (typeof PLAYER_SORTS)[number]

export const PlayerSearchQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(PLAYER_STATUSES).optional(),
  sort: z.enum(PLAYER_SORTS).default('-created'),
  ...pageFields,
})
export type PlayerSearchQuery = z.infer<typeof PlayerSearchQuerySchema>

export const PlayerListItemSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  country: z.string(),
  currency: z.string(),
  status: z.enum(PLAYER_STATUSES),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
})
export type PlayerListItem = z.infer<typeof PlayerListItemSchema>

export const PlayerListResponseSchema = envelopeOf(
  z.object({ players: z.array(PlayerListItemSchema), ...pageAnswer }),
)

const DocumentSchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
})

const SignInSchema = z.object({
  at: z.string(),
  action: z.string().describe('`login.succeeded` or `login.failed`'),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
})

const QuestProgressSchema = z.object({
  quest: z.string().describe("The quest's English title"),
  task: z.string(),
  kind: z.string(),
  periodKey: z.string(),
  progress: z.string(),
  expected: z.string(),
})

export const PlayerOverviewSchema = z.object({
  profile: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    birthDate: z.string().nullable(),
    country: z.string(),
    city: z.string(),
    address: z.string(),
    postCode: z.string(),
    phone: z.string(),
    currency: z.string(),
    locale: z.string(),
    emailVerifiedAt: z.string().nullable(),
    phoneVerifiedAt: z.string().nullable(),
    twoFactorOn: z.boolean(),
    createdAt: z.string(),
    status: z.enum(PLAYER_STATUSES),
    lockedAt: z.string().nullable(),
    lockReason: z.string().nullable(),
  }),
  kyc: z.object({
    state: z
      .enum(['none', 'pending', 'approved', 'rejected'])
      .describe('approved when any document is approved, else pending when one waits'),
    documents: z.array(DocumentSchema),
  }),
  wallets: z.array(WalletEntrySchema),
  engagement: z.object({
    points: z.number(),
    level: z.number().int(),
    levelPercent: z.number(),
    vipTier: z.number().int().nullable(),
    vipTierName: z.string().nullable(),
    coins: z.string().describe('Hundredths of a coin'),
    questsInProgress: z.array(QuestProgressSchema),
  }),
  sessions: z.object({
    live: z.number().int(),
    recentSignIns: z.array(SignInSchema),
  }),
  pendingAdjustments: z.number().int(),
})
export type PlayerOverview = z.infer<typeof PlayerOverviewSchema>

export const PlayerOverviewResponseSchema = envelopeOf(PlayerOverviewSchema)

export const LedgerEntrySchema = z.object({
  transferId: z.string(),
  code: z.string(),
  currency: z.string(),
  account: z.string().describe('The player account it moved: cash, bonus or held'),
  amountMinor: z.string().describe('Signed: positive into the account, negative out of it'),
  reference: z.string(),
  createdAt: z.string(),
})
export const LedgerQuerySchema = z.object({
  currency: z.string().trim().max(10).optional(),
  ...pageFields,
})
export const LedgerResponseSchema = envelopeOf(
  z.object({ entries: z.array(LedgerEntrySchema), ...pageAnswer }),
)

export const BetsQuerySchema = z.object({
  game: z.string().trim().max(50).optional(),
  ...pageFields,
})
export const BetsResponseSchema = envelopeOf(z.object({ bets: z.array(BetSchema), ...pageAnswer }))

export const AuditQuerySchema = z.object({
  action: z.string().trim().max(100).optional().describe('An action, or its prefix (`login.`)'),
  ...pageFields,
})
export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorType: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable().describe("The operator's name when an operator acted"),
  action: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
})
export const AuditResponseSchema = envelopeOf(
  z.object({ events: z.array(AuditEntrySchema), ...pageAnswer }),
)

export const NoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  operatorId: z.string(),
  operatorName: z.string().nullable(),
  createdAt: z.string(),
})
export const NoteBodySchema = z.object({ text: z.string().trim().min(1).max(2000) })
export const NotesResponseSchema = envelopeOf(z.object({ notes: z.array(NoteSchema) }))
export const NoteResponseSchema = envelopeOf(NoteSchema)

export const LockBodySchema = z.object({ reason: z.string().trim().min(3).max(500) })
export const TwoFactorResetBodySchema = z.object({
  identityCheck: z
    .string()
    .trim()
    .min(5)
    .max(500)
    .describe("How the player's identity was verified (a video call with their ID, say)"),
})
export const PlayerStateResponseSchema = envelopeOf(
  z.object({
    status: z.enum(PLAYER_STATUSES),
    lockedAt: z.string().nullable(),
    lockReason: z.string().nullable(),
    twoFactorOn: z.boolean(),
    endedSessions: z.number().int(),
  }),
)

export const AdjustmentBodySchema = z.object({
  currency: CurrencySchema,
  amountMinor: z
    .string()
    .regex(/^-?[1-9]\d{0,11}$/, { error: 'amount_invalid' })
    .describe('Signed minor units, never zero: positive credits the cash, negative debits it'),
  reason: z.string().trim().min(3).max(500),
})
export const AdjustmentSchema = z.object({
  id: z.string(),
  playerId: z.string(),
  playerEmail: z.string().nullable(),
  currency: z.string(),
  amountMinor: z.string(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requestedBy: z.string(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
})
export type WireAdjustment = z.infer<typeof AdjustmentSchema>
export const AdjustmentResponseSchema = envelopeOf(AdjustmentSchema)
export const AdjustmentListQuerySchema = z.object({
  status: z.enum(ADJUSTMENT_STATUSES).optional(),
  playerId: z.uuid().optional(),
  sort: z.enum(['requested', '-requested']).default('requested'),
  ...pageFields,
})
export const AdjustmentListResponseSchema = envelopeOf(
  z.object({ adjustments: z.array(AdjustmentSchema), ...pageAnswer }),
)
export const RejectBodySchema = z.object({ reason: z.string().trim().min(3).max(500) })
