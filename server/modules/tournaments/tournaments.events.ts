import type { TournamentPhase } from '#common/tournament-rules.ts'
import type { LeaderboardMessage, Standing } from './tournaments.contract.ts'

declare module '#server/lib/event-bus.ts' {
  interface DomainEvents {
    /**
     * A tournament's board moved (committed): forwarded as `tournamentLeaderboard` to the sockets
     * watching it (`tournament:<id>`).
     */
    'tournament.leaderboard': LeaderboardMessage
    /**
     * The player's own row moved (committed): forwarded to the player as `tournamentStanding`
     * with `{ tournament_id, version, own }`.
     */
    'tournament.standing': {
      playerId: string
      tournament_id: number
      version: number
      own: Standing
    }
    /**
     * A tournament started or finished (its job ran): forwarded as `tournamentPhase` with
     * `{ tournament_id, phase }` to the sockets watching it.
     */
    'tournament.phase': { tournament_id: number; phase: TournamentPhase }
    /** An operator created or changed a tournament: drop cached content, ask for its jobs. */
    'tournaments.content.changed': Record<string, never>
  }
}

export {}
