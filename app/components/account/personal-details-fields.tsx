import { useMemo, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { CountrySelect } from '#app/components/ui/country-select.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { listCountries } from '#app/lib/countries.ts'
import type { PersonalDetails } from '#app/state/user-store.ts'
import { PhoneField } from './phone-field.tsx'

interface Props {
  details: PersonalDetails
  errors: Partial<Record<string, string>>
  onChange: (name: keyof PersonalDetails, value: string) => void
  localeTag: string
  /** Sign-up's second step starts here; the profile form does not. */
  isFirstFieldFocused?: boolean
  /** An approved identity document fixed name, birth date and country: shown, not editable. */
  isIdentityLocked?: boolean
}

/** How a field the player cannot change looks (as the profile's e-mail address). */
const LOCKED_CLASS = '[&_input]:border-dashed [&_input]:bg-surface-sunken [&_input]:text-ink-muted'

/** Name, birth date, country, address and phone: sign-up's second step and the Profile tab. */
export function PersonalDetailsFields({
  details,
  errors,
  onChange,
  localeTag,
  isFirstFieldFocused = false,
  isIdentityLocked = false,
}: Props) {
  const { t } = useTranslation()
  const country = useMemo(
    () => listCountries(localeTag).find((entry) => entry.code === details.country),
    [localeTag, details.country],
  )
  const text = (name: Exclude<keyof PersonalDetails, 'country' | 'phone'>) => ({
    name,
    value: details[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(name, event.target.value),
  })
  const locked = isIdentityLocked
    ? { readOnly: true, className: LOCKED_CLASS, hint: t('account.profile.identity_locked_hint') }
    : {}
  return (
    <>
      <div className="grid grid-cols-1 gap-4 xsm:grid-cols-2">
        <TextField
          label={t('account.fields.first_name')}
          autoComplete="given-name"
          required
          maxLength={100}
          autoFocus={isFirstFieldFocused}
          {...text('first_name')}
          {...locked}
        />
        <TextField
          label={t('account.fields.last_name')}
          autoComplete="family-name"
          required
          maxLength={100}
          {...text('last_name')}
          {...locked}
        />
        <TextField
          label={t('account.profile.birth_date')}
          type="date"
          autoComplete="bday"
          required
          hint={t('account.profile.birth_date_hint')}
          {...text('birth_date')}
          {...locked}
        />
        <CountrySelect
          label={t('account.profile.country')}
          name="country"
          value={details.country}
          localeTag={localeTag}
          placeholder={t('account.profile.choose_country')}
          error={errors.country}
          onChange={(code) => onChange('country', code)}
          isDisabled={isIdentityLocked}
        />
        <TextField
          label={t('account.profile.city')}
          autoComplete="address-level2"
          required
          maxLength={100}
          {...text('city')}
        />
        <TextField
          label={t('account.profile.post_code')}
          autoComplete="postal-code"
          required
          maxLength={20}
          {...text('post_code')}
        />
      </div>
      <TextField
        label={t('account.profile.address')}
        autoComplete="street-address"
        required
        maxLength={200}
        {...text('address')}
      />
      <PhoneField
        label={t('account.profile.phone')}
        country={country}
        value={details.phone}
        onChange={(value) => onChange('phone', value)}
        error={errors.phone}
        hint={t('account.profile.phone_hint')}
      />
    </>
  )
}
