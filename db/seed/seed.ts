import { LOCALES } from '#app/lib/locales.ts'
import { translate } from '#app/lib/translate.ts'
import type { Db } from '#db/client.ts'
import type { CmsBlock, MenuItem, MenuKey } from '#server/modules/site/site.contract.ts'
import { cmsPages, menus, redirects, siteSettings } from '#server/modules/site/site.tables.ts'
import { DEFAULT_SETTINGS } from '#server/modules/site/site.service.ts'
import { loadShippedMessages, type Messages } from '#server/modules/site/translations.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { hashPassword } from '#server/modules/players/passwords.ts'
import { DEMO_ACCOUNTS } from './demo-accounts.ts'

/** CMS pages seeded in every locale from the content catalogues (`cms.<slug>.*`). */
export const SEEDED_PAGES = [
  'about-us',
  'tc',
  'privacy-policy',
  'bonus-terms',
  'responsible-gambling',
  'complaints',
] as const

function text(messages: Messages, key: string): string {
  const value = translate(messages, key)
  if (value === undefined) throw new Error(`Seed needs the translation ${key}`)
  return value
}

/** The demo menus of one locale, labelled in its language. */
export function buildMenus(prefix: string, messages: Messages): Record<MenuKey, MenuItem[]> {
  const item = (id: string, labelKey: string, path: string, icon?: string): MenuItem => ({
    id,
    label: text(messages, `menu.${labelKey}`),
    url: `/${prefix}/${path}`,
    ...(icon && { icon }),
  })
  const lobby = item('lobby', 'lobby', 'lobby/c/All/', 'lobby')
  const live = item('live', 'live', 'live/c/Live%20Casino/', 'live')
  const promotions = item('promotions', 'promotions', 'promotions/', 'promotions')
  const tournaments = item('tournaments', 'tournaments', 'tourneys/', 'tournaments')
  const home = item('home', 'home', '', 'home')
  return {
    header: [lobby, live, promotions, tournaments, item('shop', 'shop', 'shop/all/', 'shop')],
    side: [
      home,
      lobby,
      live,
      promotions,
      tournaments,
      item('quests', 'quests', 'quests/', 'quests'),
      item('achievements', 'achievements', 'achievements/', 'achievements'),
      item('wheel', 'wheel', 'wheel/', 'wheel'),
      item('lootboxes', 'lootboxes', 'lootboxes/', 'lootboxes'),
      item('lottery', 'lottery', 'lottery/', 'lottery'),
      item('loyalty', 'loyalty', 'loyalty/', 'loyalty'),
      item('vip', 'vip', 'vip/', 'vip'),
    ],
    shortcuts: [
      item('slots', 'slots', 'lobby/c/Slots/', 'slots'),
      item('table', 'table', 'lobby/c/Table%20Games/', 'table'),
      item('new-games', 'new_games', 'lobby/c/New/', 'bonus'),
    ],
    'footer-info': [
      item('about', 'about', 'about-us/'),
      item('terms', 'terms', 'tc/'),
      item('privacy', 'privacy', 'privacy-policy/'),
      item('bonus-terms', 'bonus_terms', 'bonus-terms/'),
      item('responsible-gambling', 'responsible', 'responsible-gambling/'),
      item('complaints', 'complaints', 'complaints/'),
    ],
    'personal-cabinet': [
      item('dashboard', 'dashboard', 'account/', 'account'),
      item('profile', 'profile', 'account/profile/', 'account'),
      item('bonuses', 'bonuses', 'account/bonuses/', 'bonus'),
      item('notifications', 'notifications', 'account/notifications/', 'info'),
      item('game-history', 'game_history', 'account/game-history/', 'slots'),
      item('transactions', 'transactions', 'account/transaction/', 'lottery'),
      item('responsible-gambling', 'responsible', 'responsible-gambling/', 'shield'),
    ],
    'game-menu': [
      item('all', 'all_games', 'lobby/c/All/', 'lobby'),
      item('slots', 'slots', 'lobby/c/Slots/', 'slots'),
      item('table', 'table', 'lobby/c/Table%20Games/', 'table'),
      item('live-casino', 'live_casino', 'live/c/Live%20Casino/', 'live'),
      item('new', 'new_games', 'lobby/c/New/', 'bonus'),
    ],
    'mobile-footer': [
      home,
      lobby,
      live,
      promotions,
      item('account', 'account', 'account/', 'account'),
    ],
    'bonus-modal': [
      item('welcome', 'bonus_welcome', 'promotions/', 'bonus'),
      item('weekly', 'bonus_weekly', 'promotions/', 'promotions'),
      item('bonus-terms', 'bonus_terms_short', 'bonus-terms/', 'info'),
    ],
    'mobile-banner': [item('banner', 'banner', '', 'info')],
  }
}

export function buildPageBlocks(messages: Messages, slug: string): CmsBlock[] {
  const blocks: CmsBlock[] = []
  for (let section = 1; ; section++) {
    const heading = `cms.${slug}.s${section}_heading`
    try {
      blocks.push({ type: 'heading', text: text(messages, heading) })
    } catch {
      return blocks
    }
    blocks.push({ type: 'paragraph', text: text(messages, `cms.${slug}.s${section}_text`) })
  }
}

/** True before the first seed: no site settings stored yet. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ key: siteSettings.key }).from(siteSettings).limit(1)
  return rows.length === 0
}

/**
 * Demo content: settings, menus and CMS pages for every locale, one example redirect. Rows that
 * exist are left alone, so an operator's edits survive every start.
 */
export async function seedDemoContent(db: Db): Promise<void> {
  const shipped = loadShippedMessages('content')
  await db.transaction(async (tx) => {
    await tx
      .insert(siteSettings)
      .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
      .onConflictDoNothing()
    for (const locale of LOCALES) {
      const messages = shipped.get(locale.prefix) ?? {}
      const localeMenus = buildMenus(locale.prefix, messages)
      await tx
        .insert(menus)
        .values(
          Object.entries(localeMenus).map(([menu, items]) => ({
            locale: locale.prefix,
            menu,
            items,
          })),
        )
        .onConflictDoNothing()
      await tx
        .insert(cmsPages)
        .values(
          SEEDED_PAGES.map((slug) => ({
            locale: locale.prefix,
            path: `/${slug}/`,
            title: text(messages, `cms.${slug}.title`),
            blocks: buildPageBlocks(messages, slug),
          })),
        )
        .onConflictDoNothing()
    }
    for (const [role, account] of Object.entries(DEMO_ACCOUNTS)) {
      await tx
        .insert(players)
        .values({
          email: account.email,
          passwordHash: await hashPassword(account.password),
          firstName: account.firstName,
          currency: 'EUR',
          role: role === 'operator' ? 'operator' : 'player',
        })
        .onConflictDoNothing()
    }
    await tx
      .insert(redirects)
      .values({ fromPath: '/en/welcome-bonus/', toPath: '/en/promotions/', status: 301 })
      .onConflictDoNothing()
  })
}
