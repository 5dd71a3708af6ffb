import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { OPERATOR_ROLES, type OperatorRole } from '#common/back-office.ts'
import { adminSend } from '#app/components/admin/admin-api.ts'
import {
  Checkbox,
  Field,
  FormError,
  SubmitButton,
  TextInput,
  fieldErrors,
} from '#app/components/admin/form.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog } from '#app/components/ui/dialog.tsx'
import { useFormSubmit } from '#app/components/admin/use-form-submit.ts'

export interface OperatorAccount {
  id: string
  email: string
  name: string
  roles: OperatorRole[]
  disabledAt: string | null
  createdAt: string
}

export interface CreatedOperator extends OperatorAccount {
  otpauthUrl: string
  totpSecret: string
}

/** A field's message, whether the server named it as the body field or by its path in the body. */
const messageFor = (errors: Record<string, string>, field: string) =>
  errors[field] ??
  Object.entries(errors).find(
    ([key]) => key === `body.${field}` || key.startsWith(`body.${field}.`),
  )?.[1]

function RolesField({
  roles,
  onChange,
  error,
}: {
  roles: OperatorRole[]
  onChange: (roles: OperatorRole[]) => void
  error: string | undefined
}) {
  const { t } = useTranslation()
  const hintId = useId()
  return (
    <fieldset className="flex flex-col gap-1" aria-describedby={hintId}>
      <legend className="text-sm font-medium text-ink">{t('admin.operators.roles')}</legend>
      <p id={hintId} className="text-xs text-ink-muted">
        {t('admin.operators.roles_hint')}
      </p>
      <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
        {OPERATOR_ROLES.map((role) => (
          <Checkbox
            key={role}
            label={t(`admin.roles.${role}`)}
            checked={roles.includes(role)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? OPERATOR_ROLES.filter((known) => known === role || roles.includes(known))
                  : roles.filter((held) => held !== role),
              )
            }
          />
        ))}
      </div>
      {error ? <p className="text-xs text-danger">{error}</p> : null}
    </fieldset>
  )
}

/** Creates an operator; the answer's TOTP secret goes to `onCreated`, to be shown once. */
export function CreateOperatorDialog({
  onCreated,
  onClosed,
}: {
  onCreated: (created: CreatedOperator) => void
  onClosed: () => void
}) {
  const { t } = useTranslation()
  const [values, setValues] = useState({ email: '', name: '', password: '' })
  const [roles, setRoles] = useState<OperatorRole[]>([])

  const { isBusy, error, submit } = useFormSubmit(async () => {
    onCreated(
      await adminSend<CreatedOperator>('POST', '/admin/api/operators', { ...values, roles }),
    )
  })
  const errors = fieldErrors(error)

  return (
    <Dialog
      id="admin-operator-create"
      title={t('admin.operators.create_title')}
      description={t('admin.operators.create_description')}
      onClosed={onClosed}
    >
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('admin.operators.email')} error={messageFor(errors, 'email')}>
          <TextInput
            type="email"
            autoComplete="off"
            required
            value={values.email}
            onChange={(event) => setValues({ ...values, email: event.target.value })}
          />
        </Field>
        <Field label={t('admin.operators.name')} error={messageFor(errors, 'name')}>
          <TextInput
            required
            maxLength={100}
            value={values.name}
            onChange={(event) => setValues({ ...values, name: event.target.value })}
          />
        </Field>
        <RolesField roles={roles} onChange={setRoles} error={messageFor(errors, 'roles')} />
        <Field
          label={t('admin.operators.password')}
          hint={t('admin.operators.password_hint')}
          error={messageFor(errors, 'password')}
        >
          <TextInput
            type="password"
            autoComplete="new-password"
            required
            value={values.password}
            onChange={(event) => setValues({ ...values, password: event.target.value })}
          />
        </Field>
        {Object.keys(errors).length === 0 ? <FormError error={error} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClosed}>
            {t('admin.actions.cancel')}
          </Button>
          <SubmitButton isBusy={isBusy}>{t('admin.operators.create')}</SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}

function CopyValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation()
  const [isCopied, setIsCopied] = useState(false)
  const copy = () => {
    navigator.clipboard
      .writeText(value)
      .then(() => setIsCopied(true))
      .catch(() => setIsCopied(false))
  }
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded-lg border border-line bg-surface p-2 text-xs">
          {value}
        </code>
        <Button type="button" variant="secondary" onClick={copy}>
          {isCopied ? t('admin.operators.copied') : t('admin.operators.copy', { what: label })}
        </Button>
      </div>
    </div>
  )
}

/** The new operator's authenticator secret, shown this once. */
export function CreatedOperatorDialog({
  created,
  onClosed,
}: {
  created: CreatedOperator
  onClosed: () => void
}) {
  const { t } = useTranslation()
  return (
    <Dialog
      id="admin-operator-created"
      title={t('admin.operators.created_title')}
      description={t('admin.operators.created_once')}
      onClosed={onClosed}
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm">{created.email}</p>
        <CopyValue label={t('admin.operators.otpauth_url')} value={created.otpauthUrl} />
        <CopyValue label={t('admin.operators.totp_secret')} value={created.totpSecret} />
        <div className="flex justify-end">
          <Button type="button" onClick={onClosed}>
            {t('admin.operators.done')}
          </Button>
        </div>
      </div>
    </Dialog>
  )
}

/** Renames an operator and sets their roles. */
export function EditOperatorDialog({
  account,
  onSaved,
  onClosed,
}: {
  account: OperatorAccount
  onSaved: () => void
  onClosed: () => void
}) {
  const { t } = useTranslation()
  const [name, setName] = useState(account.name)
  const [roles, setRoles] = useState<OperatorRole[]>(account.roles)

  const { isBusy, error, submit } = useFormSubmit(async () => {
    await adminSend('PUT', `/admin/api/operators/${account.id}`, { name, roles })
    onSaved()
    onClosed()
  })
  const errors = fieldErrors(error)

  return (
    <Dialog
      id="admin-operator-edit"
      title={t('admin.operators.edit_title', { email: account.email })}
      onClosed={onClosed}
    >
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('admin.operators.name')} error={messageFor(errors, 'name')}>
          <TextInput
            required
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <RolesField roles={roles} onChange={setRoles} error={messageFor(errors, 'roles')} />
        {Object.keys(errors).length === 0 ? <FormError error={error} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClosed}>
            {t('admin.actions.cancel')}
          </Button>
          <SubmitButton isBusy={isBusy}>{t('admin.actions.save')}</SubmitButton>
        </div>
      </form>
    </Dialog>
  )
}
