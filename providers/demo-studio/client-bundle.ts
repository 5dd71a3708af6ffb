import { createHash } from 'node:crypto'
import { build } from 'esbuild'

// The game pages' script: `client/main.ts` and the renderers, bundled for the browser once per
// process on first use (about a tenth of a second) and served under a name made of its hash.
// Read from the working directory, as every start of the site runs from the repository.

const ENTRY = 'providers/demo-studio/client/main.ts'

let bundled: Promise<{ file: string; code: string }> | undefined

export function clientBundle(): Promise<{ file: string; code: string }> {
  bundled ??= build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  }).then((result) => {
    const code = result.outputFiles[0]?.text ?? ''
    const hash = createHash('sha256').update(code).digest('hex').slice(0, 16)
    return { file: `studio-${hash}.js`, code }
  })
  return bundled
}
