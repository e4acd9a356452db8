import { useEffect, useId, useState, type FormEvent } from 'react'

import { useSaveSiteText } from './api/site-content/save-site-text'
import { ErrorAlert } from './components/ui/Alert'
import { QueryProvider } from './components/QueryProvider'
import { Dialog, FormDialogActions } from './components/ui/Dialog'
import { TextAreaField } from './components/ui/Field'
import { NotifyProvider, useNotify } from './components/ui/Toast'
import { ApiError } from './lib/http'

/**
 * Admins only (the page renders this island only for an admin, so visitors never download
 * it): a small edit button beside every text the server marked with `data-content-key`, and a
 * dialog that saves the text with the spec's check-then-PATCH-or-POST flow.
 *
 * Texts inside other islands are left alone: inserting buttons into a tree React hydrates
 * would break it. The buttons are plain DOM; the dialog is React.
 */
const MARK = 'data-admin-edit'
const EDIT_ICON = 'M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4'

type Target = { key: string; text: string }

/** A text kept in an attribute rather than shown: an image's alt text, an illustration's label. */
function textAttribute(element: Element): string | null {
  return element.getAttribute('data-content-attr')
}

function textHolder(element: HTMLElement): HTMLElement {
  return element.querySelector<HTMLElement>(':scope > [data-content-text]') ?? element
}

function currentText(element: HTMLElement): string {
  const attribute = textAttribute(element)
  if (attribute) return (element.getAttribute(attribute) ?? '').trim()
  return (textHolder(element).textContent ?? '').trim()
}

/** Puts an edit button after the text (after its link or button, never inside one). */
function installButton(element: HTMLElement, open: (target: Target) => void) {
  if (element.hasAttribute(MARK) || element.closest('astro-island')) return
  element.setAttribute(MARK, '')
  const key = element.getAttribute('data-content-key')!
  const button = document.createElement('button')
  button.type = 'button'
  button.className =
    'admin-edit-button ml-1.5 inline-grid h-7 w-7 shrink-0 place-items-center rounded-full border border-brand-700 bg-white align-middle text-brand-800 shadow-sm hover:bg-brand-50'
  button.setAttribute('aria-label', `Edit text: ${currentText(element).slice(0, 60) || key}`)
  button.dataset.editKey = key
  button.innerHTML = `<svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"><path d="${EDIT_ICON}"/></svg>`
  button.addEventListener('click', (event) => {
    event.preventDefault()
    event.stopPropagation()
    open({ key, text: currentText(element) })
  })
  const interactive = element.closest('a, button, label, summary')
  if (interactive && interactive !== element) interactive.insertAdjacentElement('afterend', button)
  else if (textAttribute(element)) element.insertAdjacentElement('afterend', button)
  else if (element.matches('a, button')) element.insertAdjacentElement('afterend', button)
  else {
    // Keep the text in its own node so a save can replace it without removing the button.
    if (!element.querySelector(':scope > [data-content-text]')) {
      const span = document.createElement('span')
      span.dataset.contentText = ''
      while (element.firstChild) span.appendChild(element.firstChild)
      element.appendChild(span)
    }
    element.appendChild(button)
  }
}

function applyText(key: string, text: string) {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-content-key="${CSS.escape(key)}"]`)) {
    if (element.closest('astro-island')) continue
    const attribute = textAttribute(element)
    if (attribute) element.setAttribute(attribute, text)
    else textHolder(element).textContent = text
  }
  for (const button of document.querySelectorAll<HTMLElement>(`[data-edit-key="${CSS.escape(key)}"]`)) {
    button.setAttribute('aria-label', `Edit text: ${text.slice(0, 60)}`)
  }
}

function Editor() {
  const id = useId()
  const [target, setTarget] = useState<Target | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const save = useSaveSiteText()
  const notify = useNotify()

  useEffect(() => {
    const open = (next: Target) => {
      save.reset()
      setFailure(null)
      setTarget(next)
    }
    const scan = () => document.querySelectorAll<HTMLElement>('[data-content-key]').forEach((element) => installButton(element, open))
    scan()
    document.documentElement.dataset.adminEditor = 'ready'
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  function close() {
    setTarget(null)
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!target) return
    const content = String(new FormData(event.currentTarget).get('content') ?? '')
    if (!content.trim()) return setFailure('Content is required')
    setFailure(null)
    try {
      await save.mutateAsync({ key: target.key, content })
      applyText(target.key, content.trim())
      close()
      notify({ title: 'Content updated', text: 'The text has been saved.' })
    } catch (error) {
      const fallback = error instanceof ApiError && error.status !== 0 ? 'Failed to update content' : 'There was a problem updating the content.'
      setFailure(error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback)
    }
  }

  return (
    <Dialog open={target !== null} onClose={close} title="Edit text">
      {target ? (
        <form onSubmit={onSubmit} className="space-y-4">
          <p className="text-sm text-gray-700">
            Key: <code className="rounded bg-gray-100 px-1">{target.key}</code>
          </p>
          {failure ? <ErrorAlert title="Error updating content">{failure}</ErrorAlert> : null}
          <TextAreaField
            id={`${id}-content`}
            name="content"
            label="Text"
            defaultValue={target.text}
            rows={Math.min(8, Math.max(3, Math.ceil(target.text.length / 45)))}
            autoFocus
          />
          <FormDialogActions onCancel={close} pending={save.isPending} submitLabel="Save" pendingLabel="Saving..." />
        </form>
      ) : null}
    </Dialog>
  )
}

export default function AdminTextEditor() {
  return (
    <QueryProvider>
      <NotifyProvider>
        <Editor />
      </NotifyProvider>
    </QueryProvider>
  )
}
