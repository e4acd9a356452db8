/**
 * The class a family chose on the catalogue, carried in the address as `?class=<id>` through
 * registration, sign-in and the child choice (issue 23). Anything but a positive whole number
 * is ignored, so a hand-edited address can never reach a request.
 */
export function classIdParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null
  const id = Number(value)
  return id > 0 ? id : null
}

/** Where a family signing in or registering from a catalogue class goes next: its child choice. */
export function classChoicePath(classId: number, addStudent: boolean): string {
  return addStudent ? `/account?add=student&class=${classId}` : `/account?class=${classId}`
}
