import { Outlet } from 'react-router'
import { SiteFrame } from '#app/components/layout/site-frame.tsx'

/** Layout `json-default`: pages assembled from page-metadata components (json, buttons, components). */
export default function JsonDefaultLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  )
}
