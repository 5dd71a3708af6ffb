import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { FastifyPluginAsync } from 'fastify'
import fastifyStatic from '@fastify/static'

/** Country flags (file name: the lower-cased country code), drawn by the flag-icons project. */
const flagsPlugin: FastifyPluginAsync = async (app) => {
  await app.register(fastifyStatic, {
    root: join(
      dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')),
      'flags/4x3',
    ),
    prefix: '/flags/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
  })
}

export default flagsPlugin
