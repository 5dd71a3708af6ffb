import { Secret, TOTP } from 'otpauth'

/** RFC 6238 as authenticator apps use it: HMAC-SHA1, 30-second steps, 6 digits. */
export const TOTP_PERIOD_S = 30
export const TOTP_DIGITS = 6
/** One step either side, for clocks that drift and codes typed at the turn of a step. */
export const TOTP_WINDOW = 1
export const TOTP_ISSUER = 'Aurum'

function totp(secret: Secret, digits = TOTP_DIGITS) {
  return new TOTP({ issuer: TOTP_ISSUER, algorithm: 'SHA1', digits, period: TOTP_PERIOD_S, secret })
}

/** A new 160-bit secret, base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The `otpauth://` address an authenticator app reads from the QR code. */
export function otpauthUrl(secretBase32: string, account: string): string {
  const generator = totp(Secret.fromBase32(secretBase32))
  generator.label = account
  return generator.toString()
}

/** The code for a moment (tests and the RFC vectors); `digits` only differs in the vectors. */
export function totpCodeAt(secret: Secret | string, atMs: number, digits = TOTP_DIGITS): string {
  const key = typeof secret === 'string' ? Secret.fromBase32(secret) : secret
  return totp(key, digits).generate({ timestamp: atMs })
}

export const totpStepAt = (atMs: number) => Math.floor(atMs / 1000 / TOTP_PERIOD_S)

/**
 * The time step a code belongs to, when it is right within the window and newer than the last
 * step accepted for this secret; undefined otherwise. The caller stores the step, so a code once
 * used (or any older one) is never taken again.
 */
export function verifyTotp(
  secretBase32: string,
  code: string,
  options: { nowMs: number; lastStep: number | null },
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined
  const delta = totp(Secret.fromBase32(secretBase32)).validate({
    token: code,
    timestamp: options.nowMs,
    window: TOTP_WINDOW,
  })
  if (delta === null) return undefined
  const step = totpStepAt(options.nowMs) + delta
  if (options.lastStep !== null && step <= options.lastStep) return undefined
  return step
}
