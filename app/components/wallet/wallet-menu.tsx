import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { messageOf } from '#app/components/account/form-errors.ts'
import { formatMoney } from '#common/format-money.ts'
import { CURRENCY_EXPONENTS, isCurrencyCode } from '#common/money.ts'
import { usePopover } from '#app/lib/use-popover.ts'
import { showToast } from '#app/state/toast-store.ts'
import { useUserStore, type WalletEntry } from '#app/state/user-store.ts'
import { DepositWithdrawLinks } from './deposit-withdraw-links.tsx'
import { openWallet, switchWallet } from './wallet-actions.ts'

const ALL_CURRENCIES = Object.keys(CURRENCY_EXPONENTS)

const money = (minor: string | undefined, currency: string, localeTag: string) =>
  isCurrencyCode(currency) ? formatMoney(minor ?? '0', currency, localeTag) : (minor ?? '0')

/**
 * The header's balance (the current wallet, live through `balanceUpdate`) and its menu: every
 * wallet with its balance, switching the current currency, opening another of the 18.
 */
export function WalletMenu({ localeTag }: { localeTag: string }) {
  const { t } = useTranslation()
  const current = useUserStore((state) => state.wallet.current)
  const all = useUserStore((state) => state.wallet.all)
  const { isOpen, setIsOpen, panelId, root, button } = usePopover()
  const [busy, setBusy] = useState<string | null>(null)
  const [toOpen, setToOpen] = useState('')

  if (!current || !isCurrencyCode(current.currency_id)) return null
  const closed = ALL_CURRENCIES.filter((code) => !all.some((entry) => entry.currency_id === code))

  const run = async (key: string, action: () => Promise<void>, done: string) => {
    setBusy(key)
    try {
      await action()
      showToast({ tone: 'success', title: done, autoClose: 'short' })
    } catch (error) {
      showToast({ tone: 'error', title: messageOf(error, t('auth.something_went_wrong')) })
    } finally {
      setBusy(null)
    }
  }

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className="flex items-center gap-1.5 rounded-xl border border-line px-2.5 py-1 text-start hover:border-gold/60"
        data-testid="balance"
      >
        <span className="flex flex-col leading-tight">
          <span className="hidden text-[0.6875rem] text-ink-muted sm:block">
            {t('wallet.balance')}
          </span>
          <span className="text-sm font-bold text-ink tabular-nums" data-testid="balance-amount">
            {formatMoney(current.cents, current.currency_id, localeTag)}
          </span>
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`size-4 fill-none stroke-current stroke-2 text-ink-muted transition-transform max-xs:hidden ${isOpen ? 'rotate-180' : ''}`}
        >
          <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <span className="sr-only">{t('wallet.menu')}</span>
      </button>
      {isOpen ? (
        <div
          id={panelId}
          className="animate-fade-in fixed inset-x-2 top-16 z-40 rounded-2xl border border-line bg-surface-raised p-2 shadow-2xl sm:absolute sm:inset-x-auto sm:end-0 sm:top-12 sm:w-80"
          data-testid="wallet-menu"
        >
          <p className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wider text-ink-muted uppercase">
            {t('wallet.wallets')}
          </p>
          <ul className="flex max-h-72 flex-col overflow-y-auto">
            {all.map((entry) => (
              <li key={entry.currency_id}>
                <WalletRow
                  entry={entry}
                  isCurrent={entry.currency_id === current.currency_id}
                  isBusy={busy === entry.currency_id}
                  localeTag={localeTag}
                  onSwitch={() =>
                    void run(
                      entry.currency_id,
                      () => switchWallet(entry.currency_id),
                      t('wallet.switched', { currency: entry.currency_id }),
                    )
                  }
                />
              </li>
            ))}
          </ul>
          {closed.length > 0 ? (
            <form
              className="mt-1 flex items-end gap-2 border-t border-line px-3 pt-3 pb-2"
              onSubmit={(event) => {
                event.preventDefault()
                const code = toOpen || closed[0]
                if (!code) return
                void run(
                  'open',
                  () => openWallet(code),
                  t('wallet.opened', { currency: code }),
                ).then(() => setToOpen(''))
              }}
            >
              <label className="flex flex-1 flex-col gap-1 text-xs text-ink-muted">
                {t('wallet.open_label')}
                <select
                  value={toOpen || closed[0]}
                  onChange={(event) => setToOpen(event.target.value)}
                  className="min-h-10 rounded-lg border border-line bg-surface px-2 text-sm text-ink"
                >
                  {closed.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="submit"
                disabled={busy === 'open'}
                className="min-h-10 rounded-lg border border-line px-3 text-sm font-semibold text-ink hover:border-gold/60 disabled:opacity-60"
              >
                {t('wallet.open')}
              </button>
            </form>
          ) : null}
          <DepositWithdrawLinks
            onOpen={() => setIsOpen(false)}
            className="mt-1 border-t border-line pt-3 pb-1"
          />
        </div>
      ) : null}
    </div>
  )
}

function WalletRow({
  entry,
  isCurrent,
  isBusy,
  localeTag,
  onSwitch,
}: {
  entry: WalletEntry
  isCurrent: boolean
  isBusy: boolean
  localeTag: string
  onSwitch: () => void
}) {
  const { t } = useTranslation()
  const extras = [
    entry.bonus_cents && entry.bonus_cents !== '0'
      ? t('wallet.bonus_amount', { amount: money(entry.bonus_cents, entry.currency_id, localeTag) })
      : null,
    entry.held_cents && entry.held_cents !== '0'
      ? t('wallet.held_amount', { amount: money(entry.held_cents, entry.currency_id, localeTag) })
      : null,
  ].filter(Boolean)
  return (
    <button
      type="button"
      aria-pressed={isCurrent}
      disabled={isBusy}
      onClick={isCurrent ? undefined : onSwitch}
      className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start hover:bg-line/50 disabled:opacity-60 aria-pressed:bg-gold/10"
    >
      <span className="w-12 text-xs font-bold text-ink-muted">{entry.currency_id}</span>
      <span className="flex flex-1 flex-col items-end">
        <span className="text-sm font-semibold text-ink tabular-nums">
          {money(entry.cents, entry.currency_id, localeTag)}
        </span>
        {extras.length > 0 ? (
          <span className="text-[0.6875rem] text-ink-muted">{extras.join(' · ')}</span>
        ) : null}
      </span>
      <span className="w-4 text-gold" aria-hidden="true">
        {isCurrent ? '✓' : ''}
      </span>
    </button>
  )
}
