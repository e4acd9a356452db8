/** The search box above an admin list: a labelled, immediate text filter. */
export function FilterInput({
  id,
  label,
  value,
  onChange,
  placeholder,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  placeholder: string
}) {
  return (
    <>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        className="mt-1 block w-full rounded-xl border border-gray-400 bg-white px-3 py-2.5 text-base"
      />
    </>
  )
}
