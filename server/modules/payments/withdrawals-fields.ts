import { AppError } from '#server/lib/errors.ts'
import { refuseCardData } from './method-fields.ts'
import type { MethodField, PaymentProviderId } from './payments.tables.ts'
import { CARD_TOKEN_FIELD, SAVED_CARD_FIELD } from './providers/sandbox-card.ts'

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

/** A card the player deposited with: a saved card, paid out to by the provider's token. */
export interface KnownCard {
  profileId: string
  lastFour: string
  label: string
  /** The provider's reusable token for the card. */
  token: string
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
 * Checks the fields of a withdrawal for its method and answers the details to store. Card: one
 * of the player's saved cards (`saved_profile_id`: a card they deposited with), paid out to by
 * its provider token; no card number, no security code. Bank: a valid IBAN (checksum) and the
 * holder. Crypto: the address, in the method's pattern.
 */
export function checkWithdrawalFields(
  provider: PaymentProviderId,
  declared: MethodField[],
  fields: Record<string, string>,
  knownCards: KnownCard[],
): CheckedFields {
  refuseCardData(fields)
  switch (provider) {
    case 'sandbox_card': {
      const profileId = fields[SAVED_CARD_FIELD]?.trim()
      if (!profileId) {
        throw new AppError('withdrawals.field_invalid', { params: { field: SAVED_CARD_FIELD } })
      }
      const card = knownCards.find((known) => known.profileId === profileId)
      if (!card) throw new AppError('withdrawals.card_unknown')
      return {
        details: {
          card_last4: card.lastFour,
          card_label: card.label,
          [SAVED_CARD_FIELD]: card.profileId,
          [CARD_TOKEN_FIELD]: card.token,
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
