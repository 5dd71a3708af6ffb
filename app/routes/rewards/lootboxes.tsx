import { data } from 'react-router'
import type { Route } from './+types/lootboxes'
import { pageMeta } from '#app/lib/meta.ts'
import { isPathOn } from '#common/features.ts'

// PLACEHOLDER: filled by its part of issue 24.
export function loader({ request }: Route.LoaderArgs) {
  if (!isPathOn(new URL(request.url).pathname)) throw data(null, { status: 404 })
  return null
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, 'pages.lootboxes.title')

export default function Placeholder() {
  return <div data-testid="lootboxes-page" />
}
