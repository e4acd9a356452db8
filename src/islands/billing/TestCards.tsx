import { useId } from 'react'

/** Stripe's test cards (decisions §5), offered only while payments run in test mode. */
export const TEST_CARDS = [
  { label: 'Success', number: '4242 4242 4242 4242' },
  { label: 'Declined', number: '4000 0000 0000 0002' },
  { label: '3D Secure', number: '4000 0027 6000 3184' },
] as const

export function TestCards() {
  const id = useId()
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-dashed border-brand-600 bg-brand-50 px-4 py-3 text-sm text-ink">
      <h3 id={`${id}-title`} className="font-semibold">
        Test mode: use a test card
      </h3>
      <ul className="mt-2 space-y-1">
        {TEST_CARDS.map((card) => (
          <li key={card.number} className="flex flex-wrap justify-between gap-x-3">
            <span>{card.label}</span>
            <span className="font-mono tracking-wide">{card.number}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-gray-700">Any future expiry date, any 3-digit CVC and any ZIP code.</p>
    </section>
  )
}
