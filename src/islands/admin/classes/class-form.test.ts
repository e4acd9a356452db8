import { describe, expect, it } from 'vitest'

import { CAPACITY_MESSAGE, CLASS_PRICE_MESSAGES, classToFormValues, parseClassForm, type ClassFormValues } from './class-form'

const VALID: ClassFormValues = {
  name: 'Pre-Ballet',
  description: 'Creative movement for little dancers.',
  ageGroup: '3-5',
  level: 'Beginner',
  days: 'Monday & Wednesday',
  time: '4:00-5:00pm',
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
    const parsed = parseClassForm({ name: 'ab', description: 'short', ageGroup: '', level: ' ', days: '', time: '', location: '', instructor: '', price: '' })
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    expect(parsed.errors).toEqual({
      name: 'Name must be at least 3 characters',
      description: 'Description must be at least 10 characters',
      ageGroup: 'Age group is required',
      level: 'Level is required',
      days: 'Days is required',
      time: 'Time is required',
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

  it('shows a stored class with its price back in dollars', () => {
    const values = classToFormValues({ id: 1, ...VALID, price: 6550, capacity: null } as never)
    expect(values.price).toBe('65.50')
    expect(values.capacity).toBe('')
    expect(parseClassForm(values).ok).toBe(true)
  })
})
