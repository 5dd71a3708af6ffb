import { randomUUID } from 'node:crypto'
import { mkdir, open, rm, writeFile } from 'node:fs/promises'
import type { ReadStream } from 'node:fs'
import { dirname, resolve, sep } from 'node:path'

/**
 * Where document files live: one folder per player under the upload directory, outside the web
 * root, each file named by a random id (never by anything the client sent) and readable only by
 * the server's own user.
 */
export interface DocumentStorage {
  /** A new, unused key for a player's file: `<playerId>/<uuid>`. */
  newKey(playerId: string): string
  /** Writes a new file; fails rather than overwrite one. */
  write(key: string, bytes: Uint8Array): Promise<void>
  /** Opens a file for streaming, or undefined when it is not there. */
  open(key: string): Promise<{ stream: ReadStream; sizeBytes: number } | undefined>
  /** Removes a file; a file already gone is not an error. */
  remove(key: string): Promise<void>
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export function createDocumentStorage(uploadDir: string): DocumentStorage {
  const root = resolve(uploadDir)

  // Keys come from `newKey` through the database; checking them anyway means a bad row can
  // never point the server at a file outside the upload directory.
  const pathOf = (key: string) => {
    const [owner, name, ...rest] = key.split('/')
    if (!owner || !name || rest.length > 0 || !UUID.test(owner) || !UUID.test(name)) {
      throw new Error(`not a document storage key: ${key}`)
    }
    const path = resolve(root, owner, name)
    if (!path.startsWith(root + sep)) throw new Error(`storage key outside the root: ${key}`)
    return path
  }

  return {
    newKey: (playerId) => `${playerId}/${randomUUID()}`,

    async write(key, bytes) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true, mode: 0o700 })
      await writeFile(path, bytes, { mode: 0o600, flag: 'wx' })
    },

    async open(key) {
      let handle
      try {
        handle = await open(pathOf(key), 'r')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
      try {
        const { size } = await handle.stat()
        return { stream: handle.createReadStream(), sizeBytes: size }
      } catch (error) {
        await handle.close()
        throw error
      }
    },

    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}
