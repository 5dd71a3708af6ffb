import { TextField } from '#app/components/ui/text-field.tsx'
import { INPUT_MASKS, applyMask, maskedValueIsComplete } from '#app/lib/format/input-mask.ts'

interface Props {
  label: string
  name: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  hint?: string | undefined
  autoFocus?: boolean
  /** Also takes a recovery code (`xxxx-xxxx`, letters and digits) instead of six digits. */
  acceptsRecoveryCode?: boolean
}

const RECOVERY_CODE = /^[0-9a-z]{4}-?[0-9a-z]{4}$/i
const RECOVERY_CODE_LENGTH = 9

/** Whether a code typed into CodeField is complete: six digits, or a whole recovery code. */
export const isCompleteCode = (value: string, acceptsRecoveryCode = false) =>
  maskedValueIsComplete(value, INPUT_MASKS.otp) ||
  (acceptsRecoveryCode && RECOVERY_CODE.test(value))

function clean(raw: string, acceptsRecoveryCode: boolean): string {
  // A letter means a recovery code: keep its characters as typed, only without spaces.
  if (acceptsRecoveryCode && /[a-z]/i.test(raw)) {
    return raw.replace(/[^0-9a-z-]/gi, '').slice(0, RECOVERY_CODE_LENGTH)
  }
  return applyMask(raw, INPUT_MASKS.otp)
}

/**
 * A six-digit one-time code (authenticator app or SMS): digits only, and a code pasted with spaces
 * is cleaned by the mask rather than cut short by a length limit.
 */
export function CodeField({ onChange, acceptsRecoveryCode = false, ...props }: Props) {
  return (
    <TextField
      {...props}
      type="text"
      inputMode={acceptsRecoveryCode ? 'text' : 'numeric'}
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      required
      dir="ltr"
      className="[&_input]:max-w-56"
      onChange={(event) => onChange(clean(event.target.value, acceptsRecoveryCode))}
    />
  )
}
