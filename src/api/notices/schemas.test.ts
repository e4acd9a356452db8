import { describe, expect, it } from 'vitest'

import { DEFAULT_NOTICE_TEMPLATES, fillTemplate, NOTICE_KINDS, NOTICE_TEXTS, templateProblem, unknownPlaceholders } from './schemas'

describe('notice templates', () => {
  it('accept their defaults, each naming only the placeholders of its kind', () => {
    for (const kind of NOTICE_KINDS) {
      expect(templateProblem(kind, DEFAULT_NOTICE_TEMPLATES[kind].subject)).toBeNull()
      expect(templateProblem(kind, DEFAULT_NOTICE_TEMPLATES[kind].body)).toBeNull()
    }
  })

  it('name the unknown placeholders once each, and the ones the kind may use', () => {
    expect(unknownPlaceholders('closure', '{amount} {className} {amount} {}')).toEqual(['amount', ''])
    expect(templateProblem('card-expiring', 'Hello {studentName}')).toBe(
      '{studentName} is not a placeholder of this notice. Use only: {academyName}, {cardBrand}, {lastFour}, {expiry}, {link}',
    )
    expect(templateProblem('closure', '   ')).toBe(NOTICE_TEXTS.required)
  })

  it('fill every placeholder, never a value’s own braces', () => {
    expect(fillTemplate('{className}: {dates} {className}', { className: 'Ballet {dates}', dates: 'May 1' })).toBe('Ballet {dates}: May 1 Ballet {dates}')
    expect(fillTemplate('{unknown} stays', {})).toBe('{unknown} stays')
  })
})
