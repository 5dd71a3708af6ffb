import type { WireLiveBet, WireLiveRound } from './live.contract.ts'

declare module '#server/lib/event-bus.ts' {
  interface DomainEvents {
    /**
     * A live game's round changed phase (betting, running, settled or refunded); everyone
     * watching the game hears it (`liveRound` on the socket). The result and hash only once it
     * has ended.
     */
    'live.round': { game: WireLiveRound['game']; round: WireLiveRound; server_time: string }
    /** A live bet was placed, cashed out or settled; everyone watching the game hears it. */
    'live.bet': { game: WireLiveBet['game']; bet: WireLiveBet }
  }
}
