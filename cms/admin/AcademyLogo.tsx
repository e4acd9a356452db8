import type { ServerProps } from 'payload'

import { academyBrand, BRAND_COLOR } from './academy-brand'
import { Monogram } from './Monogram'

/** The panel's login page: the academy's monogram and name, as on the public site's header. */
export async function AcademyLogo({ payload }: ServerProps) {
  const { name, monogram } = await academyBrand(payload)
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: '0.75rem' }}>
      <Monogram text={monogram} size={48} />
      <span style={{ fontFamily: 'Georgia, serif', fontSize: '1.5rem', color: BRAND_COLOR }} data-academy-name>
        {name}
      </span>
    </div>
  )
}
