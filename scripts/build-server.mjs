// Compiles the Fastify server into build/app/server.js and precompresses the client assets, so
// `npm start` runs plain Node with no TypeScript loader and static files cost no CPU per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync, constants } from 'node:zlib'
import { build } from 'esbuild'

await build({
  entryPoints: ['server/server.ts'],
  outfile: 'build/app/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})

const compressible = /\.(js|css|svg|json|txt|html|map)$/
function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) walk(path)
    else if (compressible.test(path) && statSync(path).size > 1024) {
      const content = readFileSync(path)
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      )
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }))
    }
  }
}
walk('build/client')
