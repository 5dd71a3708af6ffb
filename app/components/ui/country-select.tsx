import { useId, useMemo } from 'react'
import { listCountries, type Country } from '#app/lib/countries.ts'

interface Props {
  label: string
  name: string
  value: string
  onChange: (code: string) => void
  localeTag: string
  error?: string | undefined
  /** Codes offered first is not needed; codes to leave out (blocked countries). */
  excluded?: readonly string[]
  placeholder: string
  /** Shown but not changeable (a country an approved document confirmed). */
  isDisabled?: boolean
}

/** A country picker named in the player's language, with the chosen country's flag. */
export function CountrySelect({
  label,
  name,
  value,
  onChange,
  localeTag,
  error,
  excluded = [],
  placeholder,
  isDisabled = false,
}: Props) {
  const id = useId()
  const list = useMemo(
    () => listCountries(localeTag).filter((country) => !excluded.includes(country.code)),
    [localeTag, excluded],
  )
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        {value ? (
          <img
            src={list.find((country) => country.code === value)?.flag}
            alt=""
            width="20"
            height="15"
            className="pointer-events-none absolute start-3.5 top-1/2 h-[15px] w-5 -translate-y-1/2 rounded-sm"
          />
        ) : null}
        <select
          id={id}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={isDisabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`min-h-11 w-full rounded-xl border border-line bg-surface pe-3.5 text-base text-ink focus:border-gold focus:outline-none disabled:border-dashed disabled:bg-surface-sunken disabled:text-ink-muted aria-invalid:border-danger ${value ? 'ps-11' : 'ps-3.5'}`}
        >
          <option value="">{placeholder}</option>
          {list.map((country: Country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}
