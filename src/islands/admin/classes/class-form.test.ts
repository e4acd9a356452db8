import { describe, expect, it } from 'vitest'

import { CAPACITY_MESSAGE, CLASS_PRICE_MESSAGES, classToFormValues, parseClassForm, type ClassFormValues } from './class-form'

const VALID: ClassFormValues = {
  name: 'Pre-Ballet',
  description: 'Creative movement for little dancers.',
  ageGroup: '3-5',
  level: 'Beginner',
  weekdays: ['Wednesday', 'Monday'],
  startTime: '16:00',
  endTime: '17:00',
  location: 'Studio A',
  instructor: 'Ms. Rivera',
  price: '65',
  capacity: '',
}

describe('the admin class form', () => {
  it('sends a price typed in dollars as integer cents', () => {
    for (const [typed, cents] of [
      ['65', 6500],
      ['65.00', 6500],
      ['65.5', 6550],
      ['$1,200.99', 120099],
      ['0.01', 1],
    ] as const) {
      const parsed = parseClassForm({ ...VALID, price: typed })
      expect(parsed.ok && parsed.data.price).toBe(cents)
    }
  })

  it('treats an empty capacity as no limit and a number as the limit', () => {
    const open = parseClassForm(VALID)
    expect(open.ok && open.data.capacity).toBeNull()
    const limited = parseClassForm({ ...VALID, capacity: '12' })
    expect(limited.ok && limited.data.capacity).toBe(12)
  })

  it('gives the spec message for every invalid field', () => {
    const parsed = parseClassForm({
      name: 'ab',
      description: 'short',
      ageGroup: '',
      level: ' ',
      weekdays: [],
      startTime: '',
      endTime: '',
      location: '',
      instructor: '',
      price: '',
    })
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    expect(parsed.errors).toEqual({
      name: 'Name must be at least 3 characters',
      description: 'Description must be at least 10 characters',
      ageGroup: 'Age group is required',
      level: 'Level is required',
      weekdays: 'Days is required',
      startTime: 'Time is required',
      endTime: 'End time is required',
      location: 'Location is required',
      instructor: 'Instructor is required',
      price: CLASS_PRICE_MESSAGES.required,
    })
  })

  it('refuses a price that is not positive, not a number or finer than a cent', () => {
    const message = (price: string) => {
      const parsed = parseClassForm({ ...VALID, price })
      return parsed.ok ? null : parsed.errors.price
    }
    expect(message('0')).toBe(CLASS_PRICE_MESSAGES.positive)
    expect(message('-5')).toBe(CLASS_PRICE_MESSAGES.positive)
    expect(message('sixty')).toBe(CLASS_PRICE_MESSAGES.number)
    expect(message('65.001')).toBe(CLASS_PRICE_MESSAGES.decimals)
  })

  it('refuses a capacity that is not a positive whole number', () => {
    const message = (capacity: string) => {
      const parsed = parseClassForm({ ...VALID, capacity })
      return parsed.ok ? null : parsed.errors.capacity
    }
    expect(message('2.5')).toBe(CAPACITY_MESSAGE)
    expect(message('-1')).toBe(CAPACITY_MESSAGE)
    expect(message('0')).toBe('Capacity must be positive')
  })

  it('refuses an age group that is not a range or an open group', () => {
    const parsed = parseClassForm({ ...VALID, ageGroup: 'teens' })
    expect(parsed.ok ? null : parsed.errors.ageGroup).toBe('Age group must look like "6-8" or "18+"')
  })

  it('sends the schedule as structure: weekdays Monday first, times, term, closures and the teacher (decisions §14)', () => {
    const parsed = parseClassForm({
      ...VALID,
      room: ' Room 2 ',
      termStart: '2027-01-11',
      termEnd: '2027-05-28',
      closures: [
        { start: '2027-04-13', end: '2027-04-13', label: null },
        { start: '2027-02-15', end: '2027-02-19', label: 'Mid-winter break' },
      ],
      teacherId: '42',
    })
    expect(parsed.ok && parsed.data).toMatchObject({
      weekdays: ['Monday', 'Wednesday'],
      startTime: '16:00',
      endTime: '17:00',
      room: 'Room 2',
      termStart: '2027-01-11',
      termEnd: '2027-05-28',
      closures: [
        { start: '2027-02-15', end: '2027-02-19', label: 'Mid-winter break' },
        { start: '2027-04-13', end: '2027-04-13', label: null },
      ],
      teacherId: 42,
    })
    expect(parsed.ok && 'days' in parsed.data && parsed.data.days !== undefined).toBe(false)
    const open = parseClassForm({ ...VALID, room: '', termStart: '', termEnd: '', teacherId: '' })
    expect(open.ok && open.data).toMatchObject({ room: null, termStart: null, termEnd: null, teacherId: null, closures: [] })
  })

  it('refuses a schedule that does not hold together', () => {
    const errors = (values: ClassFormValues) => {
      const parsed = parseClassForm({ ...VALID, ...values })
      return parsed.ok ? {} : parsed.errors
    }
    expect(errors({ endTime: '15:00' }).endTime).toBe('End time must be after the start time')
    expect(errors({ termStart: '2027-02-01', termEnd: '2027-01-31' }).termEnd).toBe('The term cannot end before it starts')
    const day = (start: string, end = start) => ({ start, end, label: null })
    expect(errors({ closures: [day('2027-02-16'), day('2027-02-16')] }).closures).toBe('A closure date is listed twice')
    expect(errors({ closures: [day('2027-02-15', '2027-02-19'), day('2027-02-16')] }).closures).toBe(
      'Closures overlap: Feb 15, 2027 – Feb 19, 2027 and Feb 16, 2027. Merge them or change the dates.',
    )
    expect(errors({ closures: [day('2027-02-19', '2027-02-15')] }).closures).toBe('A closure cannot end before it starts')
    expect(errors({ weekdays: ['Someday'] }).weekdays).toBe('Days of the week must be among Monday to Sunday')
  })

  it('shows a stored class with its price back in dollars and its schedule as the form asks it', () => {
    const stored = {
      id: 1,
      ...VALID,
      days: 'Monday & Wednesday',
      time: '4:00-5:00pm',
      weekdays: ['Monday', 'Wednesday'],
      room: null,
      termStart: '2027-01-11',
      termEnd: null,
      closures: ['2027-02-16'],
      price: 6550,
      capacity: null,
    }
    const values = classToFormValues(stored as never, 7)
    expect(values).toMatchObject({
      price: '65.50',
      capacity: '',
      weekdays: ['Monday', 'Wednesday'],
      startTime: '16:00',
      termStart: '2027-01-11',
      termEnd: '',
      closures: ['2027-02-16'],
      teacherId: '7',
      room: '',
    })
    expect(parseClassForm(values).ok).toBe(true)
  })
})
