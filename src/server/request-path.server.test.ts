import { describe, expect, it } from 'vitest'

import { normaliseRequestTarget, REQUEST_PATH_MESSAGES as M } from './request-path.server'

const RESERVED = ['api', 'cms', 'cms-api', '_next']
const spell = (url: string) => normaliseRequestTarget(url, RESERVED)

describe('the one spelling of a request path', () => {
  it('keeps an ordinary path and its query exactly', () => {
    expect(spell('/api/classes?ageGroup=18%2B&x=%2e%2e')).toEqual({ ok: true, pathname: '/api/classes', search: '?ageGroup=18%2B&x=%2e%2e' })
    expect(spell('/')).toEqual({ ok: true, pathname: '/', search: '' })
    expect(spell('/cms/')).toEqual({ ok: true, pathname: '/cms/', search: '' })
    expect(spell('/api/site-content/home.hero.title')).toMatchObject({ pathname: '/api/site-content/home.hero.title' })
    expect(spell('/cms/..;/x')).toMatchObject({ pathname: '/cms/..;/x' })
  })

  it('resolves dot segments however their dots are escaped', () => {
    for (const dots of ['..', '%2e%2e', '%2E%2E', '.%2e', '%2E.']) {
      expect(spell(`/cms/${dots}/cms-api/users`), dots).toEqual({ ok: true, pathname: '/cms-api/users', search: '' })
      expect(spell(`/_next/static/${dots}/${dots}/cms-api/users?depth=0`), dots).toEqual({ ok: true, pathname: '/cms-api/users', search: '?depth=0' })
    }
    expect(spell('/cms-api/./users/%2e/')).toMatchObject({ pathname: '/cms-api/users/' })
    expect(spell('/cms-api/users/..')).toMatchObject({ pathname: '/cms-api/' })
  })

  it('collapses repeated slashes, a leading double slash included', () => {
    expect(spell('//cms-api///users//login')).toMatchObject({ pathname: '/cms-api/users/login' })
    expect(spell('//evil.example/x')).toMatchObject({ pathname: '/evil.example/x' })
  })

  it('decodes escapes once and re-encodes one canonical way, so a second decoder reads the same', () => {
    expect(spell('/api/%63ms')).toMatchObject({ pathname: '/api/cms' })
    expect(spell('/%63ms-api/users')).toMatchObject({ pathname: '/cms-api/users' })
    expect(spell('/page/a%20b%3Fc%23d')).toMatchObject({ pathname: '/page/a%20b%3Fc%23d' })
    expect(spell('/page/caf%C3%A9:x@y')).toMatchObject({ pathname: '/page/caf%C3%A9:x@y' })
    expect(spell('/page/100%25')).toMatchObject({ pathname: '/page/100%25' })
  })

  it('gives the same spelling again when given its own spelling', () => {
    for (const url of ['/cms/%2e%2e/cms-api/users', '/page/a%20b%3Fc', '/page/100%25', '/x//y/./z/', '/page/caf%C3%A9']) {
      const once = spell(url)
      if (!once.ok) throw new Error(url)
      expect(spell(once.pathname)).toEqual(once)
    }
  })

  it('refuses .. above the root', () => {
    for (const url of ['/..', '/../cms-api/users', '/cms/../../cms-api', '/%2e%2e/cms-api'])
      expect(spell(url), url).toEqual({ ok: false, message: M.aboveRoot })
  })

  it('refuses escapes that decode to escapes', () => {
    for (const url of ['/cms/%252e%252e/cms-api/users', '/cms-api%252fusers', '/cms/%25%32%65%25%32%65/cms-api', '/page/%2541'])
      expect(spell(url), url).toEqual({ ok: false, message: M.encodedTwice })
  })

  it('refuses backslashes and encoded slashes', () => {
    for (const url of [
      '/cms\\..\\cms-api\\users',
      '/cms/..%5ccms-api/users',
      '/cms/..%5Ccms-api',
      '/cms%2f..%2fcms-api/users',
      '/cms%2F..%2Fcms-api',
      '/api/site-content/a%2Fb',
    ])
      expect(spell(url), url).toEqual({ ok: false, message: M.separator })
  })

  it('refuses control characters, raw or escaped', () => {
    for (const url of ['/api/users/%00', '/cms-api/users%0a', '/x%7f', '/api\u0000/x', '/x?q=\u0001'])
      expect(spell(url), url).toEqual({ ok: false, message: M.control })
  })

  it('refuses a segment that ends in a dot', () => {
    for (const url of ['/cms-api./users', '/cms-api/users.', '/cms-api%2e/users', '/api/login...', '/x/.../y'])
      expect(spell(url), url).toEqual({ ok: false, message: M.trailingDot })
  })

  it('refuses a reserved first segment written in another case, and only that', () => {
    expect(spell('/CMS-API/users')).toEqual({ ok: false, message: M.miscased('cms-api') })
    expect(spell('/Cms-api/users')).toEqual({ ok: false, message: M.miscased('cms-api') })
    expect(spell('/cms/../%43MS-API/users')).toEqual({ ok: false, message: M.miscased('cms-api') })
    expect(spell('/API/login')).toEqual({ ok: false, message: M.miscased('api') })
    expect(spell('/_NEXT/x')).toEqual({ ok: false, message: M.miscased('_next') })
    expect(spell('/About/Us')).toMatchObject({ ok: true, pathname: '/About/Us' })
    expect(spell('/api/Site-Content/Home.Title')).toMatchObject({ ok: true, pathname: '/api/Site-Content/Home.Title' })
  })

  it('refuses malformed escapes and anything but a path', () => {
    for (const url of ['/api/site-content/%E0%A4%A', '/x%', '/x%zz', '/x/%C0%AE%C0%AE']) expect(spell(url), url).toEqual({ ok: false, message: M.malformed })
    for (const url of ['*', 'http://evil.example/cms-api/users', '', '/cms#/../cms-api/users'])
      expect(spell(url), url).toEqual({ ok: false, message: M.notAPath })
  })
})
