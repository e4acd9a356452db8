/** A form's fields as an object, empty ones left out so the schemas report "required" rather than "invalid". */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') values[name] = value
  }
  return values
}
