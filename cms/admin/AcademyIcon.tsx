import type { ServerProps } from 'payload'

import { academyBrand } from './academy-brand'
import { Monogram } from './Monogram'

/** The panel's small icon (top of every page): the academy's monogram, named for screen readers. */
export async function AcademyIcon({ payload }: ServerProps) {
  const { name, monogram } = await academyBrand(payload)
  return <Monogram text={monogram} size={28} label={name} />
}
