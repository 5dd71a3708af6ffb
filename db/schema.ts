// Every module's tables, re-exported for drizzle-kit and the typed client.
export * from '../server/modules/site/site.tables.ts'
export * from '../server/modules/auth/auth.tables.ts'
export * from '../server/modules/players/players.tables.ts'
export * from '../server/modules/notifications/notifications.tables.ts'
export * from '../server/modules/operators/operators.tables.ts'
export * from '../server/modules/messaging/messaging.tables.ts'
export * from '../server/modules/documents/documents.tables.ts'
export * from '../server/modules/audit/audit.tables.ts'
