import { useId, useState, type FormEvent } from 'react'

import { CONTENT_SECTIONS, CONTENT_TYPES, siteContentCreateSchema, type SiteContentCreate } from '#api/site-content/schemas'
import { sectionOfKey } from '#api/site-content/defaults.schemas'
import { useSaveSiteContent } from '#islands/api/site-content/admin-save-site-content'
import { titleForKey } from '#islands/api/site-content/save-site-text'
import { ErrorAlert } from '#islands/components/ui/Alert'
import { SelectField, TextAreaField, TextField } from '#islands/components/ui/Field'
import { serverFieldErrors, validate, type FieldErrors } from '#islands/lib/form'
import { ApiError } from '#islands/lib/http'
import { Dialog, FormDialogActions } from '#islands/components/ui/Dialog'
import { useNotify } from '#islands/components/ui/Toast'
import type { SiteTextEntry } from './site-texts'

const FIELDS = ['key', 'title', 'content', 'section', 'contentType', 'isPublished'] as const

/**
 * The site-content editor (spec §2, §5): add a text under a new key, or edit any key. A key is
 * fixed once it exists (decisions §6), so it is read-only when editing.
 */
export function SiteContentDialog({ open, entry, onClose }: { open: boolean; entry: SiteTextEntry | null; onClose: () => void }) {
  return (
    <Dialog closeButton open={open} onClose={onClose} title={entry ? 'Edit Site Text' : 'Add Site Text'} wide>
      {open ? <SiteContentForm key={entry?.key ?? 'new'} entry={entry} onDone={onClose} /> : null}
    </Dialog>
  )
}

function initialValues(entry: SiteTextEntry | null): SiteContentCreate {
  if (entry?.stored) return { ...entry.stored }
  if (entry)
    return {
      key: entry.key,
      title: titleForKey(entry.key),
      content: entry.defaultText ?? '',
      section: sectionOfKey(entry.key),
      contentType: 'text',
      isPublished: true,
    }
  return { key: '', title: '', content: '', section: 'home', contentType: 'text', isPublished: true }
}

function SiteContentForm({ entry, onDone }: { entry: SiteTextEntry | null; onDone: () => void }) {
  const id = useId()
  const save = useSaveSiteContent()
  const notify = useNotify()
  const initial = initialValues(entry)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null)
  const creating = !entry?.stored

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    const form = new FormData(event.currentTarget)
    const checked = validate(siteContentCreateSchema, {
      key: entry ? entry.key : String(form.get('key') ?? ''),
      title: String(form.get('title') ?? ''),
      content: String(form.get('content') ?? ''),
      section: String(form.get('section') ?? ''),
      contentType: String(form.get('contentType') ?? 'text'),
      isPublished: form.get('isPublished') === 'on',
    })
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    try {
      const { item, created } = await save.mutateAsync(checked.data)
      notify(
        created
          ? { title: 'Content Created', text: `"${item.title}" (${item.key}) has been created.` }
          : { title: 'Content Updated', text: `"${item.title}" (${item.key}) has been updated.` },
      )
      onDone()
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors, FIELDS))
      setFailure({
        title: creating ? 'Failed to create site content' : 'Failed to update site content',
        text: error instanceof ApiError && error.serverMessage ? error.serverMessage : 'There was a problem updating the content.',
      })
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {failure ? <ErrorAlert title={failure.title}>{failure.text}</ErrorAlert> : null}
      <TextField
        id={`${id}-key`}
        name="key"
        label="Key"
        defaultValue={initial.key}
        readOnly={entry !== null}
        placeholder="home.hero.title"
        autoComplete="off"
        spellCheck={false}
        error={errors.key}
        hint={
          entry
            ? 'The key cannot be changed after creation.'
            : 'Fixed once created. Letters, digits, dots, dashes and underscores, for example home.section.element.'
        }
        className={entry ? '[&_input]:bg-gray-100' : undefined}
      />
      <TextField
        id={`${id}-title`}
        name="title"
        label="Title"
        defaultValue={initial.title}
        error={errors.title}
        hint="A label for editors; not shown on the site."
      />
      <TextAreaField id={`${id}-content`} name="content" label="Content" defaultValue={initial.content} rows={5} error={errors.content} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-section`} name="section" label="Section" defaultValue={initial.section} error={errors.section}>
          {CONTENT_SECTIONS.map((section) => (
            <option key={section} value={section}>
              {section}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={`${id}-type`}
          name="contentType"
          label="Content type"
          defaultValue={initial.contentType}
          error={errors.contentType}
          hint="Public pages show text; HTML is cleaned by the server."
        >
          {CONTENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex items-center gap-3">
        <input id={`${id}-published`} name="isPublished" type="checkbox" defaultChecked={initial.isPublished} className="h-5 w-5 accent-brand-700" />
        <label htmlFor={`${id}-published`} className="font-semibold">
          Published
        </label>
        <span className="text-sm text-gray-700">(an unpublished text shows its built-in default)</span>
      </div>
      <FormDialogActions onCancel={onDone} pending={save.isPending} submitLabel="Save" pendingLabel="Saving…" />
    </form>
  )
}
