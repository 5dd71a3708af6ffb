import { describe, expect, it } from 'vitest'
import { ART_NAMES, drawSymbol, NAMED_ARTS, symbolName } from './symbols.ts'

// The art names part S1's titles use (common brief): each must draw.
const REQUIRED = `ace king queen jack ten nine
cherry lemon orange plum grapes watermelon bell bar double-bar triple-bar seven star
gem-red gem-blue gem-green gem-purple gem-yellow diamond
rune axe helmet longship wolf raven shield hammer aurora snowflake reindeer moon
ankh scarab eye pyramid pharaoh sphinx book
pearl shell anchor fish octopus kraken ship compass chest mermaid lighthouse wave
lantern coin dragon koi fan katana samurai lotus firework
sheriff-star cactus revolver horseshoe bandit wanted nugget wagon
planet rocket alien asteroid comet ufo satellite astronaut
lollipop cupcake candy donut gummy heart
tiger parrot monkey leaf idol fox clover pot-of-gold rainbow chili
robot gear bolt
wild scatter bonus coin`
  .split(/\s+/)
  .filter(Boolean)

const GOLD = { accent: '#f6c445', background: 'linear-gradient(#2a0845, #6441a5)' }
const SEA = { accent: '#33ddff', background: 'linear-gradient(#0b2440, #08131f)' }

/** Tags balance, attributes are quoted, gradients referenced are defined. */
function wellFormed(svg: string) {
  const stack: string[] = []
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z]+)((?:\s+[\w:-]+="[^"<>]*")*)\s*(\/?)>/g)) {
    const [, closing, name = '', , selfClosing] = match
    if (closing) expect(stack.pop(), `closing </${name}>`).toBe(name)
    else if (!selfClosing) stack.push(name)
  }
  expect(stack).toEqual([])
  // Every `<` opens a tag the pattern above understood (no broken attribute).
  const tags = svg.match(/</g)?.length ?? 0
  const parsed = [...svg.matchAll(/<(\/?)([a-zA-Z]+)((?:\s+[\w:-]+="[^"<>]*")*)\s*(\/?)>/g)].length
  expect(parsed).toBe(tags)
  for (const [, id] of svg.matchAll(/url\(#([\w-]+)\)/g)) expect(svg).toContain(`id="${id}"`)
  expect(svg).not.toMatch(/NaN|undefined/)
}

const withoutIds = (svg: string) => svg.replace(/sy[0-9a-z]+(?=[gr][0-9a-z]+)/g, 'ID')

describe('the symbol library', () => {
  it('draws every art name the titles use', () => {
    for (const art of REQUIRED) expect(ART_NAMES, art).toContain(art)
  })

  it.each(ART_NAMES)('%s is a well-formed 100×100 SVG', (art) => {
    const svg = drawSymbol(art, GOLD)
    expect(svg.startsWith('<svg ')).toBe(true)
    expect(svg).toContain('viewBox="0 0 100 100"')
    wellFormed(svg)
  })

  it('draws each art differently', () => {
    const drawings = ART_NAMES.map((art) =>
      withoutIds(drawSymbol(art, GOLD)).replace(/ class="[^"]*"/, ''),
    )
    expect(new Set(drawings).size).toBe(ART_NAMES.length)
  })

  it("tints a drawing by the title's palette", () => {
    for (const art of ['cherry', 'ace', 'wild', 'wolf'])
      expect(withoutIds(drawSymbol(art, GOLD))).not.toBe(withoutIds(drawSymbol(art, SEA)))
  })

  it('gives each call its own gradient ids', () => {
    const a = drawSymbol('cherry', GOLD).match(/id="([^"]+)"/)?.[1]
    const b = drawSymbol('cherry', GOLD).match(/id="([^"]+)"/)?.[1]
    expect(a).toBeDefined()
    expect(a).not.toBe(b)
  })

  it('names the royals and specials, and numbers the others', () => {
    const t = (key: string, values?: Record<string, string | number>) =>
      `${key}${values ? JSON.stringify(values) : ''}`
    for (const art of NAMED_ARTS) expect(symbolName(art, t)).toBe(`slot.symbol.${art}`)
    expect(symbolName('cherry', t, 4)).toBe('slot.symbol{"n":5}')
  })
})
