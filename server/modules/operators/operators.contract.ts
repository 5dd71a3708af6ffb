import { z } from 'zod'
import { ADMIN_PAGE_SIZE_MAX } from '#common/back-office.ts'
import { envelopeOf } from '#server/lib/envelope.ts'
import { OPERATOR_ROLES } from './operators.tables.ts'

export const OperatorLoginBodySchema = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(256),
  /** Always required: operators have no sign-in without two-factor authentication. */
  otp: z.string().regex(/^\d{6}$/, 'a 6-digit code'),
})

export const OperatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(OPERATOR_ROLES)),
})

export const OperatorResponseSchema = envelopeOf(OperatorSchema)

/** One or more distinct roles; the same role twice is a mistake, not a stronger grant. */
const RolesSchema = z
  .array(z.enum(OPERATOR_ROLES))
  .min(1)
  .max(OPERATOR_ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, 'each role once')

const NameSchema = z.string().trim().min(1).max(100)

export const OPERATOR_LIST_SORTS = [
  'email',
  '-email',
  'name',
  '-name',
  'created',
  '-created',
] as const

export const OperatorListQuerySchema = z.object({
  /** Part of the e-mail address or name, case-insensitive. */
  q: z.string().trim().max(100).optional(),
  role: z.enum(OPERATOR_ROLES).optional(),
  status: z.enum(['active', 'disabled']).optional(),
  sort: z.enum(OPERATOR_LIST_SORTS).default('email'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(20),
})
export type OperatorListQuery = z.infer<typeof OperatorListQuerySchema>

export const OperatorAccountSchema = OperatorSchema.extend({
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
})
export type OperatorAccount = z.infer<typeof OperatorAccountSchema>

export const OperatorListResponseSchema = envelopeOf(
  z.object({
    items: z.array(OperatorAccountSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
)

export const CreateOperatorBodySchema = z.object({
  email: z.email().max(254),
  name: NameSchema,
  roles: RolesSchema,
  /** The players' password policy (NIST: length and the common-password list) applies. */
  password: z.string().min(1).max(256),
})
export type CreateOperatorBody = z.infer<typeof CreateOperatorBodySchema>

export const CreatedOperatorResponseSchema = envelopeOf(
  OperatorAccountSchema.extend({
    /** Shown once: the authenticator app's `otpauth://totp/…` address, and its secret to type. */
    otpauthUrl: z.string(),
    totpSecret: z.string(),
  }),
)

export const UpdateOperatorBodySchema = z.object({ name: NameSchema, roles: RolesSchema })
export type UpdateOperatorBody = z.infer<typeof UpdateOperatorBodySchema>

export const OperatorIdParamsSchema = z.object({ id: z.uuid() })

export const OperatorAccountResponseSchema = envelopeOf(OperatorAccountSchema)
