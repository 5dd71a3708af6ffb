import { useTranslation } from 'react-i18next'
import { TextField } from '#app/components/ui/text-field.tsx'

interface Props {
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  hint?: string | undefined
}

/** The account password, asked again to confirm a security change (sent as `password`). */
export function CurrentPasswordField({ value, onChange, error, hint }: Props) {
  const { t } = useTranslation()
  return (
    <TextField
      label={t('account.security.current_password')}
      name="password"
      type="password"
      autoComplete="current-password"
      required
      maxLength={256}
      value={value}
      error={error}
      hint={hint}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}
