// The console's player calls as the pages read them (server/modules/backoffice/backoffice.contract.ts).

export type PlayerStatus = 'active' | 'locked' | 'closed'

export interface PlayerListItem {
  id: string
  email: string
  firstName: string
  lastName: string
  phone: string
  country: string
  currency: string
  status: PlayerStatus
  createdAt: string
  lastSignInAt: string | null
}

export interface Paged {
  total: number
  page: number
  pageSize: number
}

export interface WalletEntry {
  currency_id: string
  cents: string
  bonus_cents: string
  held_cents: string
  is_current: boolean
}

export interface PlayerOverview {
  profile: {
    id: string
    email: string
    firstName: string
    lastName: string
    birthDate: string | null
    country: string
    city: string
    address: string
    postCode: string
    phone: string
    currency: string
    locale: string
    emailVerifiedAt: string | null
    phoneVerifiedAt: string | null
    twoFactorOn: boolean
    createdAt: string
    status: PlayerStatus
    lockedAt: string | null
    lockReason: string | null
  }
  kyc: {
    state: 'none' | 'pending' | 'approved' | 'rejected'
    documents: {
      id: string
      type: string
      status: string
      reason: string | null
      fileName: string
      createdAt: string
    }[]
  }
  wallets: WalletEntry[]
  engagement: {
    points: number
    level: number
    levelPercent: number
    vipTier: number | null
    vipTierName: string | null
    coins: string
    questsInProgress: { quest: string; task: string; progress: string; expected: string }[]
  }
  sessions: {
    live: number
    recentSignIns: {
      at: string
      action: string
      ip: string | null
      userAgent: string | null
      details: Record<string, unknown>
    }[]
  }
  pendingAdjustments: number
}

export interface LedgerEntry {
  transferId: string
  code: string
  currency: string
  account: string
  amountMinor: string
  reference: string
  createdAt: string
}

export interface Bet {
  id: string
  game: string
  currency: string
  stake: string
  win: string
  multiplier: string
  outcome: Record<string, unknown>
  server_seed_hash: string | null
  client_seed: string | null
  nonce: number | null
  server_seed: string | null
  created_at: string
}

export interface AuditEntry {
  id: string
  at: string
  actorType: string
  actorName: string | null
  action: string
  ip: string | null
  details: Record<string, unknown>
}

export interface Note {
  id: string
  text: string
  operatorName: string | null
  createdAt: string
}

export interface Adjustment {
  id: string
  playerId: string
  playerEmail: string | null
  currency: string
  amountMinor: string
  reason: string
  status: 'pending' | 'approved' | 'rejected'
  requestedBy: string
  requestedByName: string | null
  requestedAt: string
  decidedByName: string | null
  decidedAt: string | null
  rejectReason: string | null
}

export const STATUS_TONE = { active: 'good', locked: 'bad', closed: 'warning' } as const

/** A timestamp as the console shows it: date and time in the operator's browser. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
