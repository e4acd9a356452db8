import { describe, expect, it } from 'vitest'

import { sanitizeSiteHtml } from './site-content-html'

describe('sanitizeSiteHtml', () => {
  it('keeps formatting, lists, headings and ordinary links', () => {
    const html = '<h2>Fees</h2><p>Pay <strong>monthly</strong> or <em>termly</em>.</p><ul><li>One</li></ul><a href="https://example.com/a">more</a>'
    expect(sanitizeSiteHtml(html)).toBe(html)
  })

  it('drops script and style elements together with their content', () => {
    expect(sanitizeSiteHtml('<p>Hi</p><script>alert(1)</script><style>body{display:none}</style>')).toBe('<p>Hi</p>')
  })

  it('drops event handler and style attributes', () => {
    const out = sanitizeSiteHtml('<p onclick="steal()" style="color:red">x</p><img src="x" onerror="alert(1)">')
    expect(out).toBe('<p>x</p>')
    expect(out).not.toMatch(/onerror|onclick|style/)
  })

  it('drops javascript:, data: and protocol-relative link targets', () => {
    expect(sanitizeSiteHtml('<a href="javascript:alert(1)">a</a>')).toBe('<a>a</a>')
    expect(sanitizeSiteHtml('<a href="JaVaScRiPt:alert(1)">a</a>')).toBe('<a>a</a>')
    expect(sanitizeSiteHtml('<a href="data:text/html,<script>alert(1)</script>">a</a>')).toBe('<a>a</a>')
    expect(sanitizeSiteHtml('<a href="//evil.example">a</a>')).toBe('<a>a</a>')
  })

  it('drops iframes, forms and embedded objects', () => {
    expect(sanitizeSiteHtml('<iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form><object data="x"></object>ok')).toBe('ok')
  })

  it('adds rel=noopener to links that open a new tab and drops other targets', () => {
    expect(sanitizeSiteHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    )
    expect(sanitizeSiteHtml('<a href="https://example.com" target="_parent">x</a>')).toBe('<a href="https://example.com">x</a>')
  })

  it('keeps plain text as text, escaping stray angle brackets', () => {
    expect(sanitizeSiteHtml('Ages 3 < 5 & up')).toBe('Ages 3 &lt; 5 &amp; up')
  })
})
