declare module '#server/lib/event-bus.ts' {
  interface DomainEvents {
    /** Settings, menus, pages, redirects or translation overrides changed: drop cached copies. */
    'site.changed': { scope: 'settings' | 'menus' | 'pages' | 'redirects' | 'translations' }
  }
}

export {}
