import type { IntlShape } from 'react-intl';
import { catalogueId } from '../i18n/message-id.ts';

/**
 * The label of a field in the notice, from the page's catalogue: `idOf` names the message of each
 * field, and a field without one keeps its key. One lookup for every page that shows the notice.
 */
export function catalogueLabel(
  intl: IntlShape,
  idOf: (field: string) => string | undefined,
): (field: string) => string {
  return (field) => {
    const name = idOf(field);
    const id = name === undefined ? undefined : catalogueId(intl, name);
    return id ? intl.formatMessage({ id }) : field;
  };
}

export interface ConflictTexts {
  title: string;
  field: string;
  yours: string;
  current: string;
  hint: string;
  dismiss: string;
}

const show = (v: unknown) =>
  v == null || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * After a 409 from another tab, device or user: the fields whose unsent value differs from the
 * current version, side by side, so nothing typed is silently lost. The texts come from
 * the page's catalogue.
 */
export function ConflictNotice<T extends object>({
  message,
  mine,
  current,
  fields,
  label,
  texts,
  onDismiss,
}: {
  message: string;
  mine: T;
  current: T;
  fields: readonly (keyof T & string)[];
  label: (field: string) => string;
  texts: ConflictTexts;
  onDismiss: () => void;
}) {
  const differing = fields.filter(
    (k) => JSON.stringify(mine[k] ?? null) !== JSON.stringify(current[k] ?? null),
  );
  return (
    <section className="alert alert-warning editing-conflict" role="alert" data-testid="editing-conflict">
      <p>
        <strong>{texts.title}</strong> {message}
      </p>
      {differing.length ? (
        <div className="editing-conflict-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{texts.field}</th>
                <th scope="col">{texts.yours}</th>
                <th scope="col">{texts.current}</th>
              </tr>
            </thead>
            <tbody>
              {differing.map((k) => (
                <tr key={k}>
                  <th scope="row">{label(k)}</th>
                  <td data-testid={`conflict-mine-${k}`}>{show(mine[k])}</td>
                  <td>{show(current[k])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <p className="hint">{texts.hint}</p>
      <button type="button" className="button" onClick={onDismiss}>
        {texts.dismiss}
      </button>
    </section>
  );
}
