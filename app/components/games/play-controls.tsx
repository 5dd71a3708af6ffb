import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { asCurrency, parseStakeText } from '#app/lib/fairness-play.ts'
import { minorToDecimal } from '#app/lib/format-money.ts'
import { defaultStake, stepStake, type StakeRange } from '#app/lib/stake-steps.ts'

/**
 * A game's stake as the text the player types (never a float) and its minor units; it starts at
 * the range's default stake and starts over when the current wallet's currency changes, since an
 * amount typed in euros means nothing in bitcoin.
 */
export function useStake(currency: string, range: StakeRange) {
  const defaultText = () => minorToDecimal(defaultStake(range), asCurrency(currency))
  const [text, setText] = useState(defaultText)
  const [textCurrency, setTextCurrency] = useState(currency)
  if (textCurrency !== currency) {
    // Adjusting state while rendering (React's "storing information from previous renders"):
    // the field never shows the old currency's amount for a frame.
    setTextCurrency(currency)
    setText(defaultText())
  }
  return { text, setText, minor: parseStakeText(text, currency) }
}

/** The stake field every game screen shares: the amount, then ½ and 2× within the range. */
export function StakeField({
  currency,
  range,
  value,
  onChange,
  disabled,
}: {
  currency: string
  range: StakeRange
  value: string
  onChange: (value: string) => void
  disabled?: boolean
}) {
  const { t } = useTranslation()
  const minor = parseStakeText(value, currency)
  const scale = (step: 'half' | 'double') => {
    // An unreadable amount steps from the default rather than doing nothing.
    const next = stepStake(minor ?? defaultStake(range), step, range)
    onChange(minorToDecimal(next, asCurrency(currency)))
  }
  const buttonClass =
    'min-h-11 min-w-11 rounded-xl border border-line bg-surface-sunken text-sm font-bold text-ink-muted hover:text-ink disabled:opacity-60'
  return (
    <label className="block">
      <span className="mb-2 block text-xs font-semibold tracking-wide text-ink-muted uppercase">
        {t('game_ui.stake')} ({currency})
      </span>
      <span className="flex gap-1">
        <input
          inputMode="decimal"
          autoComplete="off"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={minor === undefined}
          // Digits and the dot read left to right in every locale, as the amount is typed.
          dir="ltr"
          data-testid="stake-input"
          className="min-h-11 w-full min-w-0 rounded-xl border border-line bg-surface-sunken px-3 text-base font-bold text-ink tabular-nums focus:border-gold focus:outline-none disabled:opacity-60 aria-[invalid=true]:border-danger"
        />
        <button
          type="button"
          disabled={disabled}
          onClick={() => scale('half')}
          aria-label={t('game_ui.half')}
          className={buttonClass}
        >
          ½
        </button>
        <button
          type="button"
          disabled={disabled}
          onClick={() => scale('double')}
          aria-label={t('game_ui.double')}
          className={buttonClass}
        >
          2×
        </button>
      </span>
    </label>
  )
}
