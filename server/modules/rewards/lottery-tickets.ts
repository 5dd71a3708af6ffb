import type { Tx } from '#db/client.ts'

export interface TicketIssue {
  playerId: string
  count: number
  source: 'bought' | 'earned' | 'won'
  /** Unique per issue; ticket n's source key is `<key>:<n>`. */
  key: string
  now: Date
  /** The lottery; by default the one whose sales are open at `now`. */
  lotteryId?: number
}

/**
 * Issues tickets in a lottery inside the caller's transaction: the lottery's row is locked, its
 * sales must be open (`lottery.closed`) and the player stays within its limit (`lottery.ticket_limit`).
 */
export async function issueLotteryTickets(_tx: Tx, _issue: TicketIssue): Promise<void> {
  throw new Error('PLACEHOLDER: issueLotteryTickets')
}
