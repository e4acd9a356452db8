import type { PersonInput } from '#api/care/schemas'
import { TextField } from '#islands/components/ui/Field'
import type { FieldErrors } from '#islands/lib/form'

/**
 * Name, relationship and phone of one person (an emergency contact or a pickup), inside the
 * caller's fieldset. `path` prefixes the error keys ("emergencyContacts.0").
 */
export function PersonFields({
  idPrefix,
  value,
  onChange,
  errors,
  path,
}: {
  idPrefix: string
  value: PersonInput
  onChange: (next: PersonInput) => void
  errors: FieldErrors
  path: string
}) {
  const key = (field: string) => (path ? `${path}.${field}` : field)
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <TextField
        id={`${idPrefix}-name`}
        label="Name"
        autoComplete="off"
        value={value.name}
        onChange={(e) => onChange({ ...value, name: e.target.value })}
        error={errors[key('name')]}
      />
      <TextField
        id={`${idPrefix}-relationship`}
        label="Relationship"
        autoComplete="off"
        value={value.relationship}
        onChange={(e) => onChange({ ...value, relationship: e.target.value })}
        error={errors[key('relationship')]}
      />
      <TextField
        id={`${idPrefix}-phone`}
        label="Phone"
        type="tel"
        autoComplete="off"
        value={value.phone}
        onChange={(e) => onChange({ ...value, phone: e.target.value })}
        error={errors[key('phone')]}
      />
    </div>
  )
}
