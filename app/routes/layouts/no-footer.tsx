import { Outlet } from 'react-router'
import { SiteFrame } from '#app/components/layout/site-frame.tsx'

/** Layout `no-footer`: the game screen uses the whole height. */
export default function NoFooterLayout() {
  return (
    <SiteFrame hasFooter={false}>
      <Outlet />
    </SiteFrame>
  )
}
