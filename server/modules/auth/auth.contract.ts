import { z } from 'zod'
import { envelopeOf } from '#server/lib/envelope.ts'

export const LoginBodySchema = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(256),
})
export type LoginBody = z.infer<typeof LoginBodySchema>

/** `?json=1` asks for a JSON answer rather than a redirect (spec §7); it is the only answer we give. */
export const JsonQuerySchema = z.object({ json: z.literal('1').optional() })

export const SignedInPlayerSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  currency: z.string(),
})

export const LoginResponseSchema = envelopeOf(z.null()).extend({
  player: SignedInPlayerSchema,
  /** True when the account has two-factor authentication and the call must be repeated with a code. */
  two_factor_otp: z.boolean(),
})
