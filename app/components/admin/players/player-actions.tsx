import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CURRENCY_CODES } from '#common/money.ts'
import { adminSend } from '#app/components/admin/admin-api.ts'
import { ConfirmDialog } from '#app/components/admin/confirm-dialog.tsx'
import {
  Checkbox,
  Field,
  FormError,
  NumberInput,
  Select,
  SubmitButton,
  TextArea,
  fieldErrors,
} from '#app/components/admin/form.tsx'
import { useOperator } from '#app/components/admin/use-operator.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog } from '#app/components/ui/dialog.tsx'
import type { PlayerOverview } from './types.ts'
import { useFormSubmit } from '#app/components/admin/use-form-submit.ts'

type Open = 'notify' | 'lock' | 'unlock' | 'reset' | 'adjust' | null

/**
 * The actions on a player, each shown only to the roles the server lets make it: notify and
 * lock (support), reset 2FA (kyc), request an adjustment (support, finance).
 */
export function PlayerActions({
  profile,
  onChanged,
  onStatus,
}: {
  profile: PlayerOverview['profile']
  /** A change was made: the page reads the player again. */
  onChanged: () => void
  /** What the change did, for the page's status line. */
  onStatus: (text: string) => void
}) {
  const { t } = useTranslation()
  const { can } = useOperator()
  const [open, setOpen] = useState<Open>(null)
  const close = () => setOpen(null)
  const base = `/admin/api/players/${profile.id}`
  const done = (text: string) => {
    onStatus(text)
    onChanged()
  }

  return (
    <>
      {can('support') ? (
        <Button variant="secondary" onClick={() => setOpen('notify')}>
          {t('admin.players.actions.notify')}
        </Button>
      ) : null}
      {can('support') ? (
        profile.lockedAt ? (
          <Button variant="secondary" onClick={() => setOpen('unlock')}>
            {t('admin.players.actions.unlock')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setOpen('lock')}>
            {t('admin.players.actions.lock')}
          </Button>
        )
      ) : null}
      {can('kyc') && profile.twoFactorOn ? (
        <Button variant="secondary" onClick={() => setOpen('reset')}>
          {t('admin.players.actions.reset_2fa')}
        </Button>
      ) : null}
      {can('support', 'finance') ? (
        <Button variant="secondary" onClick={() => setOpen('adjust')}>
          {t('admin.players.actions.adjust')}
        </Button>
      ) : null}

      {open === 'notify' ? (
        <NotifyDialog
          playerId={profile.id}
          onClosed={close}
          onSent={() => onStatus(t('admin.players.notify.sent'))}
        />
      ) : null}
      {open === 'lock' ? (
        <ConfirmDialog
          id="admin-player-lock"
          title={t('admin.players.lock.title')}
          description={t('admin.players.lock.description')}
          reasonLabel={t('admin.players.lock.reason')}
          confirmLabel={t('admin.players.lock.confirm')}
          onClosed={close}
          onConfirm={async (reason) => {
            const state = await adminSend<{ endedSessions: number }>('POST', `${base}/lock`, {
              reason,
            })
            done(t('admin.players.lock.done', { count: state.endedSessions }))
          }}
        />
      ) : null}
      {open === 'unlock' ? (
        <ConfirmDialog
          id="admin-player-unlock"
          title={t('admin.players.unlock.title')}
          description={t('admin.players.unlock.description')}
          confirmLabel={t('admin.players.unlock.confirm')}
          onClosed={close}
          onConfirm={async () => {
            await adminSend('POST', `${base}/unlock`)
            done(t('admin.players.unlock.done'))
          }}
        />
      ) : null}
      {open === 'reset' ? (
        <ConfirmDialog
          id="admin-player-reset-2fa"
          title={t('admin.players.reset_2fa.title')}
          description={t('admin.players.reset_2fa.description')}
          reasonLabel={t('admin.players.reset_2fa.identity_check')}
          confirmLabel={t('admin.players.reset_2fa.confirm')}
          onClosed={close}
          onConfirm={async (identityCheck) => {
            await adminSend('POST', `${base}/two-factor/reset`, { identityCheck })
            done(t('admin.players.reset_2fa.done'))
          }}
        />
      ) : null}
      {open === 'adjust' ? (
        <AdjustmentDialog
          playerId={profile.id}
          defaultCurrency={profile.currency}
          onClosed={close}
          onRequested={() => done(t('admin.players.adjust.done'))}
        />
      ) : null}
    </>
  )
}

function NotifyDialog({
  playerId,
  onClosed,
  onSent,
}: {
  playerId: string
  onClosed: () => void
  onSent: () => void
}) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [isMarketing, setIsMarketing] = useState(false)
  const { isBusy, error, submit } = useFormSubmit(async () => {
    await adminSend('POST', '/admin/api/notifications', {
      playerId,
      type: 'other',
      text,
      isMarketing,
    })
    onSent()
    onClosed()
  })
  return (
    <Dialog
      id="admin-player-notify"
      title={t('admin.players.notify.title')}
      description={t('admin.players.notify.description')}
      onClosed={onClosed}
    >
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <Field label={t('admin.players.notify.text')} error={fieldErrors(error).text}>
          <TextArea
            required
            maxLength={500}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
        <Checkbox
          label={t('admin.players.notify.marketing')}
          checked={isMarketing}
          onChange={(event) => setIsMarketing(event.target.checked)}
        />
        <FormError error={error} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClosed}>
            {t('admin.actions.cancel')}
          </Button>
          <SubmitButton isBusy={isBusy} disabled={isBusy || !text.trim()}>
            {t('admin.players.notify.send')}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}

function AdjustmentDialog({
  playerId,
  defaultCurrency,
  onClosed,
  onRequested,
}: {
  playerId: string
  defaultCurrency: string
  onClosed: () => void
  onRequested: () => void
}) {
  const { t } = useTranslation()
  const [currency, setCurrency] = useState(defaultCurrency)
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit')
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const { isBusy, error, submit } = useFormSubmit(async () => {
    const digits = amount.trim()
    await adminSend('POST', `/admin/api/players/${playerId}/adjustments`, {
      currency,
      amountMinor: direction === 'debit' ? `-${digits}` : digits,
      reason,
    })
    onRequested()
    onClosed()
  })
  const errors = fieldErrors(error)
  return (
    <Dialog
      id="admin-player-adjust"
      title={t('admin.players.adjust.title')}
      description={t('admin.players.adjust.description')}
      onClosed={onClosed}
    >
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <Field label={t('admin.players.adjust.currency')} error={errors.currency}>
          <Select
            value={currency}
            onChange={(event) => setCurrency(event.target.value)}
            options={CURRENCY_CODES.map((code) => ({ value: code, label: code }))}
          />
        </Field>
        <Field label={t('admin.players.adjust.direction')}>
          <Select
            value={direction}
            onChange={(event) => setDirection(event.target.value as 'credit' | 'debit')}
            options={[
              { value: 'credit', label: t('admin.players.adjust.credit') },
              { value: 'debit', label: t('admin.players.adjust.debit') },
            ]}
          />
        </Field>
        <Field
          label={t('admin.players.adjust.amount')}
          hint={t('admin.players.adjust.amount_hint')}
          error={errors.amountMinor}
        >
          <NumberInput
            required
            pattern="[1-9][0-9]{0,11}"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </Field>
        <Field label={t('admin.players.adjust.reason')} error={errors.reason}>
          <TextArea
            required
            minLength={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </Field>
        <FormError error={error} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClosed}>
            {t('admin.actions.cancel')}
          </Button>
          <SubmitButton isBusy={isBusy}>{t('admin.players.adjust.submit')}</SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
