import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { TextField } from '#app/components/ui/text-field.tsx'
import type { PaymentInfo } from '#server/modules/payments/payments.contract.ts'

export type MethodField = PaymentInfo['methodFields'][number]
export type FieldValues = Record<string, string>

/**
 * The fields typed into our own form. A card is never one of them: the card provider's hosted
 * fields take it (`hosted_card`), and a payout names a saved card (`saved_card`); the dialogs
 * draw those themselves.
 */
export const isTypedField = (field: MethodField) => field.type === 'text' || field.type === 'iban'

/** What a typed value becomes: upper case and grouped for an IBAN. */
export function normaliseFieldValue(field: MethodField, typed: string): string {
  if (field.type === 'iban') {
    const compact = typed.replace(/[^A-Za-z0-9]/g, '').toUpperCase()
    return compact.replace(/(.{4})(?=.)/g, '$1 ').slice(0, field.maxLength)
  }
  return typed.slice(0, field.maxLength)
}

/**
 * Checks the typed fields before anything is sent (the server checks again): required and the
 * method's pattern; a saved card must be picked. Messages are the player's language.
 */
export function validateMethodFields(
  fields: readonly MethodField[],
  values: FieldValues,
  t: TFunction,
): FieldValues {
  const errors: FieldValues = {}
  for (const field of fields) {
    if (field.type === 'hosted_card') continue
    const value = (values[field.name] ?? '').trim()
    if (value === '') {
      if (field.required) errors[field.name] = t('cashier.errors.required')
      continue
    }
    if (field.pattern && !new RegExp(field.pattern).test(value)) {
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

/** A method's typed fields (`methodFields`): holder, IBAN, wallet address… */
export function MethodFields({ fields, values, errors, onChange, isFirstFieldFocused }: Props) {
  const { t } = useTranslation()
  const isBankAccount = fields.some((field) => field.type === 'iban')
  return (
    <div className="flex flex-col gap-4">
      {fields.filter(isTypedField).map((field, index) => (
        <TextField
          key={field.name}
          label={fieldLabel(t, field.name, isBankAccount)}
          name={field.name}
          value={values[field.name] ?? ''}
          required={field.required}
          autoFocus={isFirstFieldFocused === true && index === 0}
          autoComplete="off"
          // An account number reads left to right in every script.
          dir={field.type === 'iban' ? 'ltr' : undefined}
          spellCheck={false}
          maxLength={field.maxLength}
          error={errors[field.name]}
          onChange={(event) => onChange(field.name, normaliseFieldValue(field, event.target.value))}
        />
      ))}
    </div>
  )
}
