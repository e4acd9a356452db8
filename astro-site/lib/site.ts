import { getSiteTexts, type SiteTexts } from '../../src/api/operations/site-content'
import { getAppContext } from '../../src/server/context.server'

/** The site texts for one page render (from memory unless an edit invalidated them). */
export function loadSiteTexts(): Promise<SiteTexts> {
  return getSiteTexts(getAppContext().payload)
}
