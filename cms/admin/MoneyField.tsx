'use client'
import { FieldDescription, FieldError, FieldLabel, fieldBaseClass, useField } from '@payloadcms/ui'
import type { NumberFieldClientComponent } from 'payload'
import { useCallback, useEffect, useState, type ChangeEvent } from 'react'

import { MONEY_TEXT_MESSAGE } from '#cms/fields/money'
import { parseDollarsToCents } from '#shared/money'

/** Cents as the text of the input: -500 → '-5.00', 6500 → '65.00' (integer arithmetic only). */
function centsToText(cents: number): string {
  const abs = Math.abs(Math.round(cents))
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** Typed dollars ('65', '-5.5', '$1,250.00') as cents, or null when it is not an amount. */
function textToCents(text: string): number | null {
  const negative = /^\s*[-−]/.test(text)
  const cents = parseDollarsToCents(text.replace(/^\s*[-−]/, ''))
  return cents === null ? null : negative ? -cents : cents
}

/**
 * A cents column of /cms edited in dollars and cents (cms/fields/money.ts): the form keeps
 * cents, so hooks, validation and the database see what they always did.
 */
export const MoneyField: NumberFieldClientComponent = ({ field, path: pathFromProps, readOnly }) => {
  const { label, required, admin } = field
  const validateText = useCallback((value: unknown) => (typeof value === 'string' ? MONEY_TEXT_MESSAGE : true), [])
  const { path, value, setValue, showError, disabled } = useField<number | string | null>({ potentiallyStalePath: pathFromProps, validate: validateText })
  const [text, setText] = useState(typeof value === 'number' ? centsToText(value) : '')

  // The server may change the amount (an invoice with lines costs their sum): show what is stored.
  useEffect(() => {
    if (typeof value === 'number' && textToCents(text) !== value) setText(centsToText(value))
    if (value == null && text.trim() !== '' && textToCents(text) !== null) setText('')
    // Only a change of the stored value rewrites the text (not `text`): typing is never overwritten.
  }, [value])

  // Said as soon as the text is no amount, not only after a save: the form's own refusal can be
  // lost when its check of the typing answers after the save's (Payload's REST error carries no field).
  const notAnAmount = text.trim() !== '' && textToCents(text) === null
  const id = `field-${path.replace(/\./g, '__')}`
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value
    setText(typed)
    setValue(typed.trim() === '' ? null : (textToCents(typed) ?? typed))
  }

  return (
    <div className={[fieldBaseClass, 'number', (showError || notAnAmount) && 'error', (readOnly || disabled) && 'read-only'].filter(Boolean).join(' ')}>
      <FieldLabel label={label} path={path} required={required} />
      <div className={`${fieldBaseClass}__wrap`}>
        <FieldError path={path} showError={showError || notAnAmount} message={notAnAmount ? MONEY_TEXT_MESSAGE : undefined} />
        <div style={{ display: 'flex', alignItems: 'center', gap: '0.5rem' }}>
          <span aria-hidden="true">$</span>
          <input id={id} name={path} type="text" inputMode="decimal" autoComplete="off" disabled={readOnly || disabled} value={text} onChange={onChange} />
        </div>
        <FieldDescription description={admin?.description} path={path} />
      </div>
    </div>
  )
}
