// The server for the end-to-end suite: the production build on a fresh embedded database.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dir = mkdtempSync(join(tmpdir(), 'aurum-e2e-'))
process.env.PGLITE_DATA_DIR = join(dir, 'pglite')
const cleanup = () => rmSync(dir, { recursive: true, force: true })
process.once('exit', cleanup)
await import('../build/app/server.js')
