import type { PlayerBonus } from './bonuses.contract.ts'

declare module '#server/lib/event-bus.ts' {
  interface DomainEvents {
    /**
     * A player's bonus changed (committed): granted, wagered, completed, expired, cancelled. The
     * cabinet's wagering bar moves at once (`bonusUpdate` on the socket).
     */
    'bonus.changed': { playerId: string; bonus: PlayerBonus }
  }
}

export {}
