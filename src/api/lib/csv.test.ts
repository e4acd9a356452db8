import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { csvCell, csvTable } from './csv'

/** What a spreadsheet reads from one quoted or bare cell. */
const unquote = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell)

describe('csvCell', () => {
  it('never lets a cell start a formula, and keeps the text otherwise', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const read = unquote(csvCell(text))
        expect(read).not.toMatch(/^[=+\-@\t\r]/)
        expect(read === text || read === `'${text}`).toBe(true)
      }),
    )
  })

  it('quotes cells with commas, quotes or line breaks, and writes null as empty', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell(null)).toBe('')
    expect(csvCell(-5)).toBe("'-5")
    expect(csvCell(12)).toBe('12')
  })
})

describe('csvTable', () => {
  it('writes the header and rows with CRLF line ends', () => {
    expect(
      csvTable(
        ['A', 'B'],
        [
          ['=1', null],
          [2, 'x'],
        ],
      ),
    ).toBe("A,B\r\n'=1,\r\n2,x\r\n")
  })
})
