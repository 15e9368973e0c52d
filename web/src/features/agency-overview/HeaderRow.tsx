import { FormattedMessage } from 'react-intl';

/** A table's column headings, by message id. */
export function HeaderRow({ ids }: { ids: string[] }) {
  return (
    <thead>
      <tr>
        {ids.map((id) => (
          <th key={id} scope="col">
            <FormattedMessage id={id} />
          </th>
        ))}
      </tr>
    </thead>
  );
}
