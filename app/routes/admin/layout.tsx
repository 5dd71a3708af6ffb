import { useCallback, useMemo, useState } from 'react'
import { Outlet, useLoaderData } from 'react-router'
import { I18nextProvider } from 'react-i18next'
import type { Route } from './+types/layout'
import { getI18n } from '#app/lib/i18n.ts'
import { apiFetch, resetCsrfToken } from '#app/lib/api.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { lookupMessages } from '#common/messages-registry.ts'
import type { Messages } from '#common/messages.ts'
import { ConsoleFrame } from '#app/components/admin/console-frame.tsx'
import {
  ConsoleSessionContext,
  type ConsoleOperator,
  type ConsoleSession,
} from '#app/components/admin/console-session.ts'
import { SignInForm } from '#app/components/admin/sign-in-form.tsx'
import { useIdleSignOut } from '#app/components/admin/use-idle-sign-out.ts'

export const meta: Route.MetaFunction = () => [
  { title: 'Aurum console' },
  { name: 'robots', content: 'noindex, nofollow' },
]

export async function loader({ context }: Route.LoaderArgs) {
  const me = await context.apiGet('/admin/api/me')
  const operator = me.status === 200 ? (me.body as { data: ConsoleOperator }).data : null
  return { operator, messages: context.site.consoleMessages() }
}

/** Sign-in and sign-out change the layout's own state; nothing here needs reading again. */
export const shouldRevalidate = () => false

type Notice = 'idle' | 'ended' | 'signed_out' | null

/**
 * The operators' console: its own frame and strings (English, `locales/en/admin.json`, over the
 * site's English catalogue), the sign-in when nobody is signed in, and sign-out after 15 minutes
 * without activity. Pages render in the outlet and read their data from the console API.
 */
export default function ConsoleLayout() {
  const data = useLoaderData<typeof loader>()
  const root = useRootData()
  const [operator, setOperator] = useState<ConsoleOperator | null>(data.operator)
  const [notice, setNotice] = useState<Notice>(null)

  const site = lookupMessages(root.messagesVersion)
  const messages = useMemo<Messages>(() => ({ ...site, ...data.messages }), [site, data.messages])
  const i18n = useMemo(() => getI18n('en', messages), [messages])

  const endSession = useCallback((reason: Exclude<Notice, null>) => {
    resetCsrfToken()
    setOperator(null)
    setNotice(reason)
  }, [])
  const signOut = useCallback(
    (reason: 'idle' | 'signed_out') => {
      apiFetch('/admin/api/logout', { method: 'POST' })
        .catch(() => undefined)
        .finally(() => endSession(reason))
    },
    [endSession],
  )
  const signOutIdle = useCallback(() => signOut('idle'), [signOut])
  useIdleSignOut(operator !== null, signOutIdle)

  const session = useMemo<ConsoleSession>(
    () => ({ operator, onSessionEnded: () => endSession('ended') }),
    [operator, endSession],
  )

  return (
    <I18nextProvider i18n={i18n}>
      <ConsoleSessionContext.Provider value={session}>
        {operator ? (
          <ConsoleFrame operator={operator} onSignOut={() => signOut('signed_out')}>
            <Outlet />
          </ConsoleFrame>
        ) : (
          <SignInForm
            notice={notice ? i18n.t(`admin.session.notice_${notice}`) : null}
            onSignedIn={(signedIn) => {
              setNotice(null)
              setOperator(signedIn)
            }}
          />
        )}
      </ConsoleSessionContext.Provider>
    </I18nextProvider>
  )
}
