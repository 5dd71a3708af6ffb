import { pathToFileURL } from 'node:url'
import { Linter, type ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

// The rule as `npm run lint` runs it, on sample sources: a rule that silently stopped firing
// would let the floor plan erode unseen.
const configUrl = pathToFileURL(`${process.cwd()}/eslint.config.js`).href
const { aurum } = (await import(configUrl)) as { aurum: ESLint.Plugin }

const linter = new Linter({ configType: 'flat' })
const lint = (filename: string, code: string) =>
  linter
    .verify(
      code,
      [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser },
          plugins: { aurum },
          rules: { 'aurum/module-boundaries': 'error' },
        },
      ],
      { filename },
    )
    .map((message) => message.message)

describe('the module-boundaries lint rule', () => {
  it("refuses another module's internal file, by alias or relative path, types included", () => {
    const file = 'server/modules/bets/settle.ts'
    expect(
      lint(file, "import { studioCode } from '#server/modules/catalogue/playable.ts'"),
    ).toEqual([expect.stringContaining('internal to the catalogue module')])
    expect(lint(file, "import type { Studios } from '../catalogue/playable.ts'")).toHaveLength(1)
    expect(lint(file, "export { studioCode } from '../catalogue/playable.ts'")).toHaveLength(1)
    expect(
      lint('server/flows/deposit.ts', "import { x } from '../modules/ledger/ledger.ts'"),
    ).toEqual([expect.stringContaining('internal to the ledger module')])
    expect(
      lint('server/plugins/ssr.ts', "import { x } from '#server/modules/auth/guards.ts'"),
    ).toEqual([expect.stringContaining('internal to the auth module')])
  })

  it("admits a module's index.ts, its tables, its own files and the app's plugin imports", () => {
    const file = 'server/modules/originals/engines/dice.ts'
    expect(lint(file, "import { postTransfers } from '#server/modules/ledger/index.ts'")).toEqual(
      [],
    )
    expect(lint(file, "import { players } from '../../players/players.tables.ts'")).toEqual([])
    expect(lint(file, "import { seeds } from '../seeds.ts'")).toEqual([])
    expect(lint(file, "import { x } from '#server/modules/originals/seeds.ts'")).toEqual([])
    expect(lint(file, "import { x } from '#server/lib/errors.ts'")).toEqual([])
    expect(lint(file, "import { x } from '#common/money.ts'")).toEqual([])
    expect(
      lint('server/app.ts', "import { authPlugin } from '#server/modules/auth/auth.plugin.ts'"),
    ).toEqual([])
    expect(
      lint('server/flows/x.ts', "import { authPlugin } from '#server/modules/auth/auth.plugin.ts'"),
    ).toHaveLength(1)
  })

  it('keeps modules off flows and server/ off app/', () => {
    expect(
      lint('server/modules/payments/x.ts', "import { f } from '#server/flows/credit.ts'"),
    ).toEqual([expect.stringContaining('never import flows')])
    expect(lint('server/plugins/ssr.ts', "import type { X } from '#app/lib/x.ts'")).toEqual([
      expect.stringContaining('never imports app/'),
    ])
    expect(lint('server/plugins/ssr.ts', "import { X } from '../../app/root.tsx'")).toHaveLength(1)
    // Outside server/ the rule has nothing to say.
    expect(lint('app/lib/x.ts', "import { x } from '#server/modules/auth/guards.ts'")).toEqual([])
  })
})
