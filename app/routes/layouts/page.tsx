import { Outlet } from 'react-router'
import { SiteFrame } from '#app/components/layout/site-frame.tsx'

/** Layout `page`: a reading column for text pages and CMS pages. */
export default function PageLayout() {
  return (
    <SiteFrame isNarrow>
      <Outlet />
    </SiteFrame>
  )
}
