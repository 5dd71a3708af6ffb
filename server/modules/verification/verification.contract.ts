import { z } from 'zod'
import { envelopeOf } from '#server/lib/envelope.ts'

/** The token from a reset or verification link. Any other string is refused as an unknown link. */
export const LinkTokenSchema = z.string().trim().min(1).max(128)

export const RequestPasswordResetBodySchema = z.object({ email: z.email().max(254) })

export const ResetPasswordBodySchema = z.object({
  token: LinkTokenSchema,
  /** The new password; the policy's own answers say when it is too short, long or common. */
  password: z.string().max(1024),
})

export const VerifyEmailBodySchema = z.object({ token: LinkTokenSchema })

export const ConfirmPhoneBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the text message'),
})

/** `{ success: true, data: null, message: null, errors: null }`. */
export const DoneResponseSchema = envelopeOf(z.null())
