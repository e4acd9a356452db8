import { centsToDollars, dollarsToCents, hasAtMostTwoDecimals } from '#shared/money'
import { classFormSchema, type ClassDto, type ClassFormInput } from '#api/classes/schemas'
import { validate, type FieldErrors } from '#islands/lib/form'
import type { ClosureDto } from '#api/lib/closures.schemas'

/**
 * The admin class form (decisions §4, §14): one form for create and edit, the price asked in
 * dollars ("65" or "65.00") and sent in integer cents; capacity optional. The schedule is asked
 * as structure (weekday boxes, start and end time, term dates, closures, the teacher account);
 * the server writes the `days` and `time` texts from it.
 */
export const CLASS_PRICE_MESSAGES = {
  required: 'Price is required',
  number: 'Price must be a number, for example 65 or 65.00',
  decimals: 'Price can have at most 2 decimal places',
  positive: 'Price must be positive',
} as const

export const CAPACITY_MESSAGE = 'Capacity must be a whole number of students, or empty for no limit'

export const CLASS_FORM_FIELDS = [
  'name',
  'description',
  'ageGroup',
  'level',
  'weekdays',
  'startTime',
  'endTime',
  'location',
  'room',
  'instructor',
  'teacherId',
  'termStart',
  'termEnd',
  'closures',
  'price',
  'capacity',
] as const
type TextFormField = Exclude<(typeof CLASS_FORM_FIELDS)[number], 'weekdays' | 'closures'>
/** The form's strings; `weekdays` are the ticked boxes and `closures` the closures listed. */
export type ClassFormValues = Partial<Record<TextFormField, string>> & { weekdays?: string[]; closures?: ClosureDto[] }

function parsePriceCents(raw: string | undefined): { cents: number } | { error: string } {
  const text = (raw ?? '').trim().replace(/^\$/, '').replace(/,/g, '')
  if (text === '') return { error: CLASS_PRICE_MESSAGES.required }
  if (!/^-?\d+(\.\d+)?$/.test(text) && !/^-?\.\d+$/.test(text)) return { error: CLASS_PRICE_MESSAGES.number }
  const dollars = Number(text)
  if (!(dollars > 0)) return { error: CLASS_PRICE_MESSAGES.positive }
  if (!hasAtMostTwoDecimals(dollars)) return { error: CLASS_PRICE_MESSAGES.decimals }
  return { cents: dollarsToCents(dollars) }
}

function parseCapacity(raw: string | undefined): { capacity: number | null } | { error: string } {
  const text = (raw ?? '').trim()
  if (text === '') return { capacity: null }
  if (!/^\d+$/.test(text)) return { error: CAPACITY_MESSAGE }
  return { capacity: Number(text) }
}

function parseTeacher(raw: string | undefined): number | null {
  const text = (raw ?? '').trim()
  return /^\d+$/.test(text) ? Number(text) : null
}

/** Form strings → the API's class input, or the first message of each field. */
export function parseClassForm(values: ClassFormValues): { ok: true; data: ClassFormInput } | { ok: false; errors: FieldErrors } {
  const price = parsePriceCents(values.price)
  const capacity = parseCapacity(values.capacity)
  const checked = validate(classFormSchema, {
    ...values,
    weekdays: values.weekdays ?? [],
    startTime: values.startTime ?? '',
    endTime: values.endTime ?? '',
    closures: values.closures ?? [],
    teacherId: parseTeacher(values.teacherId),
    price: 'cents' in price ? price.cents : 1,
    capacity: 'capacity' in capacity ? capacity.capacity : null,
  })
  const errors: FieldErrors = checked.ok ? {} : { ...checked.errors }
  if ('error' in price) errors.price = price.error
  if ('error' in capacity) errors.capacity = capacity.error
  if (Object.keys(errors).length > 0 || !checked.ok) return { ok: false, errors }
  return { ok: true, data: checked.data }
}

/** An existing class as form values; the price goes back to dollars ("65.00"). */
export function classToFormValues(item: ClassDto, teacherId: number | null = null): ClassFormValues {
  return {
    name: item.name,
    description: item.description,
    ageGroup: item.ageGroup,
    level: item.level,
    weekdays: [...item.weekdays],
    startTime: item.startTime ?? '',
    endTime: item.endTime ?? '',
    location: item.location,
    room: item.room ?? '',
    instructor: item.instructor,
    teacherId: teacherId === null ? '' : String(teacherId),
    termStart: item.termStart ?? '',
    termEnd: item.termEnd ?? '',
    closures: [...item.closures],
    price: centsToDollars(item.price).toFixed(2),
    capacity: item.capacity === null || item.capacity === undefined ? '' : String(item.capacity),
  }
}
