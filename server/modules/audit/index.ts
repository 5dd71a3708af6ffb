// The audit module's public face: what other modules import.
export { recordAudit } from './record-audit.ts'
