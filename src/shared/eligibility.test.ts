import { describe, expect, it } from 'vitest'

import { ageDayFor, ageFitsGroup, ageForClass, ageGroupForAge, ageOn, isEligibleClass, levelFits, parseAgeGroup, sortAgeGroups } from './eligibility'

describe('age from date of birth', () => {
  it('counts a year only once the birthday has come', () => {
    expect(ageOn('2018-04-12', '2026-04-11')).toBe(7)
    expect(ageOn('2018-04-12', '2026-04-12')).toBe(8)
    expect(ageOn('2018-04-12', '2026-12-31')).toBe(8)
    expect(ageOn('2018-12-31', '2026-01-01')).toBe(7)
  })

  it('makes someone born on 29 February older on 1 March in common years and on 29 February in leap years', () => {
    expect(ageOn('2016-02-29', '2025-02-28')).toBe(8)
    expect(ageOn('2016-02-29', '2025-03-01')).toBe(9)
    expect(ageOn('2016-02-29', '2028-02-28')).toBe(11)
    expect(ageOn('2016-02-29', '2028-02-29')).toBe(12)
  })

  it('reads only the date part of a stored timestamp', () => {
    expect(ageOn('2018-04-12T00:00:00.000Z', '2026-04-12')).toBe(8)
  })

  it('is zero on the day of birth and NaN for something that is not a date', () => {
    expect(ageOn('2026-04-12', '2026-04-12')).toBe(0)
    expect(ageOn('not a date', '2026-04-12')).toBeNaN()
  })
})

describe('age group from age (spec §5)', () => {
  it('uses the spec boundaries', () => {
    const table: Array<[number, string]> = [
      [0, '3-5'],
      [5, '3-5'],
      [6, '6-8'],
      [8, '6-8'],
      [9, '9-12'],
      [12, '9-12'],
      [13, '13-17'],
      [17, '13-17'],
      [18, '18+'],
      [70, '18+'],
    ]
    for (const [age, group] of table) expect(ageGroupForAge(age)).toBe(group)
  })
})

describe('age groups', () => {
  it('parses inclusive ranges and open groups, and nothing else', () => {
    expect(parseAgeGroup('6-8')).toEqual({ min: 6, max: 8 })
    expect(parseAgeGroup('18+')).toEqual({ min: 18, max: null })
    for (const bad of ['8-6', '18', 'adults', '3 - 5', ' 3-5', '', '6-', '+18']) expect(parseAgeGroup(bad)).toBeNull()
  })

  it('includes both ends of a range', () => {
    expect(ageFitsGroup(5, '6-8')).toBe(false)
    expect(ageFitsGroup(6, '6-8')).toBe(true)
    expect(ageFitsGroup(8, '6-8')).toBe(true)
    expect(ageFitsGroup(9, '6-8')).toBe(false)
  })

  it('reads N+ as N or older', () => {
    expect(ageFitsGroup(17, '18+')).toBe(false)
    expect(ageFitsGroup(18, '18+')).toBe(true)
    expect(ageFitsGroup(99, '18+')).toBe(true)
  })

  it('fits nothing for an invalid group or an unknown age', () => {
    expect(ageFitsGroup(7, 'children')).toBe(false)
    expect(ageFitsGroup(Number.NaN, '6-8')).toBe(false)
  })
})

describe('class eligibility', () => {
  const ballet = { id: 1, ageGroup: '6-8' }
  const teens = { id: 2, ageGroup: '13-17' }

  it('with "all", offers only not-yet-enrolled classes whose group contains the age', () => {
    expect(isEligibleClass(ballet, { age: 7, enrolledClassIds: [] }, 'all')).toBe(true)
    expect(isEligibleClass(teens, { age: 7, enrolledClassIds: [] }, 'all')).toBe(false)
    expect(isEligibleClass(ballet, { age: 7, enrolledClassIds: [1] }, 'all')).toBe(false)
  })

  it('with a chosen group, offers every not-yet-enrolled class of that group whatever the age', () => {
    expect(isEligibleClass(teens, { age: 7, enrolledClassIds: [] }, '13-17')).toBe(true)
    expect(isEligibleClass(ballet, { age: 7, enrolledClassIds: [] }, '13-17')).toBe(false)
    expect(isEligibleClass(teens, { age: 7, enrolledClassIds: new Set([2]) }, '13-17')).toBe(false)
  })

  it('defaults to "all"', () => {
    expect(isEligibleClass(teens, { age: 7, enrolledClassIds: [] })).toBe(false)
  })
})

describe('age-group chips', () => {
  it('sort numerically, not as text, with + groups last and duplicates removed', () => {
    expect(sortAgeGroups(['18+', '9-12', '13-17', '3-5', '6-8', '5-8', '6-8', '65+', '3-12'])).toEqual([
      '3-5',
      '3-12',
      '5-8',
      '6-8',
      '9-12',
      '13-17',
      '18+',
      '65+',
    ])
  })

  it('put anything that is not an age group at the very end', () => {
    expect(sortAgeGroups(['adults', '18+', '3-5'])).toEqual(['3-5', '18+', 'adults'])
  })
})

describe('the level rule (issue 27)', () => {
  it('opens a class without a level to everyone and a levelled class only to the levels placed', () => {
    expect(levelFits(null, [])).toBe(true)
    expect(levelFits(null, [4])).toBe(true)
    expect(levelFits(5, [])).toBe(false)
    expect(levelFits(5, [4])).toBe(false)
    expect(levelFits(5, [4, 5])).toBe(true)
  })
})

describe('the day the age is counted on (decisions §32)', () => {
  it('is today, or the class’s first day while that is still to come', () => {
    expect(ageDayFor({ termStart: null }, '2026-11-27')).toBe('2026-11-27')
    expect(ageDayFor({ termStart: '2026-09-01' }, '2026-11-27')).toBe('2026-11-27')
    expect(ageDayFor({ termStart: '2026-11-27' }, '2026-11-27')).toBe('2026-11-27')
    expect(ageDayFor({ termStart: '2027-09-06' }, '2026-11-27')).toBe('2027-09-06')
  })

  it('makes a dancer who turns nine before next season nine for its classes, and eight for this one', () => {
    expect(ageForClass('2018-06-15', { termStart: '2027-09-06' }, '2026-11-27')).toBe(9)
    expect(ageForClass('2018-06-15', { termStart: null }, '2026-11-27')).toBe(8)
    expect(ageForClass('2018-06-15T00:00:00.000Z', { termStart: '2026-09-01' }, '2026-11-27')).toBe(8)
  })
})
