import { BRAND_COLOR } from './academy-brand'

/** The academy's round monogram in its brand colour (the public site's header mark). */
export function Monogram({ text, size, label }: { text: string; size: number; label?: string }) {
  const style = {
    display: 'inline-grid',
    placeItems: 'center',
    width: size,
    height: size,
    borderRadius: '50%',
    background: BRAND_COLOR,
    color: '#fff',
    fontFamily: 'Georgia, serif',
    fontWeight: 700,
    fontSize: Math.round(size / 3.2),
    flexShrink: 0,
  } as const
  return label ? (
    <span role="img" aria-label={label} style={style}>
      <span aria-hidden="true">{text}</span>
    </span>
  ) : (
    <span aria-hidden="true" style={style}>
      {text}
    </span>
  )
}
