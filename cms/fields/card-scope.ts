import type { SelectField } from 'payload'

import { nobody } from '#cms/access/nobody'
import { CARD_SCOPES } from '#shared/statuses'

/**
 * Whose a saved card or billing profile is (decisions §36, a guardian's own card): the
 * household's (the row's `user` is the household's account; every row written before split
 * billing cards), or one guardian's own under split billing (the row's `user` is that guardian).
 */
export const CARD_SCOPE_FIELD: SelectField = {
  name: 'scope',
  type: 'select',
  options: [
    { label: 'The household’s', value: CARD_SCOPES[0] },
    { label: 'The guardian’s own (split billing)', value: CARD_SCOPES[1] },
  ],
  defaultValue: 'household',
  access: { update: nobody },
  admin: { description: 'The household’s card and autopay, or a guardian’s own for the invoices billed to them (split billing).' },
}
