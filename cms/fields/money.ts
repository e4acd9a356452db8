import type { NumberField } from 'payload'
import { number as validNumber } from 'payload/shared'

/**
 * Amounts are stored in integer cents (src/shared/money.ts); /cms shows and takes them in
 * dollars with cents, as the /admin console does (issue 23): the field keeps its cents column
 * (no migration) and only its components change.
 */
export const MONEY_COMPONENTS = { Field: '/cms/admin/MoneyField#MoneyField', Cell: '/cms/admin/MoneyCell#MoneyCell' } as const

/** What MoneyField leaves in the form when the typed text is not an amount. */
export const MONEY_TEXT_MESSAGE = 'Type an amount in dollars and cents, e.g. 65.00'

type CentsField = Omit<NumberField, 'type' | 'hasMany'> & { type?: 'number' }

/** A cents column shown and edited in dollars; a typed text that is not an amount is refused by name. */
export function centsField(field: CentsField): NumberField {
  const validate = (field.validate ?? validNumber) as (value: unknown, options: unknown) => string | true | Promise<string | true>
  return {
    ...field,
    type: 'number',
    hasMany: false,
    admin: { ...field.admin, components: { ...field.admin?.components, ...MONEY_COMPONENTS } },
    validate: ((value: unknown, options: unknown) => (typeof value === 'string' ? MONEY_TEXT_MESSAGE : validate(value, options))) as NumberField['validate'],
  } as NumberField
}
