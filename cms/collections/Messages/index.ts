import {
  BoldFeature,
  HeadingFeature,
  InlineToolbarFeature,
  ItalicFeature,
  lexicalEditor,
  LinkFeature,
  OrderedListFeature,
  ParagraphFeature,
  StrikethroughFeature,
  UnderlineFeature,
  UnorderedListFeature,
} from '@payloadcms/richtext-lexical'
import type { CollectionConfig } from 'payload'

import { adminOnly } from '#cms/access/isAdmin'
import { messageBodySchema } from '#api/messages/rich-text.schemas'
import { MESSAGE_CATEGORIES, MESSAGE_STATUSES, NOTICE_KINDS } from '#shared/statuses'

/**
 * A message the studio sent or will send (issue 25): written in the console or by a teacher,
 * sent by the messages slice (src/api/messages). Families never read this collection: they read
 * their own copies (message-recipients), which the slice joins to the message.
 */
export const Messages: CollectionConfig = {
  slug: 'messages',
  labels: { singular: 'Message', plural: 'Messages' },
  admin: {
    group: 'Families',
    useAsTitle: 'subject',
    defaultColumns: ['subject', 'category', 'status', 'scheduledFor', 'sentAt', 'senderName'],
    description: 'Announcements and notices sent to families. Write and send them in the admin console (Messages tab).',
  },
  access: adminOnly,
  fields: [
    { name: 'subject', type: 'text', required: true, maxLength: 200 },
    // Rich text (decisions §33): only what the messages slice renders (#api/messages/rich-text.schemas), so /cms offers no more.
    {
      name: 'body',
      type: 'richText',
      required: true,
      // The API's own check on a body written in /cms: a link to another kind of address or a node
      // the app does not render is refused with the API's words. A body left as it was is not
      // judged again (one stored before this check still reads safely, rebuilt on read).
      validate: (value, { operation, previousValue }) => {
        if (operation === 'update' && JSON.stringify(value) === JSON.stringify(previousValue)) return true
        const parsed = messageBodySchema.safeParse(value)
        return parsed.success || (parsed.error.issues[0]?.message ?? 'This body cannot be sent')
      },
      editor: lexicalEditor({
        features: [
          ParagraphFeature(),
          HeadingFeature({ enabledHeadingSizes: ['h2', 'h3', 'h4'] }),
          BoldFeature(),
          ItalicFeature(),
          UnderlineFeature(),
          StrikethroughFeature(),
          UnorderedListFeature(),
          OrderedListFeature(),
          // Web and mail addresses only: no link to a document of /cms.
          LinkFeature({ enabledCollections: [] }),
          InlineToolbarFeature(),
        ],
      }),
    },
    { name: 'category', type: 'select', required: true, defaultValue: 'announcements', options: MESSAGE_CATEGORIES.map((value) => ({ label: value, value })) },
    // The audience as chosen (kind and its ids), kept so the message says whom it was for.
    { name: 'audience', type: 'json', required: true },
    { name: 'audienceLabel', type: 'text' },
    { name: 'sender', type: 'relationship', relationTo: 'users' },
    { name: 'senderName', type: 'text' },
    { name: 'status', type: 'select', required: true, defaultValue: 'draft', index: true, options: MESSAGE_STATUSES.map((value) => ({ label: value, value })) },
    { name: 'scheduledFor', type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'sentAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'cancelledAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    // Why a message was not sent when it was cancelled by the app rather than by a person (nobody in its audience at its time).
    { name: 'notSentReason', type: 'text', admin: { readOnly: true } },
    // An automatic notice (decisions "Automatic notices"): its kind, and the event it tells, once (`kind:what:when`).
    { name: 'noticeKind', type: 'select', index: true, options: NOTICE_KINDS.map((value) => ({ label: value, value })), admin: { readOnly: true } },
    { name: 'noticeKey', type: 'text', unique: true, admin: { readOnly: true } },
  ],
  hooks: {
    // A message's copies go with it (their message is required).
    beforeDelete: [
      async ({ id, req }) => {
        await req.payload.delete({ collection: 'message-recipients', where: { message: { equals: id } }, overrideAccess: true, depth: 0, req })
      },
    ],
  },
  timestamps: true,
}
