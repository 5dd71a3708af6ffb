import { useParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { AdminPage } from '#app/components/admin/admin-page.tsx'
import { ResourceList } from '#app/components/admin/content/resource-editor.tsx'
import { resourceByKey } from '#app/components/admin/content/resources.ts'

/** `/admin/content/:resource/`: one kind of content's list. */
export default function ContentList() {
  const { t } = useTranslation()
  const { resource } = useParams()
  const spec = resourceByKey(resource)
  if (!spec) {
    return (
      <AdminPage title={t('admin.content.unknown_title')}>
        <p>{t('admin.content.unknown_text')}</p>
      </AdminPage>
    )
  }
  // Keyed: another resource's list starts with its own state.
  return <ResourceList key={spec.key} spec={spec} />
}
