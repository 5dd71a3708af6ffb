import { AppError } from '#server/lib/errors.ts'
import type { MethodField, PaymentProviderId } from './payments.tables.ts'

/**
 * ISO 13616 check: move the first four characters to the end, turn letters into 10..35, and the
 * number must leave 1 when divided by 97. Spaces are ignored and letters may be lower-case.
 */
export function isValidIban(text: string): boolean {
  const iban = normaliseIban(text)
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const char of rearranged) {
    const value = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char
    for (const digit of value) remainder = (remainder * 10 + Number.parseInt(digit, 10)) % 97
  }
  return remainder === 1
}

export function normaliseIban(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase()
}

/** What a saved card or a card deposit is recognised by: the last four digits it names. */
export interface KnownCard {
  /** The saved profile's id, when the card was saved. */
  profileId: string | null
  lastFour: string
  label: string
}

/** The last four digits named in a saved profile's or a deposit's stored fields and label. */
export function lastFourOf(fields: Record<string, string>, label = ''): string | undefined {
  for (const [key, value] of Object.entries(fields)) {
    if (/^(card_)?(last_?4|last_?four)$/i.test(key) && /^\d{4}$/.test(value)) return value
  }
  return /(\d{4})\s*$/.exec(label)?.[1]
}

export interface CheckedFields {
  /** Shown to the player and operators, and what the payout needs. */
  details: Record<string, string>
}

/** Required, length and pattern as the method's field list says (the browser checks them too). */
function checkDeclaredFields(fields: Record<string, string>, declared: MethodField[]): void {
  for (const field of declared) {
    const value = fields[field.name]?.trim() ?? ''
    if (value === '') {
      if (field.required)
        throw new AppError('withdrawals.field_invalid', { params: { field: field.name } })
      continue
    }
    const tooLong = value.length > field.maxLength
    const mismatched =
      field.pattern !== undefined &&
      !new RegExp(field.pattern).test(field.type === 'iban' ? normaliseIban(value) : value)
    if (tooLong || mismatched) {
      throw new AppError('withdrawals.field_invalid', { params: { field: field.name } })
    }
  }
}

/**
 * Checks the fields of a withdrawal for its method and answers the details to store.
 * Card: the card must be one the player paid with (`saved_profile_id`, `card_last4` / `last4`
 * or the number itself, of which only the last four digits are kept). Bank: a valid IBAN (checksum) and
 * the holder. Crypto: the address, in the method's pattern.
 */
export function checkWithdrawalFields(
  provider: PaymentProviderId,
  declared: MethodField[],
  fields: Record<string, string>,
  knownCards: KnownCard[],
): CheckedFields {
  switch (provider) {
    case 'sandbox_card': {
      const profileId = fields.saved_profile_id?.trim()
      const digits = (fields.card_last4 ?? fields.last4 ?? fields.card_number ?? '').replace(
        /\s+/g,
        '',
      )
      let card: KnownCard | undefined
      if (profileId) {
        card = knownCards.find((known) => known.profileId === profileId)
      } else if (/^\d{4,19}$/.test(digits)) {
        const lastFour = digits.slice(-4)
        card = knownCards.find((known) => known.lastFour === lastFour)
      } else {
        throw new AppError('withdrawals.field_invalid', { params: { field: 'card_last4' } })
      }
      if (!card) throw new AppError('withdrawals.card_unknown')
      return {
        details: {
          card_last4: card.lastFour,
          ...(card.label && { card_label: card.label }),
          ...(card.profileId && { saved_profile_id: card.profileId }),
        },
      }
    }
    case 'sandbox_bank': {
      checkDeclaredFields(fields, declared)
      const iban = normaliseIban(fields.iban ?? '')
      if (!isValidIban(iban)) throw new AppError('withdrawals.iban_invalid')
      return { details: { iban, holder: (fields.holder ?? '').trim() } }
    }
    case 'sandbox_crypto': {
      checkDeclaredFields(fields, declared)
      return { details: { address: (fields.address ?? '').trim() } }
    }
  }
}
