'use client'
import type { DefaultCellComponentProps, NumberFieldClient } from 'payload'

import { formatCents } from '#shared/money'

/** A cents column of a /cms list in dollars and cents: 6500 → $65.00, as the /admin console shows it. */
export function MoneyCell({ cellData }: DefaultCellComponentProps<NumberFieldClient>) {
  return <span>{typeof cellData === 'number' ? formatCents(cellData) : '—'}</span>
}
