import type { TestApp } from './app'

/** A Lexical editor state of plain paragraphs, as /cms saves a policy's body. */
export function lexical(...paragraphs: string[]) {
  const node = { format: '', indent: 0, version: 1, direction: 'ltr' as const }
  return {
    root: {
      ...node,
      type: 'root',
      children: paragraphs.map((text) => ({
        ...node,
        type: 'paragraph',
        textFormat: 0,
        children: [{ type: 'text', text, format: 0, detail: 0, mode: 'normal', style: '', version: 1 }],
      })),
    },
  }
}

export type PolicyFields = {
  title: string
  kind?: string
  required?: boolean
  appliesTo?: string
  classes?: number[]
  ageGroups?: string[]
  options?: string[]
  paragraphs?: string[]
}

/** A policy document saved as an administrator saves it in /cms (its first version is published by the hook). */
export async function addPolicy(app: TestApp, fields: PolicyFields): Promise<{ id: number; versionId: number }> {
  const doc = await app.payload.create({
    collection: 'policy-documents',
    overrideAccess: true,
    data: {
      title: fields.title,
      kind: (fields.kind ?? 'waiver') as 'waiver',
      required: fields.required ?? true,
      appliesTo: (fields.appliesTo ?? 'every-student') as 'every-student',
      classes: fields.classes ?? [],
      ageGroups: fields.ageGroups ?? [],
      options: (fields.options ?? []).map((label) => ({ label })),
      body: lexical(...(fields.paragraphs ?? [`The words of ${fields.title}.`])) as never,
    },
  })
  const stored = await app.payload.findByID({ collection: 'policy-documents', id: doc.id, depth: 0, overrideAccess: true })
  return { id: doc.id as number, versionId: stored.currentVersion as number }
}

/** An administrator's edit of the words in /cms: the next version, asking for new signatures or not. */
export async function changeWords(
  app: TestApp,
  id: number,
  paragraphs: string[],
  options: { needsSignature: boolean; resignBy?: string | null },
): Promise<number> {
  await app.payload.update({
    collection: 'policy-documents',
    id,
    overrideAccess: true,
    data: { body: lexical(...paragraphs) as never, changeNeedsSignature: options.needsSignature, resignBy: options.resignBy ?? null },
  })
  const stored = await app.payload.findByID({ collection: 'policy-documents', id, depth: 0, overrideAccess: true })
  return stored.currentVersion as number
}
