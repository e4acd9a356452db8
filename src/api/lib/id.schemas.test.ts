import { describe, expect, it } from 'vitest'

import { MAX_RECORD_ID, recordIdListSchema, recordIdOf, recordIdSchema } from './id.schemas'

const BAD_TEXTS = ['1e15', '2147483648', '9999999999', '99999999999999999999', '0', '-1', '1.5', 'abc', '0x10', '', ' 12', '12 ', '+3', 'Infinity', 'NaN']
const BAD_NUMBERS = [1e15, 2_147_483_648, 0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 2]

describe('a record id', () => {
  const schema = recordIdSchema('Please choose a class')
  const fromText = recordIdSchema('Please choose a class', { fromText: true })
  const messagesOf = (parsed: { error?: { issues: Array<{ message: string }> } }) => parsed.error?.issues.map((issue) => issue.message)

  it('accepts a whole number from 1 to the largest PostgreSQL integer', () => {
    for (const value of [1, 42, MAX_RECORD_ID]) {
      expect([value, schema.safeParse(value).data]).toEqual([value, value])
      expect([value, fromText.safeParse(value).data]).toEqual([value, value])
    }
  })

  it('reads the digits of a query string as the id, and refuses them in a JSON body (the wrong type)', () => {
    for (const text of ['1', '42', '2147483647']) {
      expect([text, fromText.safeParse(text).data]).toEqual([text, Number(text)])
      expect([text, messagesOf(schema.safeParse(text))]).toEqual([text, ['Please choose a class']])
    }
  })

  it('refuses every number past the bounds or not whole, with the field’s message', () => {
    for (const value of BAD_NUMBERS)
      for (const parsed of [schema.safeParse(value), fromText.safeParse(value)])
        expect([value, parsed.success, messagesOf(parsed)]).toEqual([value, false, ['Please choose a class']])
  })

  it('refuses every text that is not plain digits of such a number, with the field’s message', () => {
    for (const value of [...BAD_TEXTS, null, true, {}, [1]])
      for (const parsed of [schema.safeParse(value), fromText.safeParse(value)])
        expect([value, parsed.success, messagesOf(parsed)]).toEqual([value, false, ['Please choose a class']])
  })

  it('reads a path or query text as its id, or null when it names no record', () => {
    expect(recordIdOf('2147483647')).toBe(MAX_RECORD_ID)
    for (const text of BAD_TEXTS) expect([text, recordIdOf(text)]).toEqual([text, null])
  })
})

describe('a list of record ids in a query string', () => {
  const schema = recordIdListSchema('Classes are ids separated by commas', 3)

  it('reads each id of the list', () => {
    expect(schema.parse('12,14,2147483647')).toEqual([12, 14, MAX_RECORD_ID])
  })

  it('refuses a list with one id out of bounds, a bad id, an empty slot or too many ids', () => {
    for (const text of ['12,2147483648', '12,1e15', '12,,14', '12,0', '', '1,2,3,4']) expect([text, schema.safeParse(text).success]).toEqual([text, false])
  })
})
