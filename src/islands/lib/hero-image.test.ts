import { describe, expect, it } from 'vitest'

import { heroImageProblem } from './hero-image'

describe('checking a hero image before upload', () => {
  it('asks for a file when none (or an empty one) is chosen', () => {
    expect(heroImageProblem(null)).toBe('Please choose an image to upload.')
    expect(heroImageProblem({ size: 0, type: 'image/png' })).toBe('Please choose an image to upload.')
  })

  it('accepts JPEG, PNG, WebP and AVIF up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/avif']) expect(heroImageProblem({ size: 5 * 1024 * 1024, type })).toBeNull()
  })

  it('refuses other types, SVG included', () => {
    for (const type of ['image/svg+xml', 'image/gif', 'text/plain', '']) {
      expect(heroImageProblem({ size: 1000, type })).toBe('Please upload a JPEG, PNG, WebP or AVIF image.')
    }
  })

  it('refuses a file over 5 MB', () => {
    expect(heroImageProblem({ size: 5 * 1024 * 1024 + 1, type: 'image/jpeg' })).toBe('The image must be 5 MB or smaller.')
  })
})
