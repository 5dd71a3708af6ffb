import { Outlet } from 'react-router'
import { SiteFrame } from '#app/components/layout/site-frame.tsx'

/** Layout `noaside`: the default layout without the side menu, for detail pages. */
export default function NoAsideLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  )
}
