import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { TextField } from '#app/components/ui/text-field.tsx'
import { applyMask, INPUT_MASKS } from '#app/lib/format/input-mask.ts'
import type { PaymentInfo } from '#server/modules/payments/payments.contract.ts'
import { cardBrand, expiryProblem, isLuhnValid } from './card-rules.ts'

export type MethodField = PaymentInfo['methodFields'][number]
export type FieldValues = Record<string, string>

/** Masks by field type: spaces and the slash appear as the player types. */
const MASKS: Partial<Record<MethodField['type'], string>> = {
  card_number: INPUT_MASKS.cardNumber,
  expiry: INPUT_MASKS.cardExpiry,
  cvc: '9999',
}

const AUTOCOMPLETE: Partial<Record<string, string>> = {
  card_number: 'cc-number',
  expiry: 'cc-exp',
  cvc: 'cc-csc',
  holder: 'cc-name',
}

/** What a typed value becomes: masked for card fields, upper case and grouped for an IBAN. */
export function normaliseFieldValue(field: MethodField, typed: string): string {
  const mask = MASKS[field.type]
  if (mask) return applyMask(typed, mask)
  if (field.type === 'iban') {
    const compact = typed.replace(/[^A-Za-z0-9]/g, '').toUpperCase()
    return compact.replace(/(.{4})(?=.)/g, '$1 ').slice(0, field.maxLength)
  }
  return typed.slice(0, field.maxLength)
}

/**
 * Checks the fields before anything is sent (the server checks again): required, the method's
 * pattern, the Luhn digit of a card number and an expiry not in the past. Messages are the
 * player's language.
 */
export function validateMethodFields(
  fields: readonly MethodField[],
  values: FieldValues,
  t: TFunction,
  now = new Date(),
): FieldValues {
  const errors: FieldValues = {}
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim()
    if (value === '') {
      if (field.required) errors[field.name] = t('cashier.errors.required')
      continue
    }
    if (field.type === 'card_number' && !isLuhnValid(value)) {
      errors[field.name] = t('cashier.errors.card_number')
    } else if (field.type === 'expiry') {
      const problem = expiryProblem(value, now)
      if (problem) errors[field.name] = t(`cashier.errors.expiry_${problem}`)
    } else if (field.type === 'cvc' && !/^\d{3,4}$/.test(value)) {
      errors[field.name] = t('cashier.errors.cvc')
    } else if (field.pattern && !new RegExp(field.pattern).test(value)) {
      errors[field.name] = t('cashier.errors.pattern')
    }
  }
  return errors
}

/**
 * The field's label: `payments.fields.<name>` in the catalogue, its name when none. Beside an
 * IBAN the holder is the account's, not a card's.
 */
export function fieldLabel(t: TFunction, name: string, isBankAccount = false): string {
  const key = isBankAccount && name === 'holder' ? 'account_holder' : name
  return t(`payments.fields.${key}`, { defaultValue: name })
}

interface Props {
  fields: readonly MethodField[]
  values: FieldValues
  errors: FieldValues
  onChange: (name: string, value: string) => void
  /** The first field takes focus when the step opens. */
  isFirstFieldFocused?: boolean
}

/** A method's fields (spec §3 `methodFields`): card number, expiry MM/YY, CVC, holder, IBAN… */
export function MethodFields({ fields, values, errors, onChange, isFirstFieldFocused }: Props) {
  const { t } = useTranslation()
  const isBankAccount = fields.some((field) => field.type === 'iban')
  const isCardRow = (field: MethodField) => field.type === 'expiry' || field.type === 'cvc'
  const rowFields = fields.filter(isCardRow)
  const render = (field: MethodField, index: number) => {
    const value = values[field.name] ?? ''
    const brand = field.type === 'card_number' ? cardBrand(value) : null
    const isNumeric = field.type === 'card_number' || isCardRow(field)
    return (
      <TextField
        key={field.name}
        label={fieldLabel(t, field.name, isBankAccount)}
        name={field.name}
        value={value}
        required={field.required}
        autoFocus={isFirstFieldFocused === true && index === 0}
        autoComplete={AUTOCOMPLETE[field.name] ?? 'off'}
        inputMode={isNumeric ? 'numeric' : undefined}
        // Card data reads left to right in every script.
        dir={isNumeric || field.type === 'iban' ? 'ltr' : undefined}
        spellCheck={false}
        placeholder={field.type === 'expiry' ? t('cashier.expiry_placeholder') : undefined}
        maxLength={MASKS[field.type]?.length ?? field.maxLength}
        error={errors[field.name]}
        hint={brand ? t(`cashier.card_brand.${brand}`) : undefined}
        onChange={(event) => onChange(field.name, normaliseFieldValue(field, event.target.value))}
        className={isNumeric ? '[&_input]:tabular-nums' : ''}
      />
    )
  }
  let index = 0
  return (
    <div className="flex flex-col gap-4">
      {fields.map((field) => {
        if (isCardRow(field)) {
          // Expiry and CVC share a row; drawn once, at the first of them.
          if (field !== rowFields[0]) return null
          return (
            <div key="card-row" className="grid grid-cols-2 gap-3">
              {rowFields.map((rowField) => render(rowField, index++))}
            </div>
          )
        }
        return render(field, index++)
      })}
    </div>
  )
}
