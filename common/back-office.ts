/**
 * The operators' console (`/admin`): its roles and the limits the server and the console share.
 * Roles are checked by the server on every call (`requireOperatorRole`); the console only hides
 * what a role may not do.
 */

/**
 * admin holds every role. support: players and their notes, notifications, locks. kyc: identity
 * documents and 2FA resets. finance: money (withdrawals, deposits, adjustments, reports).
 * content: everything players read (promotions, rewards, pages, menus, settings, translations).
 * auditor: reads every list and page, changes nothing.
 */
export const OPERATOR_ROLES = ['admin', 'support', 'kyc', 'finance', 'content', 'auditor'] as const
export type OperatorRole = (typeof OPERATOR_ROLES)[number]

/** The roles that change things; the auditor reads only (`READ_ROLES` adds it to a read). */
export const WRITE_ROLES = ['admin', 'support', 'kyc', 'finance', 'content'] as const

/** The console signs its operator out after this long without a key press, click or touch. */
export const OPERATOR_IDLE_SIGN_OUT_MS = 15 * 60_000

/** The most one balance adjustment may move, in EUR-equivalent minor units (10,000 EUR). */
export const ADJUSTMENT_MAX_EUR_MINOR = 1_000_000

/** Default of the site setting `withdrawalSecondApprovalEurMinor`: 2,000 EUR-equivalent. */
export const DEFAULT_SECOND_APPROVAL_EUR_MINOR = 200_000

/** Largest page any console list answers. */
export const ADMIN_PAGE_SIZE_MAX = 100
