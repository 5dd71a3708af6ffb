import { useState, type ReactNode } from 'react'
import { NavLink } from 'react-router'
import { useTranslation } from 'react-i18next'
import { holdsRole, type ConsoleOperator } from './console-session.ts'
import { CONSOLE_NAV, type ConsoleNavEntry } from './nav.ts'

const GROUPS: ConsoleNavEntry['group'][] = ['work', 'content', 'insight']

/**
 * The console's frame: the menu (a side column on wide screens, a button-opened list on phones)
 * with only the entries the operator's roles may use, who is signed in, and sign-out.
 */
export function ConsoleFrame({
  operator,
  onSignOut,
  children,
}: {
  operator: ConsoleOperator
  onSignOut: () => void
  children: ReactNode
}) {
  const { t } = useTranslation()
  const [isMenuOpen, setIsMenuOpen] = useState(false)
  const entries = CONSOLE_NAV.filter((entry) => holdsRole(operator, entry.roles))

  const menu = (
    <nav aria-label={t('admin.nav.label')} className="flex flex-col gap-5">
      <NavLink
        to="/admin/"
        end
        onClick={() => setIsMenuOpen(false)}
        className={({ isActive }) => navLinkClass(isActive)}
      >
        {t('admin.nav.dashboard')}
      </NavLink>
      {GROUPS.map((group) => {
        const inGroup = entries.filter((entry) => entry.group === group)
        if (inGroup.length === 0) return null
        return (
          <div key={group} className="flex flex-col gap-1">
            <p className="px-3 text-xs font-semibold uppercase tracking-wide text-ink-muted">
              {t(`admin.nav.groups.${group}`)}
            </p>
            <ul className="flex flex-col gap-0.5">
              {inGroup.map((entry) => (
                <li key={entry.path}>
                  <NavLink
                    to={entry.path}
                    onClick={() => setIsMenuOpen(false)}
                    className={({ isActive }) => navLinkClass(isActive)}
                  >
                    {t(entry.labelKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        )
      })}
    </nav>
  )

  return (
    <div className="min-h-dvh bg-surface text-ink lg:grid lg:grid-cols-[15rem_1fr]">
      <a
        href="#console-main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-surface-raised focus:px-3 focus:py-2"
      >
        {t('admin.nav.skip')}
      </a>
      <aside className="hidden border-e border-line bg-surface-raised px-3 py-5 lg:block">
        <p className="mb-6 px-3 text-lg font-bold text-gold">{t('admin.title')}</p>
        {menu}
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3 lg:px-8">
          <div className="flex items-center gap-3 lg:hidden">
            <button
              type="button"
              aria-expanded={isMenuOpen}
              aria-controls="console-menu"
              onClick={() => setIsMenuOpen((open) => !open)}
              className="min-h-11 rounded-xl border border-line px-3 text-sm font-semibold"
            >
              {t('admin.nav.menu')}
            </button>
            <span className="font-bold text-gold">{t('admin.title')}</span>
          </div>
          <div className="ms-auto flex items-center gap-3 text-sm">
            <span className="hidden text-ink-muted sm:inline">
              {operator.name || operator.email} ·{' '}
              {operator.roles.map((role) => t(`admin.roles.${role}`)).join(', ')}
            </span>
            <button
              type="button"
              onClick={onSignOut}
              className="min-h-11 rounded-xl border border-line px-3 font-semibold hover:border-gold/60"
            >
              {t('admin.session.sign_out')}
            </button>
          </div>
        </header>
        {isMenuOpen ? (
          <div id="console-menu" className="border-b border-line bg-surface-raised px-3 py-4 lg:hidden">
            {menu}
          </div>
        ) : null}
        <main id="console-main" className="min-w-0 px-4 py-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  )
}

const navLinkClass = (isActive: boolean) =>
  `flex min-h-10 items-center rounded-lg px-3 text-sm ${
    isActive ? 'bg-gold/15 font-semibold text-ink' : 'text-ink-muted hover:bg-line/50 hover:text-ink'
  }`
