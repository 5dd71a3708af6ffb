// The documents module's public face: what other modules import.
export { insertDocument } from './documents.repo.ts'
