import { describe, expect, it } from 'vitest'

import { textChanges } from './text-changes'

describe('textChanges', () => {
  it('finds nothing between the same words, blank lines and indentation aside', () => {
    expect(textChanges('One.\n\nTwo.', '  One.\nTwo.  \n')).toEqual([])
  })

  it('names a paragraph put in, where it was put', () => {
    expect(textChanges('One.\nTwo.\nThree.', 'One.\nTwo.\nA new rule.\nThree.')).toEqual([{ kind: 'added', text: 'A new rule.' }])
  })

  it('names a paragraph taken out, and a changed one as the old taken out and the new put in', () => {
    expect(textChanges('One.\nTwo.\nThree.', 'One.\nThree.')).toEqual([{ kind: 'removed', text: 'Two.' }])
    expect(textChanges('Fees are due on the 1st.\nBe kind.', 'Fees are due on the 5th.\nBe kind.')).toEqual([
      { kind: 'removed', text: 'Fees are due on the 1st.' },
      { kind: 'added', text: 'Fees are due on the 5th.' },
    ])
  })

  it('keeps the paragraphs both texts share, in order, so a moved paragraph is one out and one in', () => {
    expect(textChanges('A\nB\nC', 'B\nC\nA')).toEqual([
      { kind: 'removed', text: 'A' },
      { kind: 'added', text: 'A' },
    ])
  })

  it('compares texts too long for the table as sets of paragraphs', () => {
    const long = Array.from({ length: 600 }, (_, i) => `Clause ${i}.`)
    const changed = [...long.slice(0, 300), 'Clause new.', ...long.slice(301)]
    expect(textChanges(long.join('\n'), changed.join('\n'))).toEqual([
      { kind: 'removed', text: 'Clause 300.' },
      { kind: 'added', text: 'Clause new.' },
    ])
  })
})
