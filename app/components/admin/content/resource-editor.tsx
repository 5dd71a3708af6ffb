import { useEffect, useId, useMemo, useState, type SubmitEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { LOCALE_PREFIXES, LOCALES } from '#common/locales.ts'
import { Button, buttonClassName } from '#app/components/ui/button.tsx'
import { LoadError, Skeleton } from '#app/components/ui/skeleton.tsx'
import { adminGet, adminSend } from '../admin-api.ts'
import { AdminPage } from '../admin-page.tsx'
import { ConfirmDialog } from '../confirm-dialog.tsx'
import { DataTable, type Column } from '../data-table.tsx'
import {
  Checkbox,
  Field,
  FormError,
  NumberInput,
  Select,
  SubmitButton,
  TextArea,
  TextInput,
  fieldErrors,
} from '../form.tsx'
import { Money } from '../money.tsx'
import { StatusBadge } from '../status-badge.tsx'
import {
  listTableProps,
  readStateProps,
  useAdminData,
  useListQuery,
  type AdminData,
} from '../use-admin-data.ts'
import { useOperator } from '../use-operator.ts'
import {
  draftOf,
  errorsByField,
  getPath,
  hasDraft,
  parseDraft,
  setPath,
  textOf,
  textsForWire,
} from './form-values.ts'
import type { ColumnSpec, FieldSpec, ResourceSpec, Row, TextFieldSpec } from './resources.ts'

const itemUrl = (spec: ResourceSpec, id: string) =>
  `/admin/content/${spec.key}/${encodeURIComponent(id)}/`

/** Whether this resource can have new items here, and how they are saved. */
const canCreate = (spec: ResourceSpec) =>
  spec.createPath !== undefined || (spec.mode === 'table' && !spec.updatePath && spec.blank)

/** A whole-table resource saved by replacing the table (loyalty levels, VIP tiers). */
const isReplacedWhole = (spec: ResourceSpec) => spec.mode === 'table' && !spec.updatePath

function Cell({ column, row }: { column: ColumnSpec; row: Row }) {
  const { t } = useTranslation()
  const value = column.value(row)
  if (value === null || value === undefined || value === '') {
    return <span className="text-ink-muted">–</span>
  }
  switch (column.kind) {
    case 'enabled':
      return value === true ? (
        <StatusBadge tone="good">{t('admin.content.state.shown')}</StatusBadge>
      ) : (
        <StatusBadge>{t('admin.content.state.hidden')}</StatusBadge>
      )
    case 'money':
      return <Money minor={textOf(value)} currency={column.key === 'price' ? 'COIN' : 'EUR'} />
    case 'date':
      return <span className="whitespace-nowrap">{formatUtc(textOf(value))}</span>
    case 'number':
    case 'text':
    case undefined:
      return <>{textOf(value)}</>
  }
}

const formatUtc = (iso: string) =>
  `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** The list of one resource: search, sort and pages on the server, a link to each item. */
export function ResourceList({ spec }: { spec: ResourceSpec }) {
  const { t } = useTranslation()
  const { can } = useOperator()
  const list = useListQuery({
    pageSize: 25,
    ...(spec.defaultSort && { sort: spec.defaultSort }),
  })
  const isPaged = spec.mode === 'paged'
  const path = spec.staticRows ? null : spec.listPath
  const read = useAdminData<Record<string, unknown>>(path, isPaged ? list.apiQuery : undefined)
  const rows = spec.staticRows ?? (read.data?.[spec.listKey] as Row[] | undefined)
  const [search, setSearch] = useState(list.query.filters.q ?? '')
  useEffect(() => setSearch(list.query.filters.q ?? ''), [list.query.filters.q])
  const title = t(`admin.content.resources.${spec.titleKey}.title`)

  const columns: Column<Row>[] = [
    ...spec.columns.map((column, index) => ({
      key: column.key,
      header: t(`admin.content.fields.${column.labelKey}`),
      isNumeric: column.kind === 'number' || column.kind === 'money',
      ...(isPaged && column.sortField && { sortField: column.sortField }),
      render: (row: Row) =>
        index === 0 ? (
          <Link
            to={itemUrl(spec, spec.idOf(row))}
            className="font-semibold text-gold underline-offset-2 hover:underline"
          >
            <Cell column={column} row={row} />
          </Link>
        ) : (
          <Cell column={column} row={row} />
        ),
    })),
  ]

  const newLink =
    canCreate(spec) && can(...spec.writeRoles) ? (
      <Link to={itemUrl(spec, 'new')} className={buttonClassName()}>
        {t('admin.content.actions.new')}
      </Link>
    ) : null

  return (
    <AdminPage
      title={title}
      description={t(`admin.content.resources.${spec.descriptionKey}.description`)}
      actions={newLink}
    >
      {isPaged ? (
        <form
          role="search"
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            list.setQuery({ filters: { q: search.trim() } })
          }}
        >
          <Field
            label={t('admin.content.search_label', { what: title })}
            className="min-w-60 flex-1"
          >
            <TextInput
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </Field>
          <Button type="submit" variant="secondary">
            {t('admin.actions.search')}
          </Button>
        </form>
      ) : null}
      <DataTable
        caption={title}
        columns={columns}
        rows={rows}
        getRowKey={spec.idOf}
        {...(isPaged
          ? listTableProps(list, read as AdminData<{ total: number }>)
          : readStateProps(read))}
        emptyText={
          list.query.filters.q
            ? t('admin.content.empty_search')
            : t('admin.content.empty', { what: title })
        }
        emptyAction={newLink}
      />
    </AdminPage>
  )
}

/** One item's form: read (or blank for `new`), edited, validated, saved; withdrawn where it can be. */
export function ResourceItem({ spec, id }: { spec: ResourceSpec; id: string }) {
  const { t } = useTranslation()
  const isNew = id === 'new'
  const path = isNew ? null : spec.itemPath ? spec.itemPath(id) : spec.listPath
  const { data, error, isLoading, reload } = useAdminData<Record<string, unknown>>(path)
  const title = t(`admin.content.resources.${spec.titleKey}.title`)
  // A new item's page opens with its creation confirmed (it is another page, with its own state).
  const location = useLocation()
  const [savedAt, setSavedAt] = useState<Date | null>(() =>
    (location.state as { isCreated?: boolean } | null)?.isCreated ? new Date() : null,
  )

  const item = useMemo<Row | undefined>(() => {
    if (isNew) return spec.blank?.()
    if (!data) return undefined
    if (!spec.itemPath) {
      return (data[spec.listKey] as Row[]).find((row) => spec.idOf(row) === id)
    }
    return spec.itemKey === null || spec.itemKey === undefined ? data : (data[spec.itemKey] as Row)
  }, [data, id, isNew, spec])

  const heading = isNew
    ? t('admin.content.new_title', { what: title })
    : t('admin.content.edit_title', { what: title, id })

  return (
    <AdminPage
      title={heading}
      actions={
        <Link to={`/admin/content/${spec.key}/`} className={buttonClassName('secondary')}>
          {t('admin.content.actions.back', { what: title })}
        </Link>
      }
    >
      {error && !data ? (
        <LoadError
          text={`${t('admin.content.load_failed')} ${error.message}`}
          retryLabel={t('admin.table.retry')}
          onRetry={reload}
        />
      ) : isLoading || (!item && !data) ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : item ? (
        // Keyed by the item's content: what the server answers after a save refills the form.
        <ItemForm
          key={`${spec.key}:${id}:${JSON.stringify(item)}`}
          spec={spec}
          id={id}
          item={item}
          savedAt={savedAt}
          onSaving={() => setSavedAt(null)}
          onSaved={() => {
            setSavedAt(new Date())
            reload()
          }}
        />
      ) : (
        <p role="alert">{t('admin.content.not_found', { what: title, id })}</p>
      )}
    </AdminPage>
  )
}

function ItemForm({
  spec,
  id,
  item,
  savedAt,
  onSaving,
  onSaved,
}: {
  spec: ResourceSpec
  id: string
  item: Row
  savedAt: Date | null
  onSaving: () => void
  onSaved: () => void
}) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const { can } = useOperator()
  const isNew = id === 'new'
  const mayWrite =
    can(...spec.writeRoles) && (isNew || spec.updatePath !== undefined || isReplacedWhole(spec))
  const [body, setBody] = useState<Row>(item)
  const [drafts, setDrafts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      spec.fields
        .filter(hasDraft)
        .map((field) => [field.name, draftOf(field, getPath(item, field.name))]),
    ),
  )
  const [problems, setProblems] = useState<Record<string, string>>({})
  const [error, setError] = useState<unknown>(null)
  const [isBusy, setIsBusy] = useState(false)
  const [isConfirmingRemove, setIsConfirmingRemove] = useState(false)

  const readDrafts = (): Row | null => {
    let next = body
    const found: Record<string, string> = {}
    for (const field of spec.fields) {
      if (field.kind === 'texts') {
        next = setPath(next, field.name, textsForWire(getPath(next, field.name)))
        continue
      }
      if (!hasDraft(field)) continue
      const parsed = parseDraft(field, drafts[field.name] ?? '')
      if (parsed.ok) next = setPath(next, field.name, parsed.value)
      else {
        found[field.name] = [t(`admin.content.errors.${parsed.problem}`), parsed.detail]
          .filter(Boolean)
          .join(' ')
      }
    }
    setProblems(found)
    return Object.keys(found).length === 0 ? next : null
  }

  /** A whole table with this row put in (or taken out), for the calls that replace it. */
  const wholeTable = async (row: Row | null): Promise<Row> => {
    // Read again just before the write: another operator's edit since this page loaded stays.
    const current = (await adminGet<Record<string, Row[]>>(spec.listPath))[spec.listKey] ?? []
    const others = current.filter((entry) => isNew || spec.idOf(entry) !== id)
    const rows = row ? [...others, row] : others
    // Numbered tables (levels, tiers) go in number order; others by name.
    const order = (a: Row, b: Row) => {
      const [left, right] = [spec.idOf(a), spec.idOf(b)]
      return /^\d+$/.test(left) && /^\d+$/.test(right)
        ? Number(left) - Number(right)
        : left.localeCompare(right)
    }
    return { [spec.listKey]: rows.sort(order) }
  }

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    setError(null)
    onSaving()
    const next = readDrafts()
    if (!next) return
    setIsBusy(true)
    try {
      let savedId = id
      if (isReplacedWhole(spec)) {
        await adminSend('PUT', spec.listPath, await wholeTable(next))
        savedId = spec.idOf(next)
      } else if (isNew && spec.createPath) {
        const answer = await adminSend<Record<string, unknown>>('POST', spec.createPath, next)
        const created = spec.itemKey ? (answer[spec.itemKey] as Row) : answer
        savedId = spec.idOf(created)
      } else if (spec.updatePath) {
        await adminSend('PUT', spec.updatePath(id), next)
      }
      if (savedId !== id) {
        await navigate(itemUrl(spec, savedId), { replace: true, state: { isCreated: true } })
      } else onSaved()
    } catch (caught) {
      setError(caught)
      // Some schema checks answer a code (`texts_missing`) rather than words: word those here.
      const worded = Object.fromEntries(
        Object.entries(fieldErrors(caught)).map(([key, message]) => [
          key,
          i18n.exists(`admin.content.errors.${message}`)
            ? t(`admin.content.errors.${message}`)
            : message,
        ]),
      )
      setProblems(errorsByField(spec.fields, worded))
    } finally {
      setIsBusy(false)
    }
  }

  const remove = async () => {
    if (isReplacedWhole(spec)) await adminSend('PUT', spec.listPath, await wholeTable(null))
    else if (spec.removePath) await adminSend('DELETE', spec.removePath(id))
    if (isReplacedWhole(spec)) await navigate(`/admin/content/${spec.key}/`)
    else onSaved()
  }
  const mayRemove =
    can(...spec.writeRoles) && !isNew && (spec.removePath !== undefined || isReplacedWhole(spec))

  const unplaced = problems[''] // errors of no field of the form

  return (
    <>
      <form
        className="flex max-w-4xl flex-col gap-5"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-describedby={mayWrite ? undefined : 'content-read-only'}
      >
        {!mayWrite ? (
          <p
            id="content-read-only"
            className="rounded-xl border border-line px-3 py-2 text-sm text-ink-muted"
          >
            {t('admin.content.read_only')}
          </p>
        ) : null}
        <fieldset disabled={!mayWrite || isBusy} className="flex flex-col gap-5">
          <legend className="sr-only">{t('admin.content.fields_legend')}</legend>
          {spec.fields.map((field) =>
            field.isCreateOnly && !isNew ? (
              <ReadOnlyValue key={field.name} field={field} value={getPath(body, field.name)} />
            ) : (
              <FieldInput
                key={field.name}
                field={field}
                body={body}
                draft={drafts[field.name] ?? ''}
                error={problems[field.name]}
                onDraft={(value) => setDrafts((previous) => ({ ...previous, [field.name]: value }))}
                onBody={(value) => setBody((previous) => setPath(previous, field.name, value))}
              />
            ),
          )}
        </fieldset>
        {unplaced ? (
          <p className="text-sm text-danger" role="alert">
            {unplaced}
          </p>
        ) : null}
        <FormError error={error} />
        {savedAt ? (
          <p role="status" className="text-sm text-success">
            {t('admin.actions.saved')}
          </p>
        ) : null}
        {mayWrite || mayRemove ? (
          <div className="flex flex-wrap gap-2">
            {mayWrite ? (
              <SubmitButton isBusy={isBusy}>
                {isNew ? t('admin.content.actions.create') : t('admin.actions.save')}
              </SubmitButton>
            ) : null}
            {mayRemove ? (
              <Button type="button" variant="secondary" onClick={() => setIsConfirmingRemove(true)}>
                {isReplacedWhole(spec)
                  ? t('admin.content.actions.remove')
                  : t('admin.content.actions.withdraw')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </form>
      {/* Outside the form: the dialog's own form would otherwise submit this one too. */}
      {isConfirmingRemove ? (
        <ConfirmDialog
          id="content-remove"
          title={
            isReplacedWhole(spec)
              ? t('admin.content.confirm_remove_title', { id })
              : t('admin.content.confirm_withdraw_title', { id })
          }
          description={
            isReplacedWhole(spec)
              ? t('admin.content.confirm_remove_text')
              : t('admin.content.confirm_withdraw_text')
          }
          confirmLabel={
            isReplacedWhole(spec)
              ? t('admin.content.actions.remove')
              : t('admin.content.actions.withdraw')
          }
          onConfirm={remove}
          onClosed={() => setIsConfirmingRemove(false)}
        />
      ) : null}
    </>
  )
}

function ReadOnlyValue({ field, value }: { field: FieldSpec; value: unknown }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-ink">
        {t(`admin.content.fields.${field.labelKey}`)}
      </span>
      <span className="text-base text-ink-muted">{textOf(value)}</span>
    </div>
  )
}

function FieldInput({
  field,
  body,
  draft,
  error,
  onDraft,
  onBody,
}: {
  field: FieldSpec
  body: Row
  draft: string
  error: string | undefined
  onDraft: (value: string) => void
  onBody: (value: unknown) => void
}) {
  const { t } = useTranslation()
  const label = t(`admin.content.fields.${field.labelKey}`)
  const hint = field.hintKey ? t(`admin.content.hints.${field.hintKey}`) : undefined
  const common = {
    value: draft,
    onChange: (event: { target: { value: string } }) => onDraft(event.target.value),
  }

  switch (field.kind) {
    case 'boolean':
      return (
        <Checkbox
          label={label}
          checked={Boolean(getPath(body, field.name))}
          onChange={(event) => onBody(event.target.checked)}
        />
      )
    case 'texts':
      return (
        <LocaleTexts
          field={field}
          value={(getPath(body, field.name) ?? {}) as Record<string, Row>}
          error={error}
          onChange={onBody}
        />
      )
    case 'select':
      return (
        <Field label={label} error={error} hint={hint}>
          <Select
            {...common}
            options={[
              ...(field.isNullable ? [{ value: '', label: t('admin.content.none') }] : []),
              ...field.options.map((option) => ({
                value: option,
                label: field.optionKeyPrefix
                  ? t(`admin.content.options.${field.optionKeyPrefix}.${option}`)
                  : option,
              })),
            ]}
          />
        </Field>
      )
    case 'reference':
      return <ReferenceSelect field={field} label={label} error={error} hint={hint} {...common} />
    case 'number':
      return (
        <Field label={label} error={error} hint={hint}>
          <NumberInput {...common} inputMode={field.allowsDecimals ? 'decimal' : 'numeric'} />
        </Field>
      )
    case 'money':
      return (
        <Field
          label={`${label} (${field.currency === 'COIN' ? t('admin.content.coins') : field.currency})`}
          error={error}
          hint={hint}
        >
          <NumberInput {...common} inputMode="decimal" />
        </Field>
      )
    case 'datetime':
      return (
        <Field label={label} error={error} hint={hint}>
          <TextInput type="datetime-local" {...common} />
        </Field>
      )
    case 'json':
      return (
        <Field label={label} error={error} hint={hint}>
          <TextArea {...common} rows={12} spellCheck={false} className="font-mono text-sm" />
        </Field>
      )
    case 'image':
      return (
        <div className="flex flex-wrap items-end gap-3">
          <Field label={label} error={error} hint={hint} className="min-w-60 flex-1">
            <TextInput {...common} inputMode="url" />
          </Field>
          {/^(\/|https:\/\/)/.test(draft) ? (
            <img
              src={draft}
              alt=""
              className="size-16 rounded-lg border border-line object-contain"
            />
          ) : null}
        </div>
      )
    case 'text':
    case 'list':
      return (
        <Field label={label} error={error} hint={hint}>
          <TextInput {...common} />
        </Field>
      )
  }
}

function ReferenceSelect({
  field,
  label,
  error,
  hint,
  value,
  onChange,
}: {
  field: Extract<FieldSpec, { kind: 'reference' }>
  label: string
  error: string | undefined
  hint: string | undefined
  value: string
  onChange: (event: { target: { value: string } }) => void
}) {
  const { t } = useTranslation()
  const { data } = useAdminData<Record<string, Row[]>>(field.path)
  const rows = (data?.[field.listKey] ?? []).filter((row) => field.filter?.(row) ?? true)
  return (
    <Field label={label} error={error} hint={hint}>
      <Select
        value={value}
        onChange={onChange}
        options={[
          { value: '', label: t('admin.content.choose') },
          ...rows.map((row) => ({ value: String(row.id), label: field.label(row) })),
        ]}
      />
    </Field>
  )
}

/** Words in every locale, one tab each; English first and marked as required. */
function LocaleTexts({
  field,
  value,
  error,
  onChange,
}: {
  field: Extract<FieldSpec, { kind: 'texts' }>
  value: Record<string, Row>
  error: string | undefined
  onChange: (value: Record<string, Row>) => void
}) {
  const { t } = useTranslation()
  const baseId = useId()
  const [locale, setLocale] = useState<string>('en')
  const isFilled = (prefix: string) =>
    field.fields.every((text) => {
      const words = value[prefix]?.[text.name]
      return Array.isArray(words)
        ? words.some((p) => textOf(p).trim())
        : textOf(words).trim() !== ''
    })
  const errorLocales = new Set(
    LOCALE_PREFIXES.filter((prefix) => new RegExp(`(^|\\s)${prefix}\\.`).test(error ?? '')),
  )
  const set = (text: TextFieldSpec, words: unknown) =>
    onChange({ ...value, [locale]: { ...(value[locale] ?? {}), [text.name]: words } })

  return (
    <fieldset className="flex flex-col gap-3 rounded-2xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold text-ink">
        {t(`admin.content.fields.${field.labelKey}`)}
      </legend>
      <p className="text-xs text-ink-muted">
        {field.allLocales
          ? t('admin.content.hints.texts_all')
          : t('admin.content.hints.texts_english')}
      </p>
      <div role="tablist" aria-label={t('admin.content.locales')} className="flex flex-wrap gap-1">
        {LOCALE_PREFIXES.map((prefix) => {
          const filled = isFilled(prefix)
          const isSelected = prefix === locale
          return (
            <button
              key={prefix}
              type="button"
              role="tab"
              id={`${baseId}-tab-${prefix}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => setLocale(prefix)}
              onKeyDown={(event) => {
                const index = LOCALE_PREFIXES.indexOf(prefix)
                const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
                if (step === 0) return
                event.preventDefault()
                const next =
                  LOCALE_PREFIXES[
                    (index + step + LOCALE_PREFIXES.length) % LOCALE_PREFIXES.length
                  ] ?? 'en'
                setLocale(next)
                document.getElementById(`${baseId}-tab-${next}`)?.focus()
              }}
              className={`min-h-10 rounded-lg border px-2.5 text-sm ${
                isSelected
                  ? 'border-gold bg-gold/10 font-semibold text-ink'
                  : 'border-line text-ink-muted'
              } ${errorLocales.has(prefix) ? 'border-danger' : ''}`}
            >
              {prefix}
              {prefix === 'en' || field.allLocales ? <span aria-hidden="true">*</span> : null}
              <span className="sr-only">
                {filled
                  ? ` ${t('admin.content.locale_filled')}`
                  : ` ${t('admin.content.locale_empty')}`}
              </span>
              {filled ? (
                <span aria-hidden="true" className="ms-1 text-success">
                  ✓
                </span>
              ) : null}
            </button>
          )
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${locale}`}
        className="flex flex-col gap-3"
        lang={LOCALES.find((entry) => entry.prefix === locale)?.tag}
        dir={LOCALES.find((entry) => entry.prefix === locale)?.dir}
      >
        {field.fields.map((text) => {
          const words = value[locale]?.[text.name]
          const label = `${t(`admin.content.fields.${text.labelKey}`)} (${locale})`
          if (text.kind === 'paragraphs') {
            return (
              <Field key={text.name} label={label} hint={t('admin.content.hints.paragraphs')}>
                <TextArea
                  rows={6}
                  value={Array.isArray(words) ? words.join('\n\n') : ''}
                  onChange={(event) => set(text, event.target.value.split(/\n\s*\n/))}
                />
              </Field>
            )
          }
          const stringValue = typeof words === 'string' ? words : ''
          return (
            <Field key={text.name} label={label}>
              {text.kind === 'multiline' ? (
                <TextArea value={stringValue} onChange={(event) => set(text, event.target.value)} />
              ) : (
                <TextInput
                  value={stringValue}
                  onChange={(event) => set(text, event.target.value)}
                />
              )}
            </Field>
          )
        })}
      </div>
      {error ? <p className="text-xs text-danger">{error}</p> : null}
    </fieldset>
  )
}
