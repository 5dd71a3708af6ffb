import type { OperatorRole } from '#common/back-office.ts'
import { RESOURCES } from './content/resources.ts'

export interface ConsoleNavEntry {
  /** Under `/admin/`, with the trailing slash. */
  path: string
  /** A key of `locales/en/admin.json`. */
  labelKey: string
  /** Who sees the entry (admin sees all); the server checks every call anyway. */
  roles: readonly OperatorRole[]
  group: 'work' | 'content' | 'insight'
}

/** The console's menu: each area adds its pages here. */
export const CONSOLE_NAV: ConsoleNavEntry[] = [
  {
    path: '/admin/site/pages/',
    labelKey: 'admin.site.nav.pages',
    roles: ['content', 'auditor'],
    group: 'content',
  },
  {
    path: '/admin/site/menus/',
    labelKey: 'admin.site.nav.menus',
    roles: ['content', 'auditor'],
    group: 'content',
  },
  {
    path: '/admin/site/translations/',
    labelKey: 'admin.site.nav.translations',
    roles: ['content', 'auditor'],
    group: 'content',
  },
  {
    path: '/admin/site/redirects/',
    labelKey: 'admin.site.nav.redirects',
    roles: ['content', 'auditor'],
    group: 'content',
  },
  {
    path: '/admin/site/countries/',
    labelKey: 'admin.site.nav.countries',
    roles: ['content', 'auditor'],
    group: 'content',
  },
  {
    path: '/admin/site/settings/',
    labelKey: 'admin.site.nav.settings',
    roles: ['content', 'auditor'],
    group: 'content',
  },
  {
    path: '/admin/players/',
    labelKey: 'admin.players.nav',
    roles: ['support', 'kyc', 'finance', 'auditor'],
    group: 'work',
  },
  {
    path: '/admin/adjustments/',
    labelKey: 'admin.adjustments.nav',
    roles: ['finance', 'support', 'auditor'],
    group: 'work',
  },
  {
    path: '/admin/queues/kyc/',
    labelKey: 'admin.queues.nav.kyc',
    roles: ['kyc', 'auditor'],
    group: 'work',
  },
  {
    path: '/admin/queues/withdrawals/',
    labelKey: 'admin.queues.nav.withdrawals',
    roles: ['finance', 'auditor'],
    group: 'work',
  },
  {
    path: '/admin/queues/bank-deposits/',
    labelKey: 'admin.queues.nav.bank',
    roles: ['finance', 'auditor'],
    group: 'work',
  },
  {
    path: '/admin/queues/crypto/',
    labelKey: 'admin.queues.nav.held',
    roles: ['finance', 'auditor'],
    group: 'work',
  },
  {
    path: '/admin/reports/',
    labelKey: 'admin.reports.nav',
    roles: ['finance', 'auditor'],
    group: 'insight',
  },
  { path: '/admin/audit/', labelKey: 'admin.audit.nav', roles: ['auditor'], group: 'insight' },
  {
    path: '/admin/operators/',
    labelKey: 'admin.operators.nav',
    roles: ['auditor'],
    group: 'insight',
  },
  ...RESOURCES.map((resource) => ({
    path: `/admin/content/${resource.key}/`,
    labelKey: `admin.content.resources.${resource.titleKey}.title`,
    roles: resource.readRoles,
    group: 'content' as const,
  })),
]
