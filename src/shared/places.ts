/** What decides a class's free places: its capacity, enrolled students and places held by waitlist offers. */
export type ClassPlaces = { capacity: number | null; enrolledCount?: number; heldCount?: number }

/**
 * Places a family can still take (decisions §4, §15): capacity less enrolled students and the
 * places held for waitlisted families by open offers; never below 0. Null: the class has no limit.
 */
export function placesLeft(cls: ClassPlaces): number | null {
  if (cls.capacity == null) return null
  return Math.max(0, cls.capacity - (cls.enrolledCount ?? 0) - (cls.heldCount ?? 0))
}
