// `npx tsx providers/demo-studio/preview.ts [port]`: the studio alone, for working on its pages —
// demo play of every title at http://127.0.0.1:{port}/studio/demo/play/{code}?mode=demo&lang=en
// (and /studio/demo/ lists them). Its sessions live in memory; real play needs the casino (npm run dev).
import Fastify from 'fastify'
import { STUDIO_TITLES } from './sheet.ts'
import { memoryStudioStore } from './store.ts'
import { demoStudio } from './studio.plugin.ts'

const port = Number(process.argv[2] ?? 3300)
const app = Fastify({ logger: { level: 'warn' } })
await app.register(demoStudio, {
  prefix: '/studio/demo',
  secret: 'preview-only-no-casino-is-called-in-demo',
  casinoUrl: 'http://127.0.0.1:9',
  store: memoryStudioStore(),
})
app.get('/studio/demo/', async (_request, reply) =>
  reply.type('text/html').send(
    `<!doctype html><meta charset="utf-8"><title>Demo Studio preview</title><ul>${STUDIO_TITLES.map(
      (title) =>
        `<li><a href="/studio/demo/play/${title.code}?mode=demo&lang=en">${title.title}</a> (${title.kind})</li>`,
    ).join('')}</ul>`,
  ),
)
await app.listen({ port, host: '127.0.0.1' })
console.log(`Demo Studio preview on http://127.0.0.1:${port}/studio/demo/`)
