import { useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { ResourceItem } from '#app/components/admin/content/resource-editor.tsx'
import { resourceByKey } from '#app/components/admin/content/resources.ts'

/** `/admin/content/:resource/:id/` (`new` for a new one): one item's form. */
export default function ContentItem() {
  const { t } = useTranslation()
  const { resource, id = 'new' } = useParams()
  const spec = resourceByKey(resource)
  if (!spec) {
    return (
      <AdminPage title={t('admin.content.unknown_title')}>
        <p>{t('admin.content.unknown_text')}</p>
      </AdminPage>
    )
  }
  return <ResourceItem key={`${spec.key}:${id}`} spec={spec} id={id} />
}
