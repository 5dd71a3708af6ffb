import { z } from 'zod'
import { LOCALES, type LocalePrefix } from '#common/locales.ts'
import { envelopeOf } from '#server/lib/envelope.ts'
import { PASSWORD_MAX_LENGTH } from './password-policy.ts'

/** The supported account currencies, in the order the client lists them. */
export const SUPPORTED_CURRENCIES = [
  'EUR',
  'USD',
  'CAD',
  'AUD',
  'NZD',
  'PLN',
  'INR',
  'NOK',
  'BCH',
  'BTC',
  'LTC',
  'ETH',
  'DOG',
  'XRP',
  'USDT',
  'ADA',
  'TRX',
  'BNB',
] as const
export type SupportedCurrency = (typeof SUPPORTED_CURRENCIES)[number]
/** The currencies Intl knows symbols for; the others are crypto, shown by their code. */
export const FIAT_CURRENCIES: ReadonlySet<string> = new Set([
  'EUR',
  'USD',
  'CAD',
  'AUD',
  'NZD',
  'PLN',
  'INR',
  'NOK',
])

/** Longest accepted values, in characters after trimming. */
export const FIELD_MAX_LENGTH = {
  email: 254,
  name: 100,
  city: 100,
  address: 200,
  postCode: 20,
  phone: 32,
} as const

const text = (max: number) => z.string().trim().min(1).max(max)

/**
 * Profile fields, shared by sign-up and the profile update. Each field's own check names its
 * field error code (`errors.fields.<code>`); the rules zod cannot see (a real date, 18+, a known
 * and allowed country, a phone number of that country) are checked in `profile-rules.ts`.
 */
export const ProfileFields = {
  first_name: text(FIELD_MAX_LENGTH.name),
  last_name: text(FIELD_MAX_LENGTH.name),
  birth_date: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'birth_date_invalid' })
    .describe('YYYY-MM-DD; the player must be 18 or older today'),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'country_unknown' })
    .describe('ISO 3166-1 alpha-2; not one of the blocked countries'),
  city: text(FIELD_MAX_LENGTH.city),
  address: text(FIELD_MAX_LENGTH.address),
  post_code: text(FIELD_MAX_LENGTH.postCode),
  phone: text(FIELD_MAX_LENGTH.phone).describe(
    'A number of the chosen country (national format) or in international format (+358…); stored as E.164',
  ),
}

const LOCALE_PREFIX_VALUES = LOCALES.map((locale) => locale.prefix) as [
  LocalePrefix,
  ...LocalePrefix[],
]

export const RegisterFields = {
  email: z
    .string()
    .trim()
    .max(FIELD_MAX_LENGTH.email)
    .regex(z.regexes.email, { error: 'email_invalid' }),
  password: z
    .string()
    .min(1)
    .max(PASSWORD_MAX_LENGTH, { error: 'password_too_long' })
    .describe(
      'At least 8 characters; not a common password nor the e-mail address (NIST SP 800-63B)',
    ),
  currency: z.enum(SUPPORTED_CURRENCIES, { error: 'currency_unsupported' }),
  ...ProfileFields,
  terms_accepted: z
    .literal(true, { error: 'terms_required' })
    .describe('The terms are accepted and the player confirms being 18 or older'),
  locale: z
    .enum(LOCALE_PREFIX_VALUES, { error: 'locale_unknown' })
    .optional()
    .describe(
      'The language for e-mails and notifications; the locale cookie, else English, when absent',
    ),
}
export const RegisterBodySchema = z.object(RegisterFields)
export type RegisterBody = z.infer<typeof RegisterBodySchema>

export const UpdateFields = Object.fromEntries(
  Object.entries(ProfileFields).map(([name, schema]) => [name, schema.optional()]),
) as { [K in keyof typeof ProfileFields]: z.ZodOptional<(typeof ProfileFields)[K]> }
export const UpdateBodySchema = z.object(UpdateFields)
export type UpdateBody = z.infer<typeof UpdateBodySchema>

export const ChangePasswordFields = {
  current_password: z.string().min(1).max(1024),
  new_password: z
    .string()
    .min(1)
    .max(PASSWORD_MAX_LENGTH, { error: 'password_too_long' })
    .describe('The same rules as at sign-up'),
}
export const ChangePasswordBodySchema = z.object(ChangePasswordFields)

/** The player's info, plus the verification and 2FA states the cabinet shows. */
export const PlayerInfoSchema = z.object({
  currency: z.string(),
  currencySymbol: z
    .string()
    .describe('The narrow symbol of a fiat currency; the code of a crypto one'),
  availableToWithdraw: z
    .string()
    .describe(
      'Real money that may leave by any method, minor units as a decimal string; "0" until the wallet exists. Deposited money still to be wagered (`wagerRemaining`) may only go back the way it came (method and currency) until it is; the withdrawal methods list says how much each method may take (`availableToWithdraw`).',
    ),
  wagerRemaining: z
    .string()
    .describe(
      'Stakes still to place before deposited money may leave by another method or currency than it came with, minor units of the current currency',
    ),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string().nullable().describe('YYYY-MM-DD'),
  country: z.string(),
  city: z.string(),
  address: z.string(),
  postCode: z.string(),
  phone: z.string().describe('E.164, or empty'),
  level: z.number().int(),
  levelPercent: z.number().int().describe('Progress from this level to the next, 0 to 100'),
  points: z.number().int(),
  levelImageUrl: z.string(),
  nextLevelPoints: z.number().int().describe('The points at which the next level starts'),
  currentLevelPoints: z.number().int().describe('The points at which the current level starts'),
  token: z.string().describe("The realtime socket's token"),
  totalDepositAmounts: z.string().describe('Minor units as a decimal string'),
  apiId: z.string(),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  identityLocked: z
    .boolean()
    .describe(
      'An identity document is approved: name, birth date and country change only through support',
    ),
})
export type PlayerInfo = z.infer<typeof PlayerInfoSchema>

export const PlayerInfoResponseSchema = envelopeOf(PlayerInfoSchema)
/** The signed-in player, as sign-up and sign-in answer it. */
export const SignedInPlayerSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  currency: z.string(),
})

export const RegisterResponseSchema = envelopeOf(z.null()).extend({ player: SignedInPlayerSchema })
