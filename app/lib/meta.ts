import type { MetaDescriptor } from 'react-router'
import type { RootData } from '#app/lib/use-root-data.ts'
import { switchLocalePath } from './localized-path.ts'
import { lookupMessages } from '#common/messages-registry.ts'
import { translate } from '#common/translate.ts'

interface MetaArgsLike {
  location: { pathname: string }
  matches: readonly ({ id: string; data?: unknown } | undefined)[]
}

/**
 * Title, description, canonical and hreflang alternates for a page. Meta functions run outside
 * React, so they read the root loader's catalogue directly.
 */
export function pageMeta(
  args: MetaArgsLike,
  titleKey: string,
  values: Record<string, string> = {},
): MetaDescriptor[] {
  const root = args.matches.find((match) => match?.id === 'root')?.data as RootData | undefined
  if (!root) return [{ title: 'Aurum' }]
  const messages = lookupMessages(root.messagesVersion) ?? {}
  const title = translate(messages, titleKey, values) ?? 'Aurum'
  const description = translate(messages, 'meta.description')
  const { pathname } = args.location
  const current = pathname.split('/')[1]
  const prefixed = root.languages.some((language) => language.code === current)
  return [
    { title: `${title} · Aurum` },
    ...(description ? [{ name: 'description', content: description }] : []),
    // Two prefixes share the tag `en` (en, en-ar); hreflang names each tag once, the first wins.
    ...root.languages
      .filter(
        (language, index, all) => all.findIndex((other) => other.tag === language.tag) === index,
      )
      .map((language) => ({
        tagName: 'link' as const,
        rel: 'alternate',
        hrefLang: language.tag,
        href: switchLocalePath(pathname, prefixed ? current : undefined, language.code),
      })),
    { tagName: 'link' as const, rel: 'alternate', hrefLang: 'x-default', href: '/' },
  ]
}
