import { describe, expect, it } from 'vitest'
import { AppError } from '#server/lib/errors.ts'
import { checkWithdrawalFields, isValidIban, lastFourOf } from './withdrawals-fields.ts'
import type { MethodField } from './payments.tables.ts'

const BANK_FIELDS: MethodField[] = [
  {
    name: 'iban',
    type: 'iban',
    required: true,
    pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9 ]{10,36}$',
    maxLength: 42,
  },
  { name: 'holder', type: 'text', required: true, maxLength: 100 },
]
const CRYPTO_FIELDS: MethodField[] = [
  {
    name: 'address',
    type: 'text',
    required: true,
    pattern: '^[A-Za-z0-9:]{20,100}$',
    maxLength: 100,
  },
]

const codeOf = (work: () => unknown) => {
  try {
    work()
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, params: error.params }
    throw error
  }
  return undefined
}

describe('isValidIban', () => {
  it.each([
    'DE89370400440532013000',
    'de89 3704 0044 0532 0130 00',
    'FI2112345600000785',
    'NO9386011117947',
    'GB82WEST12345698765432',
    'PL61109010140000071219812874',
  ])('accepts %s', (iban) => {
    expect(isValidIban(iban)).toBe(true)
  })

  it.each([
    'DE89370400440532013001',
    'DE00370400440532013000',
    'XX',
    '1234567890123456',
    'FI21 1234 5600 0007 86',
  ])('refuses %s', (iban) => {
    expect(isValidIban(iban)).toBe(false)
  })
})

describe('lastFourOf', () => {
  it('reads the last four digits from the fields, else from the label', () => {
    expect(lastFourOf({ last4: '4242' })).toBe('4242')
    expect(lastFourOf({ card_last_four: '0002' })).toBe('0002')
    expect(lastFourOf({ holder: 'R T' }, 'Visa •••• 3184')).toBe('3184')
    expect(lastFourOf({ holder: 'R T' }, 'Visa')).toBeUndefined()
  })
})

describe('checkWithdrawalFields', () => {
  const cards = [
    { profileId: 'p-1', lastFour: '4242', label: 'Visa •••• 4242', token: 'pm_player_visa' },
  ]

  it('pays to a saved card the player deposited with, by its token', () => {
    expect(
      checkWithdrawalFields('sandbox_card', [], { saved_profile_id: 'p-1' }, cards).details,
    ).toEqual({
      card_last4: '4242',
      card_label: 'Visa •••• 4242',
      saved_profile_id: 'p-1',
      card_token: 'pm_player_visa',
    })
  })

  it('refuses a card the player never paid with, a missing card and any card number or CVC', () => {
    expect(
      codeOf(() => checkWithdrawalFields('sandbox_card', [], { saved_profile_id: 'p-2' }, cards)),
    ).toMatchObject({ code: 'withdrawals.card_unknown' })
    // The last four digits no longer name a card: another card can share them.
    expect(
      codeOf(() => checkWithdrawalFields('sandbox_card', [], { card_last4: '4242' }, cards)),
    ).toMatchObject({ code: 'withdrawals.field_invalid' })
    expect(codeOf(() => checkWithdrawalFields('sandbox_card', [], {}, cards))).toMatchObject({
      code: 'withdrawals.field_invalid',
    })
    const attempts: Record<string, string>[] = [
      { saved_profile_id: 'p-1', cvc: '123' },
      { card_number: '4242 4242 4242 4242' },
    ]
    for (const fields of attempts) {
      expect(codeOf(() => checkWithdrawalFields('sandbox_card', [], fields, cards))).toMatchObject({
        code: 'payments.card_data_refused',
      })
    }
  })

  it('checks the IBAN checksum and the holder for a bank transfer', () => {
    expect(
      checkWithdrawalFields(
        'sandbox_bank',
        BANK_FIELDS,
        {
          iban: 'de89 3704 0044 0532 0130 00',
          holder: ' Robin Tester ',
        },
        [],
      ).details,
    ).toEqual({ iban: 'DE89370400440532013000', holder: 'Robin Tester' })
    expect(
      codeOf(() =>
        checkWithdrawalFields(
          'sandbox_bank',
          BANK_FIELDS,
          {
            iban: 'DE89370400440532013001',
            holder: 'Robin',
          },
          [],
        ),
      ),
    ).toMatchObject({ code: 'withdrawals.iban_invalid' })
    expect(
      codeOf(() =>
        checkWithdrawalFields('sandbox_bank', BANK_FIELDS, { iban: 'DE89370400440532013000' }, []),
      ),
    ).toEqual({ code: 'withdrawals.field_invalid', params: { field: 'holder' } })
  })

  it("checks a crypto address against the method's pattern", () => {
    const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
    expect(checkWithdrawalFields('sandbox_crypto', CRYPTO_FIELDS, { address }, []).details).toEqual(
      {
        address,
      },
    )
    expect(
      codeOf(() =>
        checkWithdrawalFields('sandbox_crypto', CRYPTO_FIELDS, { address: 'short' }, []),
      ),
    ).toEqual({ code: 'withdrawals.field_invalid', params: { field: 'address' } })
  })
})
