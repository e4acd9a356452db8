import ICAL from 'ical.js'
import { afterEach, describe, expect, it } from 'vitest'

import { enrollmentEvent, escapeText, foldLine, writeCalendar, type OneOffEvent, type WeeklyEvent } from './ics'

const NOW = new Date('2026-11-21T12:00:00Z')
const OPTIONS = { prodId: '-//Grace Ballet Academy//Family Schedule//EN', name: 'Grace Ballet Academy', now: NOW }

const CLASS = {
  name: 'Ballet Foundations I',
  description: 'Posture, positions; and the first barre, step by step.',
  days: 'Monday & Wednesday',
  time: '4:00-5:00pm',
  location: 'Studio A, first floor',
  instructor: 'Ms. Elena Park',
  level: 'Beginner',
}

function event(overrides: Partial<WeeklyEvent> = {}): WeeklyEvent {
  const base = enrollmentEvent({ id: 7, enrollmentDate: '2026-11-18', class: CLASS }, { fullName: 'Mia Rivera' }, 'academy.example')
  if (!base) throw new Error('the test class should be readable')
  return { ...base, ...overrides }
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone)
  return calendar
}

/** The first `count` occurrences of the calendar's only event, as ICAL times. */
function occurrences(calendar: ICAL.Component, count: number) {
  const vevent = calendar.getFirstSubcomponent('vevent')!
  const ev = new ICAL.Event(vevent)
  const iterator = ev.iterator()
  const out: ICAL.Time[] = []
  for (let next = iterator.next(); next && out.length < count; next = iterator.next()) out.push(next)
  return { ev, out }
}

afterEach(() => ICAL.TimezoneService.reset())

describe('the calendar feed document', () => {
  it('is a VCALENDAR with CRLF lines of at most 75 octets', () => {
    const text = writeCalendar([event({ description: 'é'.repeat(200) })], OPTIONS)
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75)
  })

  it('parses back as one weekly recurring event on the class days, in floating time without a time zone', () => {
    const calendar = parse(writeCalendar([event()], OPTIONS))
    expect(calendar.getFirstPropertyValue('prodid')).toBe(OPTIONS.prodId)
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1)
    const { ev, out } = occurrences(calendar, 4)
    expect(ev.uid).toBe('enrollment-7@academy.example')
    expect(ev.summary).toBe('Ballet Foundations I (Mia)')
    expect(ev.location).toBe('Studio A, first floor')
    expect(ev.isRecurring()).toBe(true)
    const rule = ev.component.getFirstPropertyValue('rrule') as ICAL.Recur
    expect(rule.freq).toBe('WEEKLY')
    expect(rule.parts.BYDAY).toEqual(['MO', 'WE'])
    // 2026-11-18 is a Wednesday: the first meeting is that day.
    expect(out.map((t) => t.toString())).toEqual(['2026-11-18T16:00:00', '2026-11-23T16:00:00', '2026-11-25T16:00:00', '2026-11-30T16:00:00'])
    expect(ev.startDate.zone?.tzid).toBe('floating')
    expect(ev.endDate.toString()).toBe('2026-11-18T17:00:00')
  })

  it('starts on the first meeting day on or after the enrollment date', () => {
    // 2026-11-19 is a Thursday: next Monday.
    const calendar = parse(writeCalendar([event({ from: '2026-11-19' })], OPTIONS))
    expect(occurrences(calendar, 1).out[0]!.toString()).toBe('2026-11-23T16:00:00')
  })

  it('keeps commas, semicolons, backslashes and line breaks of the texts', () => {
    const calendar = parse(writeCalendar([event({ summary: 'Jazz; Tap, and \\ more', description: 'Line one\nLine two' })], OPTIONS))
    const ev = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!)
    expect(ev.summary).toBe('Jazz; Tap, and \\ more')
    expect(ev.description).toBe('Line one\nLine two')
  })

  it('unfolds long texts with multi-byte characters to exactly what was written', () => {
    const description = `Élan — ${'pas de bourrée, '.repeat(12)}fin ✨`
    const calendar = parse(writeCalendar([event({ description })], OPTIONS))
    expect(new ICAL.Event(calendar.getFirstSubcomponent('vevent')!).description).toBe(description)
  })

  it('uses the time zone with its own VTIMEZONE, so daylight saving moves the UTC time', () => {
    const calendar = parse(writeCalendar([event({ from: '2026-06-01' })], { ...OPTIONS, timeZone: 'America/New_York' }))
    expect(calendar.getAllSubcomponents('vtimezone')).toHaveLength(1)
    const ev = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!)
    expect(ev.startDate.zone?.tzid).toBe('America/New_York')
    const iterator = ev.iterator()
    let summer: ICAL.Time | null = null
    let winter: ICAL.Time | null = null
    for (let next = iterator.next(); next; next = iterator.next()) {
      if (!summer && next.month === 7) summer = next
      if (next.year === 2026 && next.month === 12) {
        winter = next
        break
      }
    }
    // 16:00 in New York is 20:00 UTC in summer (EDT) and 21:00 UTC in winter (EST).
    expect(summer!.toJSDate().toISOString()).toMatch(/T20:00:00/)
    expect(winter!.toJSDate().toISOString()).toMatch(/T21:00:00/)
  })

  it('describes a zone without daylight saving with one fixed observance', () => {
    const text = writeCalendar([event()], { ...OPTIONS, timeZone: 'Asia/Tokyo' })
    expect(text).toContain('TZOFFSETTO:+0900')
    const calendar = parse(text)
    const { out } = occurrences(calendar, 1)
    expect(out[0]!.toJSDate().toISOString()).toBe('2026-11-18T07:00:00.000Z')
  })

  it('writes an empty calendar when there is nothing to attend', () => {
    const calendar = parse(writeCalendar([], OPTIONS))
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(0)
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Grace Ballet Academy')
  })
})

describe('terms and closures (decisions §14)', () => {
  const termClass = {
    ...CLASS,
    days: 'by arrangement',
    time: 'varies',
    weekdays: ['Tuesday', 'Thursday'],
    startTime: '15:30',
    endTime: '16:15',
    termStart: '2027-01-11',
    termEnd: '2027-02-04',
    closures: [{ start: '2027-01-19', end: '2027-01-20', label: 'Winter break' }],
  }
  const termEvent = (enrollmentDate = '2026-12-01', academy: string[] = ['2027-01-28']) =>
    enrollmentEvent({ id: 9, enrollmentDate, class: termClass }, { fullName: 'Mia Rivera' }, 'academy.example', academy)!

  /** Every occurrence's local start, 'YYYY-MM-DD HH:MM' (the iterator stops at UNTIL by itself). */
  function allStarts(text: string) {
    const ev = new ICAL.Event(parse(text).getFirstSubcomponent('vevent')!)
    const iterator = ev.iterator()
    const out: string[] = []
    for (let next = iterator.next(); next && out.length < 100; next = iterator.next()) {
      out.push(next.toString().slice(0, 16).replace('T', ' '))
    }
    return { ev, out }
  }

  it('starts at the term, skips the class and academy closures on meeting days, and stops at the term end (floating)', () => {
    const text = writeCalendar([termEvent()], OPTIONS)
    expect(text).toContain('RRULE:FREQ=WEEKLY;WKST=MO;BYDAY=TU,TH;UNTIL=20270204T235900')
    // 2027-01-20 is a Wednesday: not a meeting day, so no EXDATE for it.
    expect(text).toContain('EXDATE:20270119T153000,20270128T153000')
    const { out } = allStarts(text)
    expect(out).toEqual(['2027-01-12 15:30', '2027-01-14 15:30', '2027-01-21 15:30', '2027-01-26 15:30', '2027-02-02 15:30', '2027-02-04 15:30'])
  })

  it('writes UNTIL in UTC and EXDATE with the TZID when the calendar has a time zone', () => {
    const text = writeCalendar([termEvent()], { ...OPTIONS, timeZone: 'America/Chicago' })
    // 23:59 on 4 February in Chicago (CST, UTC-6) is 05:59 UTC on the 5th.
    expect(text).toContain('UNTIL=20270205T055900Z')
    expect(text).toContain('EXDATE;TZID=America/Chicago:20270119T153000,20270128T153000')
    const { out } = allStarts(text)
    expect(out).toHaveLength(6)
    expect(out.at(-1)).toBe('2027-02-04 15:30')
    expect(out).not.toContain('2027-01-19 15:30')
  })

  it('starts at the enrollment when it comes after the term start, and leaves out a term already over', () => {
    expect(termEvent('2027-01-27').from).toBe('2027-01-27')
    expect(enrollmentEvent({ id: 9, enrollmentDate: '2027-03-01', class: termClass }, { fullName: 'Mia' }, 'x.test')).toBeNull()
    expect(writeCalendar([{ ...termEvent(), from: '2027-02-05' }], OPTIONS)).not.toContain('BEGIN:VEVENT')
  })

  it('takes its VTIMEZONE from the maintained library, and floats for a zone the library does not know', () => {
    const text = writeCalendar([termEvent()], { ...OPTIONS, timeZone: 'America/Chicago' })
    expect(text).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU')
    expect(text).toMatch(/X-LIC-LOCATION:America\/Chicago/)
    const floating = writeCalendar([termEvent()], { ...OPTIONS, timeZone: 'Mars/Olympus_Mons' })
    expect(floating).not.toContain('VTIMEZONE')
    expect(floating).toContain('DTSTART:20270112T153000')
  })
})

describe('events from enrollments', () => {
  it('reads the class days and time texts', () => {
    const ev = enrollmentEvent(
      { id: 3, enrollmentDate: '2026-11-01', class: { ...CLASS, days: 'Saturday', time: '10:30am-12:00pm' } },
      { fullName: 'Leo Rivera' },
      'x.test',
    )
    expect(ev).toMatchObject({ weekdays: [5], start: 630, end: 720, summary: 'Ballet Foundations I (Leo)' })
  })

  it('leaves out a class whose days or time cannot be read', () => {
    expect(enrollmentEvent({ id: 3, enrollmentDate: '2026-11-01', class: { ...CLASS, days: 'TBA' } }, { fullName: 'Leo' }, 'x.test')).toBeNull()
    expect(enrollmentEvent({ id: 3, enrollmentDate: '2026-11-01', class: { ...CLASS, time: 'afternoons' } }, { fullName: 'Leo' }, 'x.test')).toBeNull()
  })
})

describe('text and line rules', () => {
  it('escapes TEXT values', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne')
  })

  it('leaves short lines alone and folds long ones with a leading space', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short')
    const folded = foldLine(`DESCRIPTION:${'x'.repeat(200)}`)
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((line) => line.startsWith(' ')),
    ).toBe(true)
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'x'.repeat(200)}`)
  })
})

describe('values an administrator wrote cannot add properties', () => {
  it('line breaks and control characters in the academy name, class texts and ids end no line', () => {
    const hostile = 'Grace\r\nATTENDEE:mailto:evil@example.com\nX-EVIL:1\u0000'
    const text = writeCalendar([event({ summary: hostile, location: hostile, description: hostile, uid: `7\r\nX-EVIL:uid@academy.example` })], {
      ...OPTIONS,
      prodId: `-//${hostile}//Family Schedule//EN`,
      name: hostile,
    })
    const lines = text.split('\r\n').filter(Boolean)
    expect(lines.filter((line) => /^(ATTENDEE|X-EVIL)/.test(line))).toEqual([])
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must be absent
    expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const calendar = parse(text)
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//GraceATTENDEE:mailto:evil@example.comX-EVIL:1//Family Schedule//EN')
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('summary')).toBe('Grace\nATTENDEE:mailto:evil@example.com\nX-EVIL:1')
  })
})

describe('absences and makeups (issue 41)', () => {
  const weekly = (days: string[]) =>
    event({
      from: '2027-01-11',
      until: '2027-02-04',
      closures: ['2027-01-20'],
      occurrences: days.map((day) => ({ day, summary: 'Absent: Ballet Foundations I (Mia)', description: 'Mia Rivera · Absence reported by the family.' })),
    })
  const makeup: OneOffEvent = {
    uid: 'makeup-5@academy.example',
    summary: 'Makeup: Ballet II (Mia)',
    description: 'Mia Rivera · makes up Ballet Foundations I',
    location: 'Studio B',
    day: '2027-01-15',
    start: 17 * 60,
    end: 18 * 60 + 15,
  }

  it('tells an absent meeting apart under its RECURRENCE-ID with the zone, as free time, and the rest of the series stays', () => {
    const text = writeCalendar([weekly(['2027-01-13'])], { ...OPTIONS, timeZone: 'America/Chicago' })
    expect(text).toContain('RECURRENCE-ID;TZID=America/Chicago:20270113T160000')
    const calendar = parse(text)
    const [master, override] = calendar.getAllSubcomponents('vevent')
    expect(override!.getFirstPropertyValue('uid')).toBe(master!.getFirstPropertyValue('uid'))
    expect(override!.getFirstPropertyValue('transp')).toBe('TRANSPARENT')
    const ev = new ICAL.Event(master!)
    ev.relateException(override!)
    const iterator = ev.iterator()
    const seen: string[] = []
    for (let next = iterator.next(); next && seen.length < 4; next = iterator.next()) {
      seen.push(`${next.toString().slice(0, 10)} ${ev.getOccurrenceDetails(next).item.summary}`)
    }
    expect(seen).toEqual([
      '2027-01-11 Ballet Foundations I (Mia)',
      '2027-01-13 Absent: Ballet Foundations I (Mia)',
      '2027-01-18 Ballet Foundations I (Mia)',
      '2027-01-25 Ballet Foundations I (Mia)',
    ])
  })

  it('writes no override for a day the series does not meet: another weekday, a closure, before the start or after the end', () => {
    const text = writeCalendar([weekly(['2027-01-12', '2027-01-20', '2027-01-04', '2027-02-08'])], OPTIONS)
    expect(text).not.toContain('RECURRENCE-ID')
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1)
  })

  it('floats the override when the calendar has no time zone', () => {
    expect(writeCalendar([weekly(['2027-01-18'])], OPTIONS)).toContain('RECURRENCE-ID:20270118T160000')
  })

  it('puts a makeup on its own day at its class times, busy, in the zone', () => {
    const text = writeCalendar([], { ...OPTIONS, timeZone: 'America/Chicago' }, [], [makeup])
    expect(text).toContain('DTSTART;TZID=America/Chicago:20270115T170000')
    expect(text).toContain('DTEND;TZID=America/Chicago:20270115T181500')
    const vevent = parse(text).getFirstSubcomponent('vevent')!
    const ev = new ICAL.Event(vevent)
    expect(ev.summary).toBe('Makeup: Ballet II (Mia)')
    expect(ev.location).toBe('Studio B')
    expect(ev.isRecurring()).toBe(false)
    expect(ev.startDate.toString()).toBe('2027-01-15T17:00:00')
    expect(vevent.getFirstPropertyValue('transp')).toBe('OPAQUE')
  })
})
