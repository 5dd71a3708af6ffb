import { z } from 'zod'
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
