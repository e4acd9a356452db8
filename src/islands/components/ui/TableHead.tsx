import { TH } from './styles'

export type Column = string | { label: string; align: 'right' }

/** The header row of an admin table: one sticky column header per label, scoped to its column. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const label = typeof column === 'string' ? column : column.label
          return (
            <th key={label} scope="col" className={typeof column === 'string' ? TH : `${TH} text-right`}>
              {label}
            </th>
          )
        })}
      </tr>
    </thead>
  )
}
