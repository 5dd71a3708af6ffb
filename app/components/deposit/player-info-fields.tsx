import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { PhoneField } from '#app/components/account/phone-field.tsx'
import { CountrySelect } from '#app/components/ui/country-select.tsx'
import { TextField } from '#app/components/ui/text-field.tsx'
import { listCountries } from '#app/lib/countries.ts'
import type { FieldValues } from './method-fields.tsx'

/** Each profile field a method may ask for: its label key and how it is typed. */
const PLAYER_FIELDS: Record<
  string,
  { label: string; autoComplete: string; type?: string; maxLength?: number }
> = {
  first_name: { label: 'account.fields.first_name', autoComplete: 'given-name', maxLength: 100 },
  last_name: { label: 'account.fields.last_name', autoComplete: 'family-name', maxLength: 100 },
  birth_date: { label: 'account.profile.birth_date', autoComplete: 'bday', type: 'date' },
  country: { label: 'account.profile.country', autoComplete: 'country' },
  city: { label: 'account.profile.city', autoComplete: 'address-level2', maxLength: 100 },
  address: { label: 'account.profile.address', autoComplete: 'street-address', maxLength: 200 },
  post_code: { label: 'account.profile.post_code', autoComplete: 'postal-code', maxLength: 20 },
  phone: { label: 'account.profile.phone', autoComplete: 'tel' },
}

interface Props {
  /** `playerFields`: the profile fields the method needs and the profile lacks. */
  names: readonly string[]
  values: FieldValues
  errors: FieldValues
  onChange: (name: string, value: string) => void
  localeTag: string
}

/** Step 3: only the profile fields the method needs; saved to the profile like the Profile tab. */
export function PlayerInfoFields({ names, values, errors, onChange, localeTag }: Props) {
  const { t } = useTranslation()
  const country = useMemo(
    () => listCountries(localeTag).find((entry) => entry.code === values.country),
    [localeTag, values.country],
  )
  return (
    <div className="grid grid-cols-1 gap-4 xsm:grid-cols-2">
      {names.map((name, index) => {
        const spec = PLAYER_FIELDS[name]
        const label = spec ? t(spec.label) : name
        const wide = name === 'address' || name === 'phone' ? 'xsm:col-span-2' : ''
        if (name === 'country') {
          return (
            <div key={name} className={wide}>
              <CountrySelect
                label={label}
                name={name}
                value={values[name] ?? ''}
                localeTag={localeTag}
                placeholder={t('account.profile.choose_country')}
                error={errors[name]}
                onChange={(code) => onChange(name, code)}
              />
            </div>
          )
        }
        if (name === 'phone') {
          return (
            <div key={name} className={wide}>
              <PhoneField
                label={label}
                country={country}
                value={values[name] ?? ''}
                error={errors[name]}
                onChange={(value) => onChange(name, value)}
              />
            </div>
          )
        }
        return (
          <TextField
            key={name}
            label={label}
            name={name}
            type={spec?.type ?? 'text'}
            autoComplete={spec?.autoComplete}
            autoFocus={index === 0}
            required
            maxLength={spec?.maxLength}
            value={values[name] ?? ''}
            error={errors[name]}
            onChange={(event) => onChange(name, event.target.value)}
            className={wide}
          />
        )
      })}
    </div>
  )
}
