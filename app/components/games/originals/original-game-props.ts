import type { StakeRange } from '#app/lib/stake-steps.ts'

/** What the game screen hands every Original. */
export type OriginalGameProps = {
  /** `real` bets through the ledger; `demo` plays with play money that never reaches the server. */
  mode: 'real' | 'demo'
  /** The current wallet's currency (play money is shown in it too). */
  currency: string
  /** The stakes the server takes in that currency: the default stake and steps stay inside. */
  stakeRange: StakeRange
  game: { slug: string; title: string; rtpBp: number }
}
