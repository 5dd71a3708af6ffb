import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { formatMoney } from '#common/format-money.ts'
import type { CurrencyCode } from '#common/money.ts'
import { AmountStep } from './amount-step.tsx'
import { parseAmount } from './card-rules.ts'
import { MethodFields } from './method-fields.tsx'
import { PlayerInfoFields } from './player-info-fields.tsx'
import { ProviderFrame } from './provider-frame.tsx'
import { SavedAccounts } from './saved-accounts.tsx'
import type { DepositFlow } from './use-deposit-flow.ts'
import type { PaymentInfo } from './use-payment-methods.ts'

/** Steps 2 to 5 of a chosen method: amount, player info, saved accounts, the method's fields. */
export function DepositStepForm({
  flow,
  method,
  currency,
}: {
  flow: DepositFlow
  method: PaymentInfo
  currency: CurrencyCode
}) {
  const { t } = useTranslation()
  const { step, errors, localeTag, savedProfileId, askedFields } = flow
  return (
    <form
      ref={flow.form}
      noValidate
      onSubmit={(event) => void flow.onStepSubmit(event)}
      className="flex flex-col gap-5"
      data-testid={`deposit-step-${String(step)}`}
    >
      <MethodSummary method={method} />
      {step === 2 ? (
        <AmountStep
          method={method}
          currency={currency}
          value={flow.amount.text}
          onChange={flow.amount.change}
          error={errors.amount}
          limitNote={errors.amount ? null : flow.amount.note}
          localeTag={localeTag}
          bonus={flow.bonus}
          termsHref={`/${flow.locale}/bonus-terms/`}
        />
      ) : step === 3 ? (
        <>
          <p className="text-sm text-ink-muted">{t('cashier.player_info_intro')}</p>
          <PlayerInfoFields
            names={method.playerFields}
            values={flow.playerValues}
            errors={errors}
            localeTag={localeTag}
            onChange={flow.changePlayerValue}
          />
        </>
      ) : step === 4 ? (
        <SavedAccounts
          profiles={method.savedProfiles}
          selectedId={savedProfileId}
          onSelect={flow.selectSavedProfile}
        />
      ) : (
        <>
          {savedProfileId !== null && askedFields.length === 0 ? (
            <p className="text-sm text-ink" data-testid="saved-pays">
              {t('cashier.saved_pays', {
                account:
                  method.savedProfiles.find((profile) => profile.id === savedProfileId)?.label ??
                  '',
              })}
            </p>
          ) : null}
          {askedFields.map((field) =>
            field.type === 'hosted_card' && field.url ? (
              <ProviderFrame
                key={field.name}
                ref={flow.cardFrame}
                url={field.url}
                locale={flow.locale}
                title={t('cashier.card_form.title')}
                onSubmit={() => flow.form.current?.requestSubmit()}
                testId="card-fields"
              />
            ) : null,
          )}
          <MethodFields
            fields={askedFields}
            values={flow.methodValues}
            errors={errors}
            isFirstFieldFocused
            onChange={flow.changeMethodValue}
          />
        </>
      )}
      {flow.formError ? (
        <p
          role="alert"
          className="rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm text-danger"
        >
          {flow.formError}
        </p>
      ) : null}
      <div className="flex gap-3">
        <Button type="button" variant="secondary" onClick={flow.goBack}>
          {t('cashier.back')}
        </Button>
        <Button type="submit" isBusy={flow.isBusy} className="flex-1" data-testid="deposit-next">
          {flow.isLastStep
            ? t('cashier.pay', {
                amount: formatTyped(flow.amount.text, currency, localeTag) ?? '',
              })
            : t('cashier.continue')}
        </Button>
      </div>
    </form>
  )
}

/** The typed amount formatted, or null while it does not parse. */
function formatTyped(text: string, currency: CurrencyCode, localeTag: string): string | null {
  const parsed = parseAmount(text, currency)
  return 'minor' in parsed ? formatMoney(parsed.minor, currency, localeTag) : null
}

/** The chosen method in a line above the form, so each step says what it pays with. */
function MethodSummary({ method }: { method: PaymentInfo }) {
  const { t } = useTranslation()
  return (
    <div className="flex items-center gap-3 rounded-xl border border-line bg-surface px-3 py-2">
      <img
        src={method.imageUrl}
        alt=""
        width="40"
        height="28"
        className="h-7 w-10 object-contain"
      />
      <span className="flex-1 text-sm font-semibold text-ink">{method.name}</span>
      <span className="sr-only">{t('cashier.paying_with', { method: method.name })}</span>
    </div>
  )
}
