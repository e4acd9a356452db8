import { describe, expect, it } from 'vitest'

import { classChoicePath, classIdParam } from './class-param'

describe('the class carried in the address', () => {
  it('is a positive whole number', () => {
    expect(classIdParam('42')).toBe(42)
    expect(classIdParam('0')).toBeNull()
    expect(classIdParam('-3')).toBeNull()
    expect(classIdParam('4.5')).toBeNull()
    expect(classIdParam('42abc')).toBeNull()
    expect(classIdParam('1234567890')).toBeNull()
    expect(classIdParam('')).toBeNull()
    expect(classIdParam(null)).toBeNull()
  })

  it('leads to the child choice, with the add-child form open after registering', () => {
    expect(classChoicePath(7, false)).toBe('/account?class=7')
    expect(classChoicePath(7, true)).toBe('/account?add=student&class=7')
  })
})
