// `npm start`: builds once when no build exists, then runs the compiled server.
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

if (!existsSync('build/app/server.js') || !existsSync('build/server/index.js')) {
  console.log('No build found: building once (about 10 s)…')
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
process.env.NODE_ENV ??= 'production'
await import('../build/app/server.js')
