// The audit module's public face: the one writer of the audit log.
export { recordAudit } from './record-audit.ts'
