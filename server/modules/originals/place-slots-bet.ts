import type { Db } from '#db/client.ts'
import type { SecretBox } from '#server/lib/secret-box.ts'
import type { RateTable } from '#server/modules/wallet/index.ts'
import { slotOutcome } from './engines/slots.ts'
import {
  assertStakeInRange,
  originalStakeRange,
  placeInstantBet,
  type InstantBetInput,
} from './instant-bets.ts'
import type { PlacedInstantBet } from './instant-bets.ts'

/**
 * A real-money Slots spin (5 reels, 10 lines): the stake is spread over the lines; the bet row
 * keeps the stops, the window and the line wins so the verify page can recompute them.
 */
export async function placeSlotsBet(
  db: Db,
  box: SecretBox,
  rates: RateTable,
  input: InstantBetInput,
): Promise<PlacedInstantBet> {
  assertStakeInRange(
    input.stakeMinor,
    await originalStakeRange(db, rates, 'slots', input.currency),
    input.currency,
  )
  return placeInstantBet(db, box, 'slots', { ...input, isSlotSpin: true }, (fairness) => {
    const { stops, window, wins, payoutMinor } = slotOutcome(fairness, input.stakeMinor)
    return { payoutMinor, outcome: { stops, window, wins } }
  })
}
