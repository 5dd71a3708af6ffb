import { z } from 'zod'
import { ADMIN_PAGE_SIZE_MAX } from '#common/back-office.ts'
import { envelopeOf } from '#server/lib/envelope.ts'

export const AUDIT_ACTOR_TYPES = ['player', 'operator', 'system'] as const

/** The audit log's filters, shared by the list and its CSV. Days are UTC, both ends included. */
export const AuditFilterSchema = z
  .object({
    actorType: z.enum(AUDIT_ACTOR_TYPES).optional(),
    actorId: z.uuid().optional(),
    playerId: z.uuid().optional(),
    /** An action (`operator.created`) or the start of one (`operator.`). */
    action: z
      .string()
      .trim()
      .regex(/^[a-z0-9_.]{1,100}$/, 'letters, digits, dots and underscores')
      .optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    /** Part of the address, the browser or the details, case-insensitive. */
    q: z.string().trim().min(1).max(100).optional(),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    message: 'the first day comes before the last',
    path: ['to'],
  })
export type AuditFilter = z.infer<typeof AuditFilterSchema>

export const AuditListQuerySchema = AuditFilterSchema.and(
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(50),
  }),
)

const PersonSchema = z.object({ email: z.string(), name: z.string() })

export const AuditEventSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actorType: z.enum(AUDIT_ACTOR_TYPES),
  actorId: z.string().nullable(),
  /** The operator or player who acted, when the row names one that exists. */
  actor: PersonSchema.nullable(),
  playerId: z.string().nullable(),
  playerEmail: z.string().nullable(),
  action: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
})
export type AuditEventRow = z.infer<typeof AuditEventSchema>

export const AuditListResponseSchema = envelopeOf(
  z.object({
    items: z.array(AuditEventSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
)
