import type { ComponentProps, ReactNode } from 'react'

const CONTROL =
  'mt-1 block min-h-11 w-full rounded-xl border bg-white px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-gray-500 focus:border-brand-700 focus:outline-none focus-visible:outline-3 focus-visible:outline-brand-600'

type Common = { id: string; label: ReactNode; labelKey?: string; error?: string; hint?: ReactNode }

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean)
  return ids.length ? ids.join(' ') : undefined
}

/** The attributes every control shares: name, error state and the ids of its messages. */
function controlProps(id: string, error?: string, hint?: ReactNode) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, hint),
    className: `${CONTROL} ${error ? 'border-red-700' : 'border-gray-400'}`,
  }
}

function Label({ id, label, labelKey }: Pick<Common, 'id' | 'label' | 'labelKey'>) {
  return (
    <label htmlFor={id} className="block text-sm font-semibold text-ink" data-content-key={labelKey}>
      {label}
    </label>
  )
}

function Messages({ id, error, hint }: Pick<Common, 'id' | 'error' | 'hint'>) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </>
  )
}

export function TextField({ id, label, labelKey, error, hint, className, ...input }: Common & ComponentProps<'input'>) {
  return (
    <div className={className}>
      <Label id={id} label={label} labelKey={labelKey} />
      <input id={id} name={id} {...input} {...controlProps(id, error, hint)} />
      <Messages id={id} error={error} hint={hint} />
    </div>
  )
}

export function TextAreaField({ id, label, labelKey, error, hint, className, ...input }: Common & ComponentProps<'textarea'>) {
  return (
    <div className={className}>
      <Label id={id} label={label} labelKey={labelKey} />
      <textarea id={id} name={id} {...input} {...controlProps(id, error, hint)} />
      <Messages id={id} error={error} hint={hint} />
    </div>
  )
}

export function SelectField({ id, label, labelKey, error, hint, className, children, ...select }: Common & ComponentProps<'select'>) {
  return (
    <div className={className}>
      <Label id={id} label={label} labelKey={labelKey} />
      <select id={id} name={id} {...select} {...controlProps(id, error, hint)}>
        {children}
      </select>
      <Messages id={id} error={error} hint={hint} />
    </div>
  )
}

/** The search box above a list: a labelled, immediate text filter. */
export function FilterField({
  id,
  label,
  value,
  onChange,
  placeholder,
  className,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  placeholder: string
  className?: string
}) {
  return (
    <TextField
      id={id}
      label={label}
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      autoComplete="off"
      className={className}
    />
  )
}
