import type { Payload } from 'payload'

import { getSiteTexts } from '#api/site-content'

/** The academy's name and monogram as the public site shows them (site texts, else their defaults). */
export async function academyBrand(payload: Payload): Promise<{ name: string; monogram: string }> {
  const texts = await getSiteTexts(payload)
  return { name: texts.text('global.site_name'), monogram: texts.text('global.logo_text') }
}

/** The site's brand colour (astro-site/styles/global.css, --color-brand-700): white text on it passes AA. */
export const BRAND_COLOR = '#8f2c56'
