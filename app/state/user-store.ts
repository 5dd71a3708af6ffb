import { create } from 'zustand'
import type { SignedInPlayer } from '#server/plugins/load-context.ts'
import type { WireTransaction } from '#server/modules/payments/payments.contract.ts'
import type { CatalogueGame } from '#server/modules/catalogue/catalogue.contract.ts'
import type { PlayerBonus } from '#server/modules/bonuses/bonuses.contract.ts'
import { createJSONStorage, persist } from 'zustand/middleware'

/**
 * The user store. Its persisted part lives in session storage: user, user data,
 * wallet, sidebar UI, bonuses, recently played games, sign-up data and the first-time flag.
 * The accounts, wallet and games features fill the fields; this is their one home.
 */
export interface WalletEntry {
  currency_id: string
  cents: string
  /** Beside the spec's fields (issue 5): bonus money, withdrawals held, the current flag. */
  bonus_cents?: string
  held_cents?: string
  is_current?: boolean
}

/** The player info, from `GET /player/info` (amounts in minor units, as strings). */
export interface PlayerInfo {
  currency: string
  currencySymbol: string
  availableToWithdraw: string
  email: string
  firstName: string
  lastName: string
  birthDate: string | null
  country: string
  city: string
  address: string
  postCode: string
  phone: string
  level: number
  levelPercent: number
  points: number
  levelImageUrl: string
  nextLevelPoints: number
  currentLevelPoints: number
  token: string
  totalDepositAmounts: string
  apiId: string
  emailVerified: boolean
  phoneVerified: boolean
  twoFactorEnabled: boolean
  /** An approved identity document fixed name, birth date and country (changed via support). */
  identityLocked: boolean
}

/** Sign-up data kept between the two steps (never the password). */
export interface SignUpStep1 {
  email: string
  currency: string
  terms_accepted: boolean
}
/** Personal details: sign-up's second step and the profile (`POST /player/update`). */
export interface PersonalDetails {
  first_name: string
  last_name: string
  birth_date: string
  country: string
  city: string
  address: string
  post_code: string
  phone: string
}

export interface UserState {
  /** The signed-in player, extended by player info once that call has answered. */
  user: (SignedInPlayer & Partial<PlayerInfo>) | null
  firstTimeOnSite: boolean
  userData: { api_id: string; email: string; first_name: string; currency_id: string } | null
  sidebarUi: { isCollapsed: boolean }
  wallet: {
    current: WalletEntry | null
    all: WalletEntry[]
    /** The newest pending withdrawal, or null. */
    cashOut: WireTransaction | null
  }
  /** Ended bonuses, and offered plus active ones (`GET /bonus/get-old`, `/bonus/get-all`). */
  bonuses: { oldBonuses: PlayerBonus[]; activeBonuses: PlayerBonus[] }
  /** Whether the bonus lists have loaded in this tab (not persisted: a reload fetches again). */
  bonusesStatus: 'idle' | 'loading' | 'ready' | 'error'
  /** Newest first, from `GET /player/get-recently-played-games` (the side menu shows them). */
  recentlyPlayedGames: CatalogueGame[]
  /** Sign-up data is kept in two steps. */
  signUpData: { step1: SignUpStep1 | null; step2: PersonalDetails | null }
  isAuthenticated: boolean
  setSidebarCollapsed(isCollapsed: boolean): void
  /** Logout: user, user data, sign-up data and player info go; first-time-on-site is set. */
  clearUser(): void
}

export const USER_STORE_KEY = 'aurum:user'

export const useUserStore = create<UserState>()(
  persist(
    (set) => ({
      user: null,
      firstTimeOnSite: true,
      userData: null,
      sidebarUi: { isCollapsed: false },
      wallet: { current: null, all: [], cashOut: null },
      bonuses: { oldBonuses: [], activeBonuses: [] },
      bonusesStatus: 'idle',
      recentlyPlayedGames: [],
      signUpData: { step1: null, step2: null },
      isAuthenticated: false,
      setSidebarCollapsed: (isCollapsed) => set({ sidebarUi: { isCollapsed } }),
      clearUser: () =>
        set({
          user: null,
          userData: null,
          isAuthenticated: false,
          firstTimeOnSite: true,
          wallet: { current: null, all: [], cashOut: null },
          bonuses: { oldBonuses: [], activeBonuses: [] },
          bonusesStatus: 'idle',
          signUpData: { step1: null, step2: null },
          // The next player in this tab must not see what the last one played.
          recentlyPlayedGames: [],
        }),
    }),
    {
      name: USER_STORE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({
        user: state.user,
        userData: state.userData,
        wallet: state.wallet,
        sidebarUi: state.sidebarUi,
        bonuses: state.bonuses,
        recentlyPlayedGames: state.recentlyPlayedGames,
        signUpData: state.signUpData,
        firstTimeOnSite: state.firstTimeOnSite,
      }),
      // The server render has no session storage; hydrate after mount to avoid a mismatch.
      skipHydration: true,
    },
  ),
)
