declare module '#server/lib/event-bus.ts' {
  interface DomainEvents {
    /** Sessions ended (logout, password change or reset): drop cached copies, close their sockets. */
    'sessions.ended': { idHashes: string[] }
  }
}

export {}
