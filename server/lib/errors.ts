/**
 * Expected failures carry a code from a closed list; `server/plugins/error-handler.ts` maps each
 * code to its HTTP status once, and the player sees `errors.<code>` translated in their language.
 */
export const ERROR_STATUS = {
  /** The request body, query or params failed validation. */
  'request.invalid': 400,
  /** An API call arrived without the `X-Requested-With: XMLHttpRequest` marker header. */
  'request.marker_missing': 400,
  /** The path or query is longer than the server accepts. */
  'request.too_long': 414,
  /** The URL could not be decoded (malformed percent-encoding). */
  'request.malformed_url': 400,
  /** No API route answers this path. */
  'request.not_found': 404,
  /** The path exists but not for this HTTP method. */
  'request.method_not_allowed': 405,
  /** Too many calls from one client within the rate-limit window. */
  'request.rate_limited': 429,
  /** A state-changing call without the session's CSRF token in `X-CSRF-Token`. */
  'csrf.invalid': 403,
  /** The visitor's country is in the blocked list. */
  'geo.country_blocked': 403,
  /** The path's language is not one of the site's enabled languages. */
  'site.unknown_locale': 404,
  /** The call needs a signed-in player and the session has none (or it went idle). */
  'auth.sign_in_required': 401,
  /** The signed-in account lacks the role the call needs (operator calls). */
  'auth.forbidden': 403,
  /** Login with an unknown e-mail address or a wrong password (the answer does not say which). */
  'auth.invalid_credentials': 401,
  /** No notification with this id belongs to the signed-in player. */
  'notifications.not_found': 404,
  /** An operator sent a notification to a player id no account has. */
  'notifications.player_not_found': 404,
  /** The socket handshake token is missing, malformed or expired. */
  'realtime.unauthorized': 401,
  /** Anything unexpected; details are logged, never sent. */
  'server.internal': 500,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

export class AppError extends Error {
  readonly code: ErrorCode
  readonly params: Record<string, string | number>
  readonly details: unknown

  constructor(
    code: ErrorCode,
    options: {
      message?: string
      params?: Record<string, string | number>
      details?: unknown
      cause?: unknown
    } = {},
  ) {
    super(options.message ?? code, { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.params = options.params ?? {}
    this.details = options.details
  }

  get status(): number {
    return ERROR_STATUS[this.code]
  }
}
