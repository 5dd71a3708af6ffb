import { forwardRef, type ComponentProps } from 'react'
import { Link } from 'react-router'
import { guardNavigation } from '#common/navigation-guard.ts'
import { useRootData } from '#app/lib/use-root-data.ts'

type Props = Omit<ComponentProps<typeof Link>, 'to'> & {
  to: string
  isExternal?: boolean | undefined
}

/**
 * Every internal link goes through the spec's guards before the click, so a client navigation
 * lands where a full page load would, without a detour.
 */
export const AppLink = forwardRef<HTMLAnchorElement, Props>(function AppLink(
  { to, isExternal, ...props },
  ref,
) {
  const { languages, locale } = useRootData()
  if (isExternal || /^[a-z]+:/i.test(to)) {
    return <a ref={ref} href={to} target="_blank" rel="noopener noreferrer" {...props} />
  }
  const [pathname = '/', search = ''] = to.split(/\?(.*)/s)
  const guard = guardNavigation({
    pathname,
    search,
    locales: languages.map((language) => language.code),
    preferredLocale: locale,
  })
  const target = guard.kind === 'redirect' ? guard.location : to
  return (
    <Link ref={ref} to={target} replace={guard.kind === 'redirect' && guard.replace} {...props} />
  )
})
