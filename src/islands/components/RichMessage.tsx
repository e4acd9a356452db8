import type { ReactNode } from 'react'

import { isSafeHref, TEXT_FORMAT, type RichBlock, type RichInline, type RichList, type RichTextDocument } from '#api/messages/rich-text.schemas'

/**
 * A message's rich text in the inbox (decisions §33): React elements built from the rebuilt
 * document's allowed nodes, so every text is React's escaped text and no HTML is ever set. A
 * link goes only to a web or mail address (the server refused others; checked again here) and
 * opens in a new tab. Headings sit below the inbox's own (a message's h2 is an h3 here).
 */

function Text({ node }: { node: Extract<RichInline, { type: 'text' }> }) {
  let out: ReactNode = node.text
  if (node.format & TEXT_FORMAT.bold) out = <strong>{out}</strong>
  if (node.format & TEXT_FORMAT.italic) out = <em>{out}</em>
  if (node.format & TEXT_FORMAT.underline) out = <u>{out}</u>
  if (node.format & TEXT_FORMAT.strikethrough) out = <s>{out}</s>
  return <>{out}</>
}

function Inline({ nodes }: { nodes: readonly (RichInline | RichList)[] }) {
  return (
    <>
      {nodes.map((node, index) => {
        if (node.type === 'text') return <Text key={index} node={node} />
        if (node.type === 'linebreak') return <br key={index} />
        if (node.type === 'list') return <List key={index} node={node} />
        const words = node.children.length ? <Inline nodes={node.children} /> : node.fields.url
        return isSafeHref(node.fields.url) ? (
          <a key={index} href={node.fields.url} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-brand-700 underline">
            {words}
          </a>
        ) : (
          <span key={index}>{words}</span>
        )
      })}
    </>
  )
}

function List({ node }: { node: RichList }) {
  const items = node.children.map((item, index) => (
    <li key={index}>
      <Inline nodes={item.children} />
    </li>
  ))
  return node.tag === 'ol' ? (
    <ol start={node.start} className="mb-3 list-decimal space-y-1 pl-6 text-gray-800">
      {items}
    </ol>
  ) : (
    <ul className="mb-3 list-disc space-y-1 pl-6 text-gray-800">{items}</ul>
  )
}

const HEADING = { h2: 'h3', h3: 'h4', h4: 'h5' } as const

function Block({ node }: { node: RichBlock }) {
  if (node.type === 'list') return <List node={node} />
  if (node.type === 'heading') {
    const Tag = HEADING[node.tag]
    return (
      <Tag className="mb-2 font-semibold text-ink">
        <Inline nodes={node.children} />
      </Tag>
    )
  }
  return (
    <p className="mb-3 text-gray-800">
      <Inline nodes={node.children} />
    </p>
  )
}

export function RichMessage({ body }: { body: RichTextDocument }) {
  return (
    <>
      {body.root.children.map((node, index) => (
        <Block key={index} node={node} />
      ))}
    </>
  )
}
