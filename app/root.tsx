import { useEffect, useMemo, type ReactNode } from 'react'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { I18nextProvider } from 'react-i18next'
import type { Route } from './+types/root'
import { getLocale, isLocalePrefix } from '#common/locales.ts'
import { isConsolePath } from '#common/navigation-guard.ts'
import { getI18n } from '#app/lib/i18n.ts'
import {
  CATALOGUE_SCRIPT_ATTRIBUTE,
  catalogueScriptPath,
  lookupMessages,
  registerMessages,
} from '#common/messages-registry.ts'
import { ClientPlumbing } from '#app/components/client-plumbing.tsx'
import { DialogHost } from '#app/components/dialogs/dialog-host.tsx'
import { CookieBanner } from '#app/components/layout/cookie-banner.tsx'
import { Toaster } from '#app/components/ui/toaster.tsx'
import { keepDataAcrossDialogs } from '#app/lib/revalidation.ts'
import { THEME_BOOT_SCRIPT } from '#app/lib/theme.ts'
import { INSTALL_BOOT_SCRIPT } from '#app/lib/install-app.ts'
import { useInteractive } from '#app/lib/use-interactive.ts'
import type { RootData } from '#app/lib/use-root-data.ts'
import { ErrorScreen } from '#app/components/layout/error-screen.tsx'
import stylesHref from '#app/styles/app.css?url'

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesHref },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // Installing to a home screen: the manifest for most browsers, the touch icon for iOS.
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
]

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const url = new URL(request.url)
  const first = url.pathname.split('/')[1] ?? ''
  const settings = await context.site.settings()
  // The console is English; a player's page speaks its path's language.
  const locale = isConsolePath(url.pathname)
    ? 'en'
    : settings.languages.includes(first) && isLocalePrefix(first)
      ? first
      : context.preferredLocale
  const [catalogue, menus, languages] = await Promise.all([
    context.site.catalogue(locale),
    context.site.menus(locale),
    context.site.languages(),
  ])
  registerMessages(catalogue.version, catalogue.messages)
  return {
    locale,
    messagesVersion: catalogue.version,
    menus,
    languages,
    buildId: context.buildId,
    cspNonce: context.cspNonce,
    player: context.player,
    socket: context.socket,
    analyticsUrl: context.analyticsUrl,
    localeCookie: { name: context.localeCookieName, crossOrigin: context.localeCookieCrossOrigin },
  }
}

const EMPTY_MESSAGES = {}

/**
 * Locale data is reloaded when the path's locale prefix changes, and after sign-in and sign-out
 * (an explicit revalidation); opening a dialog changes only `?q=` and reloads nothing.
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  const prefix = (url: URL) => url.pathname.split('/')[1]
  return prefix(args.currentUrl) !== prefix(args.nextUrl) || keepDataAcrossDialogs(args)
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>('root')
  const locale = getLocale(data?.locale ?? 'en')
  const version = data?.messagesVersion
  const messages = (version && lookupMessages(version)) || EMPTY_MESSAGES
  const i18n = useMemo(() => getI18n(locale.tag, messages), [locale.tag, messages])
  const nonce = data?.cspNonce
  const isInteractive = useInteractive()
  return (
    // The theme script below sets the class before the first paint; React must not undo it.
    <html
      lang={locale.tag}
      dir={locale.dir}
      className="dark"
      data-theme="dark"
      data-interactive={isInteractive || undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="color-scheme" content="dark light" />
        <meta name="theme-color" content="#0b0d12" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: INSTALL_BOOT_SCRIPT }} />
        {version ? (
          <script
            src={catalogueScriptPath(locale.prefix, version)}
            defer
            {...{ [CATALOGUE_SCRIPT_ATTRIBUTE]: version }}
          />
        ) : null}
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-surface text-ink antialiased">
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const data = useLoaderData<typeof loader>()
  const { pathname } = useLocation()
  // A client navigation into another locale has no catalogue loaded: load that page in full.
  useEffect(() => {
    if (!lookupMessages(data.messagesVersion)) window.location.reload()
  }, [data.messagesVersion])
  // The console has its own frame: no player dialogs, cookie banner, socket or analytics.
  if (isConsolePath(pathname))
    return (
      <>
        <Outlet />
        <Toaster />
      </>
    )
  return (
    <>
      <Outlet />
      <DialogHost />
      <Toaster />
      <CookieBanner />
      <ClientPlumbing
        buildId={data.buildId}
        analyticsUrl={data.analyticsUrl}
        socket={data.socket}
        player={data.player}
      />
    </>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const { pathname } = useLocation()
  const status = isRouteErrorResponse(error) ? error.status : 500
  return <ErrorScreen status={status} path={pathname} error={error} />
}
