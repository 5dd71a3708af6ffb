import { useTranslation } from 'react-i18next'
import { Field, Select, TextArea, TextInput } from '#app/components/admin/form.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { moved, type Move } from './move.ts'
import type { CmsBlock } from './site-types.ts'

/**
 * A CMS page's headings and paragraphs in page order: add, edit, move and remove them. The site
 * renders them as text, so what is typed is what players read.
 */
export function BlocksEditor({
  blocks,
  onChange,
  errors,
  isReadOnly,
}: {
  blocks: CmsBlock[]
  onChange: (blocks: CmsBlock[]) => void
  /** Field errors by the server's path (`body.blocks.2.text`). */
  errors: Record<string, string>
  isReadOnly: boolean
}) {
  const { t } = useTranslation()
  const edit = (index: number, change: Partial<CmsBlock>) =>
    onChange(blocks.map((block, at) => (at === index ? { ...block, ...change } : block)))
  const move = (index: number, direction: Move) => onChange(moved(blocks, index, direction))

  return (
    <fieldset className="flex flex-col gap-3" disabled={isReadOnly}>
      <legend className="mb-2 text-sm font-semibold text-ink">
        {t('admin.site.blocks.heading')}
      </legend>
      {blocks.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('admin.site.blocks.empty')}</p>
      ) : null}
      <ol className="flex flex-col gap-3">
        {blocks.map((block, index) => {
          const number = index + 1
          const textLabel = t(
            block.type === 'heading'
              ? 'admin.site.blocks.heading_text'
              : 'admin.site.blocks.paragraph_text',
            { number },
          )
          return (
            <li
              key={index}
              className="grid gap-3 rounded-xl border border-line bg-surface p-3 sm:grid-cols-[10rem_1fr]"
            >
              <Field label={t('admin.site.blocks.type', { number })}>
                <Select
                  value={block.type}
                  onChange={(event) =>
                    edit(index, {
                      type: event.target.value === 'heading' ? 'heading' : 'paragraph',
                    })
                  }
                  options={[
                    { value: 'heading', label: t('admin.site.blocks.type_heading') },
                    { value: 'paragraph', label: t('admin.site.blocks.type_paragraph') },
                  ]}
                />
              </Field>
              <Field label={textLabel} error={errors[`body.blocks.${index}.text`]}>
                {block.type === 'heading' ? (
                  <TextInput
                    value={block.text}
                    maxLength={10_000}
                    required
                    onChange={(event) => edit(index, { text: event.target.value })}
                  />
                ) : (
                  <TextArea
                    value={block.text}
                    maxLength={10_000}
                    required
                    onChange={(event) => edit(index, { text: event.target.value })}
                  />
                )}
              </Field>
              <div className="flex flex-wrap gap-2 sm:col-span-2">
                <Button
                  type="button"
                  variant="secondary"
                  disabled={isReadOnly || index === 0}
                  onClick={() => move(index, 'up')}
                >
                  {t('admin.site.blocks.up', { number })}
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  disabled={isReadOnly || index === blocks.length - 1}
                  onClick={() => move(index, 'down')}
                >
                  {t('admin.site.blocks.down', { number })}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => onChange(blocks.filter((_, at) => at !== index))}
                >
                  {t('admin.site.blocks.remove', { number })}
                </Button>
              </div>
            </li>
          )
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          onClick={() => onChange([...blocks, { type: 'heading', text: '' }])}
        >
          {t('admin.site.blocks.add_heading')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => onChange([...blocks, { type: 'paragraph', text: '' }])}
        >
          {t('admin.site.blocks.add_paragraph')}
        </Button>
      </div>
    </fieldset>
  )
}
