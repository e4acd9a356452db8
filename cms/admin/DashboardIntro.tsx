import type { ServerProps } from 'payload'

import { academyBrand } from './academy-brand'

/**
 * Top of the panel's dashboard: whose panel this is, and which work belongs in the /admin
 * console instead (issue 23), so an editor does not redo there what the console does better.
 */
export async function DashboardIntro({ payload }: ServerProps) {
  const { name } = await academyBrand(payload)
  return (
    <section aria-labelledby="academy-dashboard-intro" style={{ marginBottom: '1.5rem' }}>
      <h2 id="academy-dashboard-intro">{name}: records and website</h2>
      <p>
        Everyday work has its own screens in the <a href="/admin">administration console</a>: issuing, paying and voiding invoices, tuition runs, classes,
        waitlists, families and students, attendance, inquiries, payments setup and the site texts. Amounts here are in dollars and cents, as in the console.
      </p>
      <p>This panel is for what only it does: the site&rsquo;s images, credits, enrollments and makeups as records, and every stored row.</p>
    </section>
  )
}
