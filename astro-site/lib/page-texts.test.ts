import { describe, expect, it } from 'vitest'

import { linkPhrases, paragraphs } from './page-texts'

const LINKS = [
  { phrase: 'Terms of Service', href: '/terms' },
  { phrase: 'Privacy Policy', href: '/privacy' },
]

describe('a sentence with links in it', () => {
  it('turns each phrase into its link, keeping the words around them', () => {
    expect(linkPhrases('By continuing, you agree to our Terms of Service and Privacy Policy.', LINKS)).toEqual([
      { text: 'By continuing, you agree to our ' },
      { text: 'Terms of Service', href: '/terms' },
      { text: ' and ' },
      { text: 'Privacy Policy', href: '/privacy' },
      { text: '.' },
    ])
  })

  it('adds a link whose phrase an editor removed at the end', () => {
    expect(linkPhrases('Read the Privacy Policy.', LINKS)).toEqual([
      { text: 'Read the ' },
      { text: 'Privacy Policy', href: '/privacy' },
      { text: '.' },
      { text: ' ' },
      { text: 'Terms of Service', href: '/terms' },
    ])
  })
})

describe('a text as paragraphs', () => {
  it('splits on blank lines and drops empty ones', () => {
    expect(paragraphs('One.\n\nTwo,\nstill two.\n \n\nThree.')).toEqual(['One.', 'Two,\nstill two.', 'Three.'])
  })
})
