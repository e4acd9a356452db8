import type { ClassDto } from '#api/classes/schemas'
import { formatMonthlyPrice } from '#shared/money'
import { placesLeft } from '#shared/places'
import { scrollToTop } from '#islands/lib/scroll'
import { seasonLabel } from '#shared/seasons'

/**
 * Progressive enhancement of the /classes age filter: the chips are plain links that the
 * server renders (`/classes?age=6-8`); with JavaScript a chip loads its classes from the API
 * without a page reload, showing six skeleton cards meanwhile, and keeps the address (and the
 * back button) in step. No framework: this page stays a few kilobytes.
 */
const SKELETONS = 6

/**
 * GET /api/classes[?ageGroup=…]. Not through src/islands/api/classes/list-classes.ts: the bundler
 * shares that module's chunk with the React islands, and this page must not pull React in.
 */
async function fetchClasses(ageGroup: string): Promise<ClassDto[]> {
  const query = ageGroup ? `?ageGroup=${encodeURIComponent(ageGroup)}` : ''
  const response = await fetch(`/api/classes${query}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`)
  return (await response.json()) as ClassDto[]
}

export function enhanceClassFilter(): void {
  const root = document.querySelector<HTMLElement>('[data-classes]')
  if (!root) return
  const list = root.querySelector<HTMLElement>('[data-class-list]')!
  const empty = root.querySelector<HTMLElement>('[data-class-empty]')!
  const failure = root.querySelector<HTMLElement>('[data-class-error]')!
  const status = root.querySelector<HTMLElement>('[data-class-status]')!
  const cardTemplate = root.querySelector<HTMLTemplateElement>('[data-class-template]')!
  const skeletonTemplate = root.querySelector<HTMLTemplateElement>('[data-skeleton-template]')!
  const chips = [...root.querySelectorAll<HTMLAnchorElement>('a[data-age-chip]')]
  const text = { loading: root.dataset.textLoading ?? '', count: root.dataset.textCount ?? '', error: root.dataset.textError ?? '' }
  const placesText = {
    full: root.dataset.textFull ?? '',
    one: root.dataset.textPlaceLeft ?? '',
    many: root.dataset.textPlacesLeft ?? '',
    waitlist: root.dataset.textWaitlist ?? '',
  }

  /** 'Full', '1 place left', '4 places left', or '' for a class without a limit (as ClassCard.astro). */
  function placesOf(item: ClassDto): string {
    const places = placesLeft(item)
    if (places === null) return ''
    if (places === 0) return placesText.full
    return places === 1 ? placesText.one : placesText.many.replace('{count}', String(places))
  }
  let latest = 0

  function card(item: ClassDto): Node {
    const node = cardTemplate.content.cloneNode(true) as DocumentFragment
    const values: Record<string, string> = {
      name: item.name,
      price: formatMonthlyPrice(item.price),
      level: item.level,
      ageGroup: item.ageGroup,
      description: item.description,
      time: item.time,
      days: item.days,
      instructor: item.instructor,
      location: item.location,
      places: placesOf(item),
      waitlist: placesLeft(item) === 0 ? placesText.waitlist : '',
      season: item.season ? seasonLabel(item.season) : '',
    }
    for (const field of node.querySelectorAll<HTMLElement>('[data-field]')) {
      field.textContent = values[field.dataset.field ?? ''] ?? ''
      if (field.hasAttribute('data-optional')) field.hidden = !field.textContent
    }
    node.querySelector('[data-field="places"]')?.toggleAttribute('data-full', placesLeft(item) === 0)
    for (const link of node.querySelectorAll<HTMLAnchorElement>('a[data-href]')) link.href = (link.dataset.href ?? '').replace('{id}', String(item.id))
    return node
  }

  function markChip(age: string) {
    for (const chip of chips) {
      if ((chip.dataset.ageChip ?? '') === age) chip.setAttribute('aria-current', 'true')
      else chip.removeAttribute('aria-current')
    }
  }

  async function show(age: string) {
    const request = ++latest
    markChip(age)
    failure.hidden = true
    empty.hidden = true
    list.setAttribute('aria-busy', 'true')
    list.replaceChildren(...Array.from({ length: SKELETONS }, () => skeletonTemplate.content.cloneNode(true)))
    status.textContent = text.loading
    try {
      const classes = await fetchClasses(age)
      if (request !== latest) return
      list.replaceChildren(...classes.map(card))
      empty.hidden = classes.length > 0
      status.textContent = classes.length ? text.count.replace('{count}', String(classes.length)) : (empty.textContent ?? '')
    } catch {
      if (request !== latest) return
      list.replaceChildren()
      failure.textContent = text.error
      failure.hidden = false
      status.textContent = text.error
    } finally {
      if (request === latest) list.setAttribute('aria-busy', 'false')
    }
  }

  for (const chip of chips) {
    chip.addEventListener('click', (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      event.preventDefault()
      if (chip.getAttribute('aria-current') === 'true') return
      history.pushState({ classesFilter: true }, '', chip.href)
      void show(chip.dataset.ageChip ?? '')
      // Without JavaScript the chip loads a new page at its top; with it, the view scrolls there too (spec §2).
      scrollToTop()
    })
  }

  window.addEventListener('popstate', () => {
    const age = new URL(window.location.href).searchParams.get('age') ?? ''
    void show(chips.some((chip) => chip.dataset.ageChip === age) ? age : '')
  })
}
