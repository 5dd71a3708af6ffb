// The operators module's public face: operator lookups (the operator guards use them).
export { findOperatorById, type OperatorSummary } from './operators.repo.ts'
