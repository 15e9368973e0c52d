import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../shared/i18n/message-id.ts';

/** A table's column headings, by message id. */
export function HeaderRow({ ids }: { ids: MessageId[] }) {
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
