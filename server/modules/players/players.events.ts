declare module '#server/lib/event-bus.ts' {
  interface DomainEvents {
    /** A player's own data changed (profile, verification, 2FA): drop cached player info. */
    'player.changed': { playerId: string }
    /** A player signed up (committed); e-mail verification and other welcomes hang off this. */
    'player.registered': { playerId: string }
  }
}

export {}
