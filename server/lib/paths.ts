import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The project's root folder, found from this file whether it runs from source (tsx, vitest) or
 * from the compiled bundle under `build/`.
 */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir)
      throw new Error('package.json not found above ' + fileURLToPath(import.meta.url))
    dir = parent
  }
  return dir
}

export const PROJECT_ROOT = findProjectRoot()
export const MIGRATIONS_DIR = join(PROJECT_ROOT, 'db', 'migrations')
export const LOCALES_DIR = join(PROJECT_ROOT, 'locales')
export const BUILD_DIR = join(PROJECT_ROOT, 'build')
