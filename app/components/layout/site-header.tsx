import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { buttonClassName } from '#app/components/ui/button.tsx'
import { useDialog } from '#app/components/dialogs/use-dialog.ts'
import { NotificationMenu } from '#app/components/notifications/notification-menu.tsx'
import { DIALOGS } from '#app/lib/dialog-url.ts'
import { FEATURES } from '#common/features.ts'
import { getLocale } from '#common/locales.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { WalletMenu } from '#app/components/wallet/wallet-menu.tsx'
import { Icon } from '#app/components/ui/icon.tsx'
import { MenuLinks } from './menu-links.tsx'
import { MobileMenu } from './mobile-menu.tsx'
import { PlayerMenu } from './player-menu.tsx'

export function Logo({ className = 'flex' }: { className?: string }) {
  const { locale } = useRootData()
  const { t } = useTranslation()
  return (
    <AppLink
      to={`/${locale}/`}
      className={`${className} shrink-0 items-center gap-2`}
      aria-label={t('nav.home_aria')}
    >
      <img src="/favicon.svg" alt="" width="32" height="32" className="size-8" />
      <span className="hidden bg-gradient-to-br from-gold-soft to-gold-strong bg-clip-text text-xl font-extrabold tracking-[0.18em] text-transparent xsm:inline">
        AURUM
      </span>
    </AppLink>
  )
}

const iconButton =
  'flex size-10 shrink-0 items-center justify-center rounded-xl border border-line text-ink hover:border-gold/60'

/** Phones: a smaller word in a tighter button, on one line (Arabic wrapped "تسجيل الدخول"). */
const authButtonFit = 'whitespace-nowrap max-xsm:px-2.5 max-xsm:text-xs'

/** Header: logo, the header menu, search, language, and the visitor's or player's actions. */
export function SiteHeader() {
  const { menus, player, locale } = useRootData()
  const { t } = useTranslation()
  const { linkTo } = useDialog()
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
      <div className="mx-auto flex h-16 max-w-[120rem] items-center gap-1 px-3 xs:gap-1.5 xsm:gap-2 sm:gap-3 sm:px-4">
        <MobileMenu />
        {/* Under 360 px the actions need the logo's room; the tab bar and the menu lead home. */}
        <Logo className="hidden xs:flex" />
        <nav aria-label={t('nav.main')} className="ms-2 hidden min-w-0 flex-1 md:block">
          <MenuLinks
            items={menus.header}
            className="flex items-center gap-1"
            itemClassName="rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-ink-muted transition-colors hover:text-ink [&.is-active]:text-gold"
          />
        </nav>
        <div className="ms-auto flex items-center gap-1 xs:gap-1.5 xsm:gap-2">
          <Link
            {...linkTo(DIALOGS.search)}
            className={iconButton}
            aria-label={t('search.open')}
            data-testid="open-search"
          >
            <Icon name="search" />
          </Link>
          {FEATURES.bonuses ? (
            <Link
              {...linkTo(DIALOGS.bonuses)}
              className={`${iconButton} hidden xsm:flex`}
              aria-label={t('bonus_menu.open')}
              data-testid="open-bonuses"
            >
              <Icon name="promotions" />
            </Link>
          ) : null}
          <Link
            {...linkTo(DIALOGS.language)}
            className={`${iconButton} hidden sm:flex`}
            aria-label={t('language.choose')}
            data-testid="open-language"
          >
            <Icon name="globe" />
          </Link>
          {player ? (
            <>
              <WalletMenu localeTag={getLocale(locale).tag} />
              <Link
                {...linkTo(DIALOGS.deposit)}
                // One tap from every page: a plus on phones, the word from 520 px up.
                className={`${buttonClassName('primary')} max-xsm:px-2.5`}
                data-testid="open-deposit"
              >
                <Icon name="plus" className="size-5 stroke-[2.4] xsm:hidden" />
                <span className="max-xsm:sr-only">{t('wallet.deposit')}</span>
              </Link>
              <NotificationMenu />
              {/* Phones find the player's menu in the menu drawer: the header has no room. */}
              <div className="hidden xsm:block">
                <PlayerMenu />
              </div>
            </>
          ) : (
            <>
              <Link
                {...linkTo(DIALOGS.login)}
                className={`${buttonClassName('secondary')} ${authButtonFit}`}
                data-testid="open-login"
              >
                <AuthLabel short={t('auth.login_short')} full={t('auth.login')} />
              </Link>
              <Link
                {...linkTo(DIALOGS.register)}
                className={`${buttonClassName('primary')} ${authButtonFit}`}
                data-testid="open-register"
              >
                <AuthLabel short={t('auth.sign_up_short')} full={t('auth.sign_up')} />
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  )
}

/** A phone shows the short word (German, Finnish, Polish… need it), wider screens the full one. */
function AuthLabel({ short, full }: { short: string; full: string }) {
  if (short === full) return full
  return (
    <>
      <span className="xsm:hidden">{short}</span>
      <span className="max-xsm:hidden">{full}</span>
    </>
  )
}
