import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useRevalidator } from 'react-router'
import { AppLink } from '#app/components/ui/app-link.tsx'
import { DepositWithdrawLinks } from '#app/components/wallet/deposit-withdraw-links.tsx'
import { FEATURES } from '#common/features.ts'
import { usePopover } from '#app/lib/use-popover.ts'
import { useRootData } from '#app/lib/use-root-data.ts'
import { logOut } from '#app/state/session-actions.ts'
import { useUserStore } from '#app/state/user-store.ts'
import { ThemeSwitcher } from './theme-switcher.tsx'

// Bonuses only while bonuses exist (`app/lib/features.ts`).
const CABINET_LINKS = [
  { key: 'home', path: '' },
  { key: 'profile', path: 'profile/' },
  ...(FEATURES.bonuses ? [{ key: 'bonuses', path: 'bonuses/' } as const] : []),
  { key: 'notifications', path: 'notifications/' },
  { key: 'transaction', path: 'transaction/' },
  { key: 'limits', path: 'limits/' },
] as const

/** The signed-in player's menu: who they are, their level (with loyalty), the cabinet, logout. */
export function PlayerMenu() {
  const { t } = useTranslation()
  const { player } = useRootData()
  const { isOpen, setIsOpen, panelId, root, button } = usePopover()
  const levelImage = useUserStore((state) =>
    FEATURES.loyalty ? state.user?.levelImageUrl : undefined,
  )

  if (!player) return null
  const name = player.firstName || player.email
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className="flex items-center gap-2 rounded-xl border border-line p-1 pe-1 text-sm text-ink hover:border-gold/60 sm:pe-3"
      >
        <span
          aria-hidden="true"
          className="relative flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-gold-soft to-gold-strong font-bold text-on-gold"
        >
          {name.slice(0, 1).toUpperCase()}
          {/* The level's badge on the avatar: the menu inside says the level and points. */}
          {levelImage ? (
            <img
              src={levelImage}
              alt=""
              width={16}
              height={16}
              className="absolute -end-1.5 -bottom-1.5 size-4"
              data-testid="header-level-badge"
            />
          ) : null}
        </span>
        <span className="hidden max-w-32 truncate font-semibold sm:block">{name}</span>
        <span className="sr-only">{t('player_menu.open')}</span>
      </button>
      {isOpen ? (
        <div
          id={panelId}
          data-testid="player-menu"
          className="animate-fade-in absolute end-0 top-12 z-40 w-72 rounded-2xl border border-line bg-surface-raised p-2 shadow-2xl"
        >
          <PlayerPanel onDone={() => setIsOpen(false)} />
          <div className="flex items-center justify-between gap-2 border-t border-line px-3 pt-3 pb-1">
            <span className="text-xs text-ink-muted">{t('theme.label')}</span>
            <ThemeSwitcher />
          </div>
          <LogoutButton onDone={() => setIsOpen(false)} />
        </div>
      ) : null}
    </div>
  )
}

/**
 * The player's name, level, Deposit and Withdraw and the cabinet's pages: the header's player
 * menu shows it, and the phone's menu drawer, where the header has no room for that menu.
 */
export function PlayerPanel({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const { player, locale } = useRootData()
  const user = useUserStore((state) => state.user)
  if (!player) return null
  const name = player.firstName || player.email
  // Level and points arrive with the player info call; they show while loyalty is on, as a link
  // to the loyalty page with the level's badge and the way to the next one.
  const level = FEATURES.loyalty && typeof user?.level === 'number' ? user.level : undefined
  const points = FEATURES.loyalty && typeof user?.points === 'number' ? user.points : undefined
  return (
    <>
      <div className="flex flex-col gap-1 border-b border-line px-3 pt-2 pb-3">
        <p className="truncate font-semibold text-ink">{name}</p>
        <p className="truncate text-xs text-ink-muted">{player.email}</p>
        {level !== undefined ? (
          <AppLink
            to={`/${locale}/loyalty/`}
            onClick={onDone}
            data-testid="player-level"
            className="mt-2 flex items-center gap-2.5 rounded-xl border border-line bg-surface px-2.5 py-2 hover:border-gold/60"
          >
            {user?.levelImageUrl ? (
              <img
                src={user.levelImageUrl}
                alt=""
                width={32}
                height={32}
                className="size-8 shrink-0"
              />
            ) : null}
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="text-sm font-semibold text-ink">
                {t('player_menu.level', { level })}
              </span>
              {points !== undefined ? (
                <span className="text-xs text-ink-muted tabular-nums">
                  {t('player_menu.points', { count: points })}
                </span>
              ) : null}
            </span>
            {typeof user?.levelPercent === 'number' ? (
              <span
                aria-hidden="true"
                className="h-1.5 w-12 shrink-0 overflow-hidden rounded-full bg-line"
              >
                <span
                  className="block h-full rounded-full bg-gold"
                  style={{ width: `${String(user.levelPercent)}%` }}
                />
              </span>
            ) : null}
            <span className="sr-only">{t('player_menu.loyalty_link')}</span>
          </AppLink>
        ) : null}
      </div>
      <DepositWithdrawLinks onOpen={onDone} className="border-b border-line py-3" />
      <nav aria-label={t('account.menu')}>
        <ul className="flex flex-col py-2">
          {CABINET_LINKS.map((link) => (
            <li key={link.key}>
              <AppLink
                to={`/${locale}/account/${link.path}`}
                onClick={onDone}
                className="block rounded-lg px-3 py-2 text-sm text-ink-muted hover:bg-line/50 hover:text-ink"
              >
                {t(`account.tabs.${link.key}`)}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  )
}

export function LogoutButton({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const { locale } = useRootData()
  const revalidator = useRevalidator()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  return (
    <button
      type="button"
      onClick={() => {
        onDone()
        // The cabinet is for signed-in players: logging out there lands on the home page.
        const isCabinet = pathname.startsWith(`/${locale}/account`)
        void logOut(t, isCabinet ? () => navigate(`/${locale}/`) : undefined).then(() =>
          revalidator.revalidate(),
        )
      }}
      className="mt-2 w-full rounded-lg px-3 py-2 text-start text-sm font-semibold text-danger hover:bg-danger/10"
    >
      {t('auth.logout')}
    </button>
  )
}
