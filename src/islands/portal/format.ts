import type { ClassDto } from '#api/classes/schemas'
/** 'Mia Rivera' → 'MR'; one name → its first letter; at most two letters. */
export function initials(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return '?'
  const first = words[0]!.charAt(0)
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : ''
  return (first + last).toUpperCase()
}

export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName
}

/** A class with a capacity that every seat of is taken or held for a waitlisted family (decisions §4, §15). */
export function isFull(cls: Pick<ClassDto, 'capacity' | 'enrolledCount' | 'heldCount'>): boolean {
  return cls.capacity != null && (cls.enrolledCount ?? 0) + (cls.heldCount ?? 0) >= cls.capacity
}

/** '1 class', '2 classes'. */
export function classCount(count: number): string {
  return `${count} ${count === 1 ? 'class' : 'classes'}`
}

/** Filter chip label: 'All Ages' or 'Ages 6-8'. */
export function ageChipLabel(group: string): string {
  return group === 'all' ? 'All Ages' : `Ages ${group}`
}
