/**
 * A modal <dialog> sits in the browser's top layer and makes the rest of the page inert: a toast
 * shown beside it would be painted under it, could not be dismissed and would not be read out.
 * So while a dialog is open the toasts are shown inside it (issue 41). The dialog says when it
 * opens or closes; the notifier asks which dialog is on top.
 */
const EVENT = 'academy:dialog-change'

export function announceDialogChange(): void {
  window.dispatchEvent(new Event(EVENT))
}

/** Calls `changed` whenever a dialog opens or closes; returns the way to stop. */
export function onDialogChange(changed: () => void): () => void {
  window.addEventListener(EVENT, changed)
  return () => window.removeEventListener(EVENT, changed)
}

/** The open modal dialog on top (the last one opened), or null. */
export function topDialog(): HTMLDialogElement | null {
  const open = document.querySelectorAll<HTMLDialogElement>('dialog[open]')
  return open.length > 0 ? open[open.length - 1]! : null
}
