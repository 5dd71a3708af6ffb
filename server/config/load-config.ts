import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { loadEnv, toConfig, type Config } from './env.ts'

/**
 * A data key kept beside the embedded database when no variable provides one, so sealed secrets
 * stay readable across restarts of `npm start`.
 */
function readOrCreateKeyFile(path: string): Buffer {
  if (existsSync(path)) return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')
  mkdirSync(dirname(path), { recursive: true })
  const key = randomBytes(32)
  writeFileSync(path, key.toString('base64'), { mode: 0o600 })
  chmodSync(path, 0o600)
  return key
}

/** The configuration of a process that starts the site or runs a script against its data. */
export function loadConfig(): Config {
  const env = loadEnv()
  return toConfig(
    env,
    () => randomBytes(32).toString('base64url'),
    () => readOrCreateKeyFile(join(dirname(env.PGLITE_DATA_DIR), 'data-encryption.key')),
  )
}
