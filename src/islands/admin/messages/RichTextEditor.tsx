import { $createLinkNode, $isLinkNode, LinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link'
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListItemNode, ListNode, REMOVE_LIST_COMMAND } from '@lexical/list'
import { LexicalComposer } from '@lexical/react/LexicalComposer'
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import { ContentEditable } from '@lexical/react/LexicalContentEditable'
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary'
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin'
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin'
import { ListPlugin } from '@lexical/react/LexicalListPlugin'
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin'
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin'
import { $createHeadingNode, $isHeadingNode, HeadingNode } from '@lexical/rich-text'
import { $setBlocksType } from '@lexical/selection'
import { $findMatchingParent } from '@lexical/utils'
import { $createParagraphNode, $createTextNode, $getSelection, $isRangeSelection, FORMAT_TEXT_COMMAND, type SerializedEditorState } from 'lexical'
import { useEffect, useState, type FormEvent, type ReactNode } from 'react'

import { isSafeHref } from '#api/messages/rich-text.schemas'

/**
 * The composer's rich-text editor (issue 25, decisions §33): Lexical's React editor with the
 * formats a message may carry (#api/messages/rich-text.schemas): bold, italic, a heading,
 * bulleted and numbered lists, links. The toolbar is ordinary buttons (Tab reaches each, the
 * pressed state is announced); Ctrl/⌘+B and I work inside the text; Tab leaves the editor.
 */

const THEME = {
  heading: { h2: 'text-xl font-semibold', h3: 'text-lg font-semibold', h4: 'font-semibold' },
  list: { ul: 'list-disc pl-6', ol: 'list-decimal pl-6', nested: { listitem: 'list-none' } },
  link: 'text-brand-700 underline',
  paragraph: 'mb-2',
  text: { bold: 'font-bold', italic: 'italic', underline: 'underline', strikethrough: 'line-through' },
}

type Formats = { bold: boolean; italic: boolean; heading: boolean; list: 'bullet' | 'number' | null; link: string | null }
const NONE: Formats = { bold: false, italic: false, heading: false, list: null, link: null }

const TOOL =
  'min-h-11 min-w-11 rounded-lg border border-gray-400 bg-white px-2 text-sm font-semibold text-ink aria-pressed:bg-brand-100 aria-pressed:border-brand-700'

/** A toolbar button: its visible words are its name. */
function Tool({ pressed, onClick, children }: { pressed?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    // onMouseDown keeps the text's selection while the button is clicked.
    <button type="button" className={TOOL} aria-pressed={pressed} onMouseDown={(event) => event.preventDefault()} onClick={onClick}>
      {children}
    </button>
  )
}

function Toolbar({ controls }: { controls: string }) {
  const [editor] = useLexicalComposerContext()
  const [formats, setFormats] = useState<Formats>(NONE)
  const [linking, setLinking] = useState(false)
  const [url, setUrl] = useState('https://')
  const [linkError, setLinkError] = useState('')

  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) =>
        editorState.read(() => {
          const selection = $getSelection()
          if (!$isRangeSelection(selection)) return setFormats(NONE)
          const node = selection.anchor.getNode()
          const list = $findMatchingParent(node, $isListNode)
          const link = $findMatchingParent(node, $isLinkNode)
          setFormats({
            bold: selection.hasFormat('bold'),
            italic: selection.hasFormat('italic'),
            heading: $findMatchingParent(node, $isHeadingNode) !== null,
            list: list ? (list.getListType() === 'number' ? 'number' : 'bullet') : null,
            link: link ? link.getURL() : null,
          })
        }),
      ),
    [editor],
  )

  const toggleHeading = () =>
    editor.update(() => {
      const selection = $getSelection()
      if ($isRangeSelection(selection)) $setBlocksType(selection, () => (formats.heading ? $createParagraphNode() : $createHeadingNode('h3')))
    })
  const toggleList = (kind: 'bullet' | 'number') =>
    editor.dispatchCommand(
      formats.list === kind ? REMOVE_LIST_COMMAND : kind === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND,
      undefined,
    )
  const addLink = (event: FormEvent) => {
    event.preventDefault()
    const address = url.trim()
    if (!isSafeHref(address)) return setLinkError('Give an address starting with https://, http:// or mailto:')
    editor.update(() => {
      const selection = $getSelection()
      if (!$isRangeSelection(selection)) return
      // With no words chosen, the address itself becomes the link's words.
      if (selection.isCollapsed()) selection.insertNodes([$createLinkNode(address).append($createTextNode(address))])
      else editor.dispatchCommand(TOGGLE_LINK_COMMAND, address)
    })
    setLinking(false)
    setLinkError('')
    editor.focus()
  }

  return (
    <div>
      <div role="toolbar" aria-label="Formatting" aria-controls={controls} className="flex flex-wrap gap-1">
        <Tool pressed={formats.bold} onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold')}>
          <b>Bold</b>
        </Tool>
        <Tool pressed={formats.italic} onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic')}>
          <i>Italic</i>
        </Tool>
        <Tool pressed={formats.heading} onClick={toggleHeading}>
          Heading
        </Tool>
        <Tool pressed={formats.list === 'bullet'} onClick={() => toggleList('bullet')}>
          Bulleted list
        </Tool>
        <Tool pressed={formats.list === 'number'} onClick={() => toggleList('number')}>
          Numbered list
        </Tool>
        {formats.link ? (
          <Tool onClick={() => editor.dispatchCommand(TOGGLE_LINK_COMMAND, null)}>Remove link</Tool>
        ) : (
          <Tool pressed={linking} onClick={() => setLinking(!linking)}>
            Link
          </Tool>
        )}
      </div>
      {linking ? (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <label className="text-sm font-semibold">
            Link address
            <input
              type="url"
              className="mt-1 block w-64 max-w-full rounded-lg border border-gray-400 px-2 py-2 text-base"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              onKeyDown={(event) => (event.key === 'Enter' ? addLink(event) : undefined)}
              aria-invalid={linkError ? true : undefined}
              aria-describedby={linkError ? `${controls}-link-error` : undefined}
            />
          </label>
          <button type="button" className={TOOL} onClick={addLink}>
            Add link
          </button>
          {linkError ? (
            <p id={`${controls}-link-error`} className="w-full text-sm font-medium text-red-800">
              {linkError}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

export function RichTextEditor({ id, label, hint, onChange }: { id: string; label: string; hint?: string; onChange: (state: SerializedEditorState) => void }) {
  const config = {
    namespace: id,
    theme: THEME,
    nodes: [HeadingNode, ListNode, ListItemNode, LinkNode],
    onError: (error: Error) => {
      throw error
    },
  }
  return (
    <div>
      <span id={`${id}-label`} className="block text-sm font-semibold text-ink">
        {label}
      </span>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      <LexicalComposer initialConfig={config}>
        <div className="mt-1 rounded-xl border border-gray-400 bg-white p-2 shadow-sm focus-within:border-brand-700">
          <Toolbar controls={id} />
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                id={id}
                aria-labelledby={`${id}-label`}
                aria-describedby={hint ? `${id}-hint` : undefined}
                aria-multiline
                className="mt-2 min-h-36 px-1 py-1 text-base text-ink focus:outline-none focus-visible:outline-3 focus-visible:outline-brand-600"
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
          <HistoryPlugin />
          <ListPlugin />
          <LinkPlugin validateUrl={isSafeHref} />
          <OnChangePlugin ignoreSelectionChange onChange={(state) => onChange(state.toJSON())} />
        </div>
      </LexicalComposer>
    </div>
  )
}
