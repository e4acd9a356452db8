/**
 * What changed between two versions of a text, paragraph by paragraph (a policy the family signed
 * and the one it is asked to sign now): the paragraphs taken out and put in, in the order of the
 * texts, paragraphs found in both left out. A longest-common-subsequence diff over paragraphs;
 * texts too long for its table are compared as sets of paragraphs instead.
 */
export type TextChange = { kind: 'added' | 'removed'; text: string }

/** Past this many cells the table would cost more than a page load should. */
const MAX_CELLS = 250_000

function paragraphsOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
}

export function textChanges(before: string, after: string): TextChange[] {
  const a = paragraphsOf(before)
  const b = paragraphsOf(after)
  if (a.length * b.length > MAX_CELLS) {
    const inA = new Set(a)
    const inB = new Set(b)
    return [
      ...a.filter((p) => !inB.has(p)).map((text) => ({ kind: 'removed' as const, text })),
      ...b.filter((p) => !inA.has(p)).map((text) => ({ kind: 'added' as const, text })),
    ]
  }
  // common[i][j]: the longest run of paragraphs both a[i..] and b[j..] share, in order.
  const width = b.length + 1
  const common = new Uint32Array((a.length + 1) * width)
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i * width + j] = a[i] === b[j] ? common[(i + 1) * width + j + 1]! + 1 : Math.max(common[(i + 1) * width + j]!, common[i * width + j + 1]!)
    }
  }
  const changes: TextChange[] = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++
      j++
    } else if (i < a.length && (j === b.length || common[(i + 1) * width + j]! >= common[i * width + j + 1]!)) {
      // Of a paragraph replaced, the old one first.
      changes.push({ kind: 'removed', text: a[i++]! })
    } else {
      changes.push({ kind: 'added', text: b[j++]! })
    }
  }
  return changes
}
