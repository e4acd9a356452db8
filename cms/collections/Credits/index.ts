import type { CollectionConfig } from 'payload'

import { CREDIT_STATUSES } from '#shared/statuses'
import { CREDIT_MESSAGES, CREDIT_LIMITS } from '#api/invoices/credits.schemas'
import { isAdmin } from '#cms/access/isAdmin'
import { ownedByUser } from '#cms/access/ownedByUser'
import { centsField } from '#cms/fields/money'

/**
 * Credits an administrator gives a family (decisions §10): money the academy owes it, taken off
 * its next tuition invoices as negative `credit` lines. What is left of a credit is not stored:
 * it is the amount less the credit lines that name it on invoices that are not void, so voiding
 * an invoice gives its credit back and no credit is spent twice. Like invoices, a credit keeps
 * its family as a plain id and a name, and is never deleted.
 */
export const Credits: CollectionConfig = {
  slug: 'credits',
  admin: {
    group: 'Billing',
    useAsTitle: 'reason',
    defaultColumns: ['id', 'payerName', 'amountCents', 'reason', 'status', 'createdAt'],
    listSearchableFields: ['reason', 'payerName'],
    description:
      'Credits for families, in dollars and cents. The next tuition run takes them off the family’s invoice; what an invoice cannot use waits for the next one. Cancel a credit instead of deleting it.',
  },
  access: { read: ownedByUser('userId'), create: isAdmin, update: isAdmin, delete: () => false },
  fields: [
    { name: 'userId', label: 'Account id', type: 'number', required: true, index: true },
    { name: 'payerName', label: 'Family', type: 'text' },
    centsField({
      name: 'amountCents',
      label: 'Amount ($)',
      required: true,
      admin: { description: 'What the academy owes the family, in dollars and cents (25.00).' },
      validate: (value: unknown) =>
        typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= CREDIT_LIMITS.maxCents ? true : CREDIT_MESSAGES.amountCents,
    }),
    { name: 'reason', type: 'text', required: true, minLength: 3, maxLength: CREDIT_LIMITS.maxReason },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'open',
      index: true,
      options: CREDIT_STATUSES.map((s) => ({ label: s[0]!.toUpperCase() + s.slice(1), value: s })),
      admin: { description: 'Open: what is left is used by the next tuition invoices. Cancelled: never used again.' },
    },
    { name: 'createdById', label: 'Issued by (account id)', type: 'number', admin: { readOnly: true } },
    { name: 'cancelledAt', label: 'Cancelled at', type: 'date', admin: { readOnly: true } },
    { name: 'cancelledById', label: 'Cancelled by (account id)', type: 'number', admin: { readOnly: true } },
  ],
  timestamps: true,
}
