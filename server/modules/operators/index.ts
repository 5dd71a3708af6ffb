// The operators module's public face: what other modules import.
export { operatorRoutes } from './operators.routes.ts'
export { findOperatorById, type OperatorSummary } from './operators.repo.ts'
