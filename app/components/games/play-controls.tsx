import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { asCurrency, parseStakeText } from '#app/lib/fairness-play.ts'
import { minorToDecimal } from '#common/format-money.ts'
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

const PLAY_TONES = {
  gold: 'from-gold-soft to-gold-strong text-on-gold shadow-gold/25',
  // A cash-out stands apart from the gold bet button it replaces.
  cash: 'from-emerald-400 to-emerald-600 text-white shadow-emerald-500/25',
} as const

/**
 * The big button that plays (spin, roll, start, bet, cash out): one look on every game screen.
 * `layout` replaces the full width when the button shares a row.
 */
export function PlayButton({
  children,
  onClick,
  type = 'button',
  disabled,
  testId,
  isBusy,
  tone = 'gold',
  layout = 'w-full',
}: {
  children: ReactNode
  onClick?: () => void
  type?: 'button' | 'submit'
  disabled?: boolean
  testId?: string
  /** Said while the round it started is still playing out. */
  isBusy?: boolean
  tone?: keyof typeof PLAY_TONES
  layout?: string
}) {
  return (
    <button
      type={type}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
      aria-busy={isBusy || undefined}
      className={`${layout} min-h-14 rounded-xl bg-gradient-to-b px-5 text-lg font-extrabold tracking-wide uppercase shadow-lg transition hover:brightness-105 active:scale-[0.98] disabled:cursor-not-allowed disabled:opacity-60 ${PLAY_TONES[tone]}`}
    >
      {children}
    </button>
  )
}

const CHIP_COLOURS = ['bg-[#4a5568]', 'bg-[#c8102e]', 'bg-[#2563eb]', 'bg-[#0b6b3d]', 'bg-[#111]']

/**
 * The roulette chips (the Original and the live table): one is picked, and each tap on the table
 * puts it down. The face shows the bare amount; a crypto amount is long, so its chip grows into
 * a pill rather than shrinking the digits past reading.
 */
export function ChipPicker({
  chips,
  value,
  onChange,
  money,
}: {
  chips: readonly bigint[]
  value: bigint
  onChange: (chip: bigint) => void
  money: (minor: bigint) => string
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-xs font-semibold tracking-wide text-ink-muted uppercase">
        {t('roulette.chip')}
      </legend>
      <div className="flex flex-wrap gap-2">
        {chips.map((chip, index) => {
          const face = money(chip)
            .replace(/[^\d.,]/g, '')
            .replace(/[.,]0+$/, '')
          return (
            <button
              key={chip.toString()}
              type="button"
              aria-pressed={value === chip}
              aria-label={money(chip)}
              onClick={() => onChange(chip)}
              className={`flex h-11 min-w-11 shrink-0 items-center justify-center rounded-full border-4 border-dashed border-white/70 px-1 text-[10px] font-black text-white tabular-nums shadow transition ${
                CHIP_COLOURS[index % CHIP_COLOURS.length] ?? ''
              } ${value === chip ? 'scale-110 ring-2 ring-gold' : 'hover:scale-105'}`}
            >
              {face}
            </button>
          )
        })}
      </div>
    </fieldset>
  )
}
