import { notFound } from '#api/errors'
import { defineEndpoint, stringParam } from '#api/http'
import { calendarToken, calendarUrl, familyCalendar, resetCalendarToken, userForCalendarToken } from './calendar'
import { getAppContext } from '#server/context.server'

const FEED_NOT_FOUND = 'This calendar link is not valid. Get a new one from the Schedule page.'

/** The family's private calendar feed (issue 5): the feed itself, its link, and a reset of the link. */
export const calendarEndpoints = [
  // Public: calendar apps fetch it without a session; the token in the address authenticates.
  defineEndpoint('get', '/calendar/:file', { role: 'public' }, async ({ req }) => {
    const file = stringParam(req, 'file')
    const user = file.endsWith('.ics') ? await userForCalendarToken(req.payload, file.slice(0, -'.ics'.length)) : null
    // The same answer for a forged, reset or malformed token: nothing tells them apart.
    if (!user) throw notFound(FEED_NOT_FOUND)
    const body = await familyCalendar(req.payload, getAppContext().env, user)
    return new Response(body, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'inline; filename="classes.ics"',
        'Cache-Control': 'private, no-cache',
        'Referrer-Policy': 'no-referrer',
        'X-Robots-Tag': 'noindex',
      },
    })
  }),

  defineEndpoint('get', '/calendar-link', { role: 'family' }, async ({ req, user }) => {
    return { url: calendarUrl(getAppContext().env.publicOrigin, await calendarToken(req.payload, user.id)) }
  }),

  defineEndpoint('post', '/calendar-link/reset', { role: 'family', viewGuardians: true }, async ({ req, user }) => {
    return { url: calendarUrl(getAppContext().env.publicOrigin, await resetCalendarToken(req.payload, user.id)) }
  }),
]
