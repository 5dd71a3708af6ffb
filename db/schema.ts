// Every module's tables, re-exported for drizzle-kit and the typed client.
export * from '../server/modules/site/site.tables.ts'
export * from '../server/modules/auth/auth.tables.ts'
export * from '../server/modules/players/players.tables.ts'
export * from '../server/modules/notifications/notifications.tables.ts'
