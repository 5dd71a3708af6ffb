import { useTranslation } from 'react-i18next'
import { Checkbox, Field, Select, TextInput } from '#app/components/admin/form.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ICON_NAMES } from '#app/components/ui/icon.tsx'
import { moved } from './move.ts'
import type { MenuItem } from './site-types.ts'

/** Entries may have sub-entries, which have none of their own (the site shows two levels). */
const MAX_DEPTH = 2

/** A new entry, its id unique within the menu (which is all the site needs of it). */
const newItem = (locale: string): MenuItem => ({
  id: `item-${crypto.randomUUID().slice(0, 8)}`,
  label: '',
  url: `/${locale}/`,
})

/**
 * A menu's entries in order: label, address, icon, whether it leaves the site; move, add and
 * remove entries and sub-entries. `path` is the entry's place in the server's field names
 * (`body.items.2.children.0`), so a refused field shows its message beside it.
 */
export function MenuEditor({
  items,
  onChange,
  errors,
  isReadOnly,
  locale,
  path = 'body.items',
  depth = 1,
  parentLabel,
}: {
  items: MenuItem[]
  onChange: (items: MenuItem[]) => void
  errors: Record<string, string>
  isReadOnly: boolean
  locale: string
  path?: string
  depth?: number
  parentLabel?: string
}) {
  const { t } = useTranslation()
  const edit = (index: number, change: Partial<MenuItem>) =>
    onChange(items.map((item, at) => (at === index ? { ...item, ...change } : item)))
  const iconOptions = [
    { value: '', label: t('admin.site.menus.no_icon') },
    ...ICON_NAMES.map((name) => ({ value: name, label: name })),
  ]

  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => {
          const at = `${path}.${index}`
          const name = item.label || t('admin.site.menus.entry', { number: index + 1 })
          return (
            <li
              key={item.id}
              className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-3"
            >
              <fieldset
                className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1.5fr_10rem]"
                disabled={isReadOnly}
              >
                <legend className="sr-only">{name}</legend>
                <Field label={t('admin.site.menus.label')} error={errors[`${at}.label`]}>
                  <TextInput
                    value={item.label}
                    required
                    maxLength={100}
                    onChange={(event) => edit(index, { label: event.target.value })}
                  />
                </Field>
                <Field label={t('admin.site.menus.url')} error={errors[`${at}.url`]}>
                  <TextInput
                    value={item.url}
                    required
                    maxLength={500}
                    className="font-mono"
                    onChange={(event) => edit(index, { url: event.target.value })}
                  />
                </Field>
                <Field label={t('admin.site.menus.icon')} error={errors[`${at}.icon`]}>
                  <Select
                    value={item.icon ?? ''}
                    onChange={(event) => edit(index, { icon: event.target.value || undefined })}
                    options={iconOptions}
                  />
                </Field>
                <Checkbox
                  label={t('admin.site.menus.is_external')}
                  checked={item.isExternal === true}
                  onChange={(event) =>
                    edit(index, { isExternal: event.target.checked || undefined })
                  }
                />
              </fieldset>
              {isReadOnly ? null : (
                <div className="flex flex-wrap gap-2">
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={index === 0}
                    onClick={() => onChange(moved(items, index, 'up'))}
                    aria-label={t('admin.site.menus.up', { name })}
                  >
                    {t('admin.site.menus.up_short')}
                  </Button>
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={index === items.length - 1}
                    onClick={() => onChange(moved(items, index, 'down'))}
                    aria-label={t('admin.site.menus.down', { name })}
                  >
                    {t('admin.site.menus.down_short')}
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    onClick={() => onChange(items.filter((_, other) => other !== index))}
                    aria-label={t('admin.site.menus.remove', { name })}
                  >
                    {t('admin.site.menus.remove_short')}
                  </Button>
                  {depth < MAX_DEPTH && !item.children?.length ? (
                    <Button
                      type="button"
                      variant="ghost"
                      onClick={() => edit(index, { children: [newItem(locale)] })}
                    >
                      {t('admin.site.menus.add_child', { name })}
                    </Button>
                  ) : null}
                </div>
              )}
              {depth < MAX_DEPTH && item.children?.length ? (
                <div className="border-s-2 border-line ps-3">
                  <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-ink-muted">
                    {t('admin.site.menus.children_of', { name })}
                  </p>
                  <MenuEditor
                    items={item.children ?? []}
                    onChange={(children) =>
                      edit(index, { children: children.length > 0 ? children : undefined })
                    }
                    errors={errors}
                    isReadOnly={isReadOnly}
                    locale={locale}
                    path={`${at}.children`}
                    depth={depth + 1}
                    parentLabel={name}
                  />
                </div>
              ) : null}
            </li>
          )
        })}
      </ol>
      {isReadOnly ? null : (
        <div>
          <Button
            type="button"
            variant="secondary"
            onClick={() => onChange([...items, newItem(locale)])}
          >
            {parentLabel
              ? t('admin.site.menus.add_child', { name: parentLabel })
              : t('admin.site.menus.add')}
          </Button>
        </div>
      )}
    </div>
  )
}
