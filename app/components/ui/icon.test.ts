import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

describe('icon sprite', () => {
  it('has a symbol for every icon name the menus may use', async () => {
    // The component imports the sprite's URL through Vite; read the names from its source.
    const source = readFileSync(new URL('./icon.tsx', import.meta.url), 'utf8')
    const names = [
      ...source
        .slice(source.indexOf('ICON_NAMES'), source.indexOf('] as const'))
        .matchAll(/'([a-z]+)'/g),
    ].map((m) => m[1])
    const sprite = readFileSync(new URL('../../assets/icons.svg', import.meta.url), 'utf8')
    const symbols = [...sprite.matchAll(/<symbol id="([a-z]+)"/g)].map((m) => m[1])
    expect(names.length).toBeGreaterThan(10)
    expect(symbols.sort()).toEqual([...names].sort())
  })
})
