import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { LOCALES } from '#common/locales.ts'
import { translate } from '#common/translate.ts'
import type { Db } from '#db/client.ts'
import type { CmsBlock, MenuItem, MenuKey } from '#server/modules/site/site.contract.ts'
import { cmsPages, menus, redirects, siteSettings } from '#server/modules/site/site.tables.ts'
import { DEFAULT_SETTINGS } from '#server/modules/site/site.service.ts'
import type { Messages } from '#common/messages.ts'
import { loadShippedMessages } from '#server/modules/site/translations.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { hashPassword } from '#server/modules/players/passwords.ts'
import { findOperatorByEmail, insertOperator } from '#server/modules/operators/operators.repo.ts'
import { newTotpSecret, otpauthUrl } from '#server/modules/auth/totp.ts'
import { createSecretBox, type SecretBox } from '#server/lib/secret-box.ts'
import type { Config } from '#server/config/env.ts'
import { DEMO_OPERATOR_EMAIL, DEMO_PLAYER } from './demo-accounts.ts'
import { seedPaymentMethods } from './payment-methods.ts'
import { BRANDS } from '../../providers/demo-studio/games/types.ts'
import { seedGames, seedProviderSecret } from './games.ts'
import { SEEDED_PROMOTIONS, seedPromotions } from './promotions.ts'
import { seedEngagement } from './engagement.ts'
import { seedRewards } from './rewards.ts'
import { seedTournaments } from './tournaments.ts'
import { seedDemoDeposit } from '#server/modules/payments/seed-demo-deposit.ts'
import { seedExclusionRegister } from './exclusion-register.ts'
import { playerProtection } from '#server/modules/limits/limits.tables.ts'

/** CMS pages seeded in every locale from the content catalogues (`cms.<slug>.*`). */
export const SEEDED_PAGES = [
  'about-us',
  'tc',
  'privacy-policy',
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
      item('safer-play', 'safer_play', 'account/limits/', 'shield'),
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
      // The welcome offer and the weekly reload lead to their own promotion pages.
      item('welcome', 'bonus_welcome', `promotions/${SEEDED_PROMOTIONS.first}/`, 'bonus'),
      item('weekly', 'bonus_weekly', `promotions/${SEEDED_PROMOTIONS.weekend}/`, 'promotions'),
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
 * Demo content: settings, menus and CMS pages for every locale, the games and payment methods, the
 * operator, one example redirect, and the demo player when `demoPlayer` says so. Rows that exist
 * are left alone, so an operator's edits survive every start.
 */
export async function seedDemoContent(db: Db, options: SeedOptions): Promise<SeededOperator> {
  const shipped = loadShippedMessages('content')
  const operatorPassword = options.operatorPassword ?? randomBytes(15).toString('base64url')
  const operatorTotpSecret = options.operatorTotpSecret ?? newTotpSecret()
  const isOperatorNew = await db.transaction(async (tx) => {
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
    await seedPaymentMethods(tx)
    await seedGames(tx)
    // Tests give the studio's secret; a start settles it itself (studio-secret.ts).
    if (options.demoStudioSecret) {
      // The studio signs for each of its brands with its one secret.
      for (const brand of BRANDS) {
        await seedProviderSecret(tx, brand, options.secretBox.seal(options.demoStudioSecret))
      }
    }
    if (options.demoPlayer) {
      const [created] = await tx
        .insert(players)
        .values({
          email: DEMO_PLAYER.email,
          passwordHash: await hashPassword(DEMO_PLAYER.password),
          firstName: DEMO_PLAYER.firstName,
          lastName: DEMO_PLAYER.lastName,
          currency: 'EUR',
          country: 'FI',
          emailVerifiedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning({ id: players.id })
      // The demo player is an account already in use: it answered the deposit-limit prompt
      // (declined) long ago, so trying the site starts at the lobby, not at a question.
      if (created) {
        await tx
          .insert(playerProtection)
          .values({ playerId: created.id, limitPromptAnsweredAt: new Date() })
          .onConflictDoNothing()
      }
      await seedExclusionRegister(tx)
    }
    const existing = await findOperatorByEmail(tx, DEMO_OPERATOR_EMAIL)
    if (!existing) {
      await insertOperator(tx, {
        email: DEMO_OPERATOR_EMAIL,
        passwordHash: await hashPassword(operatorPassword),
        name: 'Sam',
        roles: ['admin'],
        totpSecretSealed: options.secretBox.seal(operatorTotpSecret),
      })
    }
    await tx
      .insert(redirects)
      .values({ fromPath: '/en/welcome-bonus/', toPath: '/en/promotions/', status: 301 })
      .onConflictDoNothing()
    return !existing
  })
  // After the transaction: the promotions' words quote the live rules in each locale's currency,
  // read at the rates the payment methods' seed has just stored.
  await seedPromotions(db)
  // The quests, achievements and their pages' blocks in every locale (issue 23).
  await seedEngagement(db)
  // The wheel, lootboxes, lotteries and shop, their pages' blocks (issue 24).
  await seedRewards(db, options.secretBox)
  // A running, an upcoming and a finished tournament with their boards (issue 25); after the
  // rewards, whose lootboxes are prizes.
  await seedTournaments(db, options.secretBox)
  // The demo player's 500.00 EUR card deposit, through the ledger (only when not there yet).
  const [demoPlayer] = options.demoPlayer
    ? await db.select({ id: players.id }).from(players).where(eq(players.email, DEMO_PLAYER.email))
    : []
  if (demoPlayer) await seedDemoDeposit(db, demoPlayer.id)
  return {
    email: DEMO_OPERATOR_EMAIL,
    password: operatorPassword,
    otpauthUrl: otpauthUrl(operatorTotpSecret, DEMO_OPERATOR_EMAIL),
    generated: isOperatorNew && (!options.operatorPassword || !options.operatorTotpSecret),
  }
}

export interface SeedOptions {
  secretBox: SecretBox
  /** The demo operator's password; generated when absent. */
  operatorPassword?: string | undefined
  /** The demo operator's TOTP secret (base32); generated when absent. */
  operatorTotpSecret?: string | undefined
  /**
   * Seed the demo player (whose password is in the README) with its deposit: never on a public
   * start unless SEED_DEMO says so.
   */
  demoPlayer: boolean
  /** Seal this as the Demo Studio's signing secret (tests); a start settles its own. */
  demoStudioSecret?: string
}

/** The demo operator's sign-in, to print once when any part of it was generated. */
export interface SeededOperator {
  email: string
  password: string
  otpauthUrl: string
  generated: boolean
}

/**
 * The seed's options from the configuration: the sealing key, the operator's sign-in (given on a
 * public start, so nothing is generated and printed there) and whether the demo player is seeded.
 */
export function demoSeedOptions(config: Config): SeedOptions {
  return {
    secretBox: createSecretBox(config.dataKey),
    operatorPassword: config.OPERATOR_PASSWORD,
    operatorTotpSecret: config.OPERATOR_TOTP_SECRET,
    demoPlayer: config.seedDemoPlayer,
  }
}

export function operatorNotice(operator: SeededOperator): string {
  return [
    'Demo operator created (shown once, keep it safe):',
    `  e-mail:   ${operator.email}`,
    `  password: ${operator.password}`,
    `  2FA:      ${operator.otpauthUrl}`,
  ].join('\n')
}
