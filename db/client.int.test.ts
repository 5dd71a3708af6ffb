import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import { DatabaseLockedError, openDatabase } from './client.ts'
import { DEFAULT_SETTINGS } from '#server/modules/site/site.service.ts'
import { seedDemoContent } from './seed/seed.ts'
import { DEMO_PLAYER } from './seed/demo-accounts.ts'
import { players } from '#server/modules/players/players.tables.ts'
import { createSecretBox } from '#server/lib/secret-box.ts'
import { randomBytes } from 'node:crypto'
import { cmsPages, menus, siteSettings } from '#server/modules/site/site.tables.ts'
import { LOCALES } from '#common/locales.ts'
import { MENU_KEYS } from '#server/modules/site/site.contract.ts'
import { BONUS_CODES } from '#common/bonus-rules.ts'
import { promotions } from '#server/modules/bonuses/bonuses.tables.ts'

const dir = mkdtempSync(join(tmpdir(), 'aurum-lock-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
// Starting from the run's migrated dump skips initdb, which takes seconds.
const dump = () => new Blob([readFileSync(inject('pgliteDumpPath'))])

describe('embedded database lock', () => {
  it('refuses a second opener of the same data directory with a clear message', async () => {
    const dataDir = join(dir, 'pglite')
    const first = await openDatabase({ dataDir, loadDataDir: dump() })
    try {
      writeFileSync(`${dataDir}.lock`, '1') // pid 1 is always alive
      await expect(openDatabase({ dataDir })).rejects.toThrow(DatabaseLockedError)
      await expect(openDatabase({ dataDir })).rejects.toThrow(/already open in process 1/)
      writeFileSync(`${dataDir}.lock`, String(process.pid))
    } finally {
      await first.close()
    }
  })

  it('takes over a lock left by a process that is gone', async () => {
    const dataDir = join(dir, 'stale')
    writeFileSync(`${dataDir}.lock`, '2147483646')
    const database = await openDatabase({ dataDir, loadDataDir: dump() })
    await database.ping()
    await database.close()
  })
})

describe('demo seed', () => {
  it('fills every locale and can run again without duplicating anything', async () => {
    // The migrated, unseeded dump: test apps start from one the run already seeded.
    const database = await openDatabase({ loadDataDir: dump() })
    const demoPlayers = async () =>
      database.db.$count(players, eq(players.email, DEMO_PLAYER.email))
    try {
      // As a public start seeds: no demo player (its password is in the README).
      const options = { secretBox: createSecretBox(randomBytes(32)), demoPlayer: false }
      const first = await seedDemoContent(database.db, options)
      expect(await demoPlayers()).toBe(0)
      const again = await seedDemoContent(database.db, { ...options, demoPlayer: true })
      expect(await demoPlayers()).toBe(1)
      // The operator's generated sign-in is announced the first time only.
      expect(first.generated).toBe(true)
      expect(again.generated).toBe(false)
      const [menuRows] = await database.db.select({ n: count() }).from(menus)
      const [pageRows] = await database.db.select({ n: count() }).from(cmsPages)
      const [settingRows] = await database.db.select({ n: count() }).from(siteSettings)
      expect(menuRows?.n).toBe(LOCALES.length * MENU_KEYS.length)
      // Five CMS pages per locale (the bonus terms are generated from the live rules instead).
      expect(pageRows?.n).toBe(LOCALES.length * 5)
      expect(settingRows?.n).toBe(Object.keys(DEFAULT_SETTINGS).length)
      // A promotion per bonus code, once, however often the seed runs.
      const [promotionRows] = await database.db.select({ n: count() }).from(promotions)
      expect(promotionRows?.n).toBe(BONUS_CODES.length)
    } finally {
      await database.close()
    }
  })
})
