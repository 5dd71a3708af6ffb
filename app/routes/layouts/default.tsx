import { Outlet } from 'react-router'
import { useTranslation } from 'react-i18next'
import { SiteFrame } from '#app/components/layout/site-frame.tsx'
import { SideMenu } from '#app/components/layout/side-menu.tsx'

/** Layout `default`: header, side menu, content, footer. */
export default function DefaultLayout() {
  const { t } = useTranslation()
  return (
    <SiteFrame aside={<SideMenu />} asideLabel={t('nav.side')} isAsideCollapsible>
      <Outlet />
    </SiteFrame>
  )
}
