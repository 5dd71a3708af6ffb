import { z } from 'zod'
import { envelopeOf } from '#server/lib/envelope.ts'
import { SignedInPlayerSchema } from '#server/modules/players/index.ts'

/** A code from the authenticator app: six digits (RFC 6238 as the apps use it). */
export const TotpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')

const TOTP_OR_RECOVERY = /^(?:\d{6}|[0-9a-z]{4}-?[0-9a-z]{4})$/i

/** A second factor: a six-digit app code or a one-time recovery code (`xxxx-xxxx`). */
export const SecondFactorCodeSchema = z
  .string()
  .trim()
  .max(32)
  .regex(TOTP_OR_RECOVERY, 'Enter the 6-digit code or a recovery code')

export const LoginBodySchema = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(256),
  /**
   * Only for an account with 2FA: the app code or a recovery code, sent with the same e-mail and
   * password after the first answer asked for it. An empty string counts as none.
   */
  otp: z
    .string()
    .trim()
    .max(32)
    .refine((otp) => otp === '' || TOTP_OR_RECOVERY.test(otp), {
      message: 'Enter the 6-digit code or a recovery code',
    })
    .optional(),
})
export type LoginBody = z.infer<typeof LoginBodySchema>

/** `?json=1` asks for a JSON answer rather than a redirect (the spec's login contract); it is the only answer we give. */
export const JsonQuerySchema = z.object({ json: z.literal('1').optional() })

export const LoginResponseSchema = envelopeOf(z.null()).extend({
  /** The signed-in player; absent while a two-factor code is still needed. */
  player: SignedInPlayerSchema.optional(),
  /**
   * True when the password was right but the account has two-factor authentication: nothing is
   * signed in yet, and the call must be repeated with `otp` (`success` is false, `message` says so).
   */
  two_factor_otp: z.boolean(),
})

export const TwoFactorSecretResponseSchema = envelopeOf(
  z.object({
    /** The new secret in base32, for typing into an app by hand. */
    secret: z.string(),
    /** The `otpauth://totp/…` address the QR code holds. */
    otpauth_url: z.string(),
    /** The QR code as a `data:image/png;base64,…` URL. */
    qr: z.string(),
  }),
)

export const EnableTwoFactorBodySchema = z.object({
  code: TotpCodeSchema,
  /** The account's password: a session left open on a shared device cannot switch 2FA on. */
  password: z.string().min(1).max(256),
})

export const EnableTwoFactorResponseSchema = envelopeOf(
  z.object({
    /** Ten one-time codes (`xxxx-xxxx`), shown this once: only their hashes are kept. */
    recovery_codes: z.array(z.string()),
  }),
)

export const DisableTwoFactorBodySchema = z.object({
  code: SecondFactorCodeSchema,
  password: z.string().min(1).max(256),
})
