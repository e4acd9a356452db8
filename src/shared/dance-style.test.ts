import { describe, expect, it } from 'vitest'

import { danceStylesOf, orderByStyle, sharesStyle } from './dance-style'

describe('dance styles read from a class name', () => {
  it('finds every style a name names, pointe and pre-ballet being ballet', () => {
    expect(danceStylesOf('Ballet Foundations I')).toEqual(['Ballet'])
    expect(danceStylesOf('Pointe & Variations')).toEqual(['Ballet'])
    expect(danceStylesOf('Pre-Ballet Petites')).toEqual(['Ballet'])
    expect(danceStylesOf('Jazz & Tap Sampler')).toEqual(['Jazz', 'Tap'])
    expect(danceStylesOf('Junior Contemporary')).toEqual(['Contemporary'])
    expect(danceStylesOf('HIP-HOP Crew')).toEqual(['Hip Hop'])
    expect(danceStylesOf('Creative Movement')).toEqual(['Creative Movement'])
    expect(danceStylesOf('Saturday Fun')).toEqual([])
  })

  it('does not read a style inside another word', () => {
    expect(danceStylesOf('Tapestry Club')).toEqual([])
  })

  it('shares a style when the two names have one in common, never when either has none', () => {
    expect(sharesStyle('Ballet Foundations I', 'Intermediate Ballet')).toBe(true)
    expect(sharesStyle('Jazz & Tap Sampler', 'Tap Basics')).toBe(true)
    expect(sharesStyle('Ballet Foundations I', 'Jazz & Tap Sampler')).toBe(false)
    expect(sharesStyle('Saturday Fun', 'Saturday Fun II')).toBe(false)
  })
})

describe('orderByStyle', () => {
  const options = [
    { className: 'Jazz Kids', date: '2026-12-01', time: '4:00-5:00pm' },
    { className: 'Ballet B', date: '2026-12-03', time: '4:00-5:00pm' },
    { className: 'Ballet A', date: '2026-12-02', time: '5:00-6:00pm' },
    { className: 'Tap Time', date: '2026-12-02', time: '3:00-4:00pm' },
    { className: 'Ballet C', date: '2026-12-02', time: '3:30-4:30pm' },
  ]

  it('puts the classes of the missed class style first, each group by day then start time, and marks them', () => {
    const ordered = orderByStyle('Ballet Foundations', options)
    expect(ordered.map((o) => [o.className, o.sameStyle])).toEqual([
      ['Ballet C', true],
      ['Ballet A', true],
      ['Ballet B', true],
      ['Jazz Kids', false],
      ['Tap Time', false],
    ])
  })

  it('keeps day and time order alone when the missed class names no style', () => {
    expect(orderByStyle('Saturday Fun', options).map((o) => o.className)).toEqual(['Jazz Kids', 'Tap Time', 'Ballet C', 'Ballet A', 'Ballet B'])
  })
})
