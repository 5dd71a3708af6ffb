import { describe, expect, it } from 'vitest'
import { csvField, csvLine, csvStream } from './csv.ts'

describe('csv', () => {
  it('quotes what needs quoting and neutralises formulas', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField(-120)).toBe('-120')
    expect(csvField('-1500')).toBe('-1500')
    expect(csvField('-1+1')).toBe("'-1+1")
    expect(csvField(12n)).toBe('12')
    expect(csvField(null)).toBe('')
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n')
  })

  it('streams the header and every batch', async () => {
    async function* batches() {
      yield [['x', 1]]
      yield []
      yield [
        ['y', 2],
        ['z', 3],
      ]
    }
    let text = ''
    for await (const chunk of csvStream(['name', 'n'], batches())) text += String(chunk)
    expect(text).toBe('name,n\r\nx,1\r\ny,2\r\nz,3\r\n')
  })
})
