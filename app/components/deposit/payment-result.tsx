import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyButton } from '#app/components/account/copy-button.tsx'
import type { NextAction } from '#server/modules/payments/payments.contract.ts'

type Tone = 'success' | 'danger' | 'pending'

const TONE_RING: Record<Tone, string> = {
  success: 'bg-success/15 text-success',
  danger: 'bg-danger/15 text-danger',
  pending: 'bg-gold/15 text-gold',
}

const TONE_PATH: Record<Tone, string> = {
  success: 'M5 12.5l4.5 4.5L19 7.5',
  danger: 'M7 7l10 10M17 7L7 17',
  pending: 'M12 7v5l3 2',
}

/** A result's headline: a round mark, a title read out when it appears, and its text. */
export function ResultHeading({
  tone,
  title,
  text,
  testId,
}: {
  tone: Tone
  title: string
  text?: string | undefined
  testId: string
}) {
  return (
    <div
      className="flex flex-col items-center gap-3 py-2 text-center"
      role="status"
      data-testid={testId}
    >
      <span
        className={`flex size-14 items-center justify-center rounded-full ${TONE_RING[tone]}`}
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" className="size-7 fill-none stroke-current stroke-[2.2]">
          {tone === 'pending' ? <circle cx="12" cy="12" r="8" /> : null}
          <path d={TONE_PATH[tone]} strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <p className="text-lg font-bold text-ink">{title}</p>
      {text ? <p className="max-w-sm text-sm text-ink-muted">{text}</p> : null}
    </div>
  )
}

/** One labelled value with a copy button (address, IBAN, reference). */
export function CopyRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation()
  return (
    <div className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="text-xs text-ink-muted">{label}</span>
        <span className="font-mono text-sm break-all text-ink" dir="ltr">
          {value}
        </span>
      </div>
      <CopyButton text={value} label={t('cashier.copy')} />
    </div>
  )
}

/** Send-crypto instructions: the QR, the address and the exact amount, then the wait. */
export function CryptoInstructions({
  action,
  children,
}: {
  action: Extract<NextAction, { type: 'send_crypto' }>
  children?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-3" data-testid="send-crypto">
      <p className="text-sm text-ink-muted">
        {t('cashier.crypto.instructions', { currency: action.currency })}
      </p>
      <div className="flex justify-center">
        <img
          src={action.qr}
          alt={t('cashier.crypto.qr_alt', { currency: action.currency })}
          width="176"
          height="176"
          className="size-44 rounded-xl bg-white p-2"
        />
      </div>
      <CopyRow
        label={t('cashier.crypto.amount', { currency: action.currency })}
        value={action.amount}
      />
      <CopyRow
        label={t('cashier.crypto.address', { currency: action.currency })}
        value={action.address}
      />
      <p className="text-xs text-ink-muted">
        {t('cashier.crypto.confirmations', { confirmations: action.confirmations })}
      </p>
      {children}
    </div>
  )
}

/** Bank-transfer instructions: where to pay and the reference that finds the payment. */
export function BankInstructions({
  action,
  amount,
}: {
  action: Extract<NextAction, { type: 'bank_transfer' }>
  /** The amount to transfer, formatted; null when not known here. */
  amount: string | null
}) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-3" data-testid="bank-transfer">
      <p className="text-sm text-ink-muted">{t('cashier.bank.instructions')}</p>
      {amount ? (
        <p className="flex items-baseline justify-between gap-3 rounded-xl border border-gold/40 bg-gold/10 p-3">
          <span className="text-sm text-ink">{t('cashier.bank.amount')}</span>
          <span className="text-lg font-bold text-ink tabular-nums" dir="ltr">
            {amount}
          </span>
        </p>
      ) : null}
      <CopyRow label={t('cashier.bank.beneficiary')} value={action.beneficiary} />
      <CopyRow label={t('cashier.bank.iban')} value={action.iban} />
      <CopyRow label={t('cashier.bank.bic')} value={action.bic} />
      <CopyRow label={t('cashier.bank.reference')} value={action.reference} />
      <p className="text-xs text-ink-muted">{t('cashier.bank.reference_hint')}</p>
    </div>
  )
}

/** A quiet line that says the page is waiting, with a spinner that stops for reduced motion. */
export function Waiting({ text }: { text: string }) {
  return (
    <p
      className="flex items-center justify-center gap-2 rounded-xl border border-gold/40 bg-gold/10 p-3 text-sm font-semibold text-ink"
      role="status"
      data-testid="waiting"
    >
      <span
        aria-hidden="true"
        className="size-4 animate-spin rounded-full border-2 border-gold border-t-transparent motion-reduce:animate-none"
      />
      {text}
    </p>
  )
}
