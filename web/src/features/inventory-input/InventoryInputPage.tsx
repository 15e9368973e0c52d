import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { ReauthDialog } from '../../shared/auth/ReauthDialog.tsx';
import { OfflineNotice } from '../../shared/editing/ConnectionStatus.tsx';
import { ErrorBox } from '../../shared/ui/ErrorBox.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { InventoryRowItem } from './InventoryRowItem.tsx';
import { useInventoryInput } from './useInventoryInput.ts';
import './inventory-input.css';

export function InventoryInputPage() {
  const page = useInventoryInput();
  const { input, rows, view, locked, blocked, saveDisabled, onSave } = page;
  const idBase = useId();

  if (input.isPending)
    return (
      <>
        <PageHeader titleId="inventoryInput.title" />
        <Loading />
      </>
    );
  if (input.isError || !rows || !view)
    return (
      <>
        <PageHeader titleId="inventoryInput.title" />
        {input.isError ? <ErrorBox /> : <Loading />}
      </>
    );

  return (
    <div className="inventory-input">
      <PageHeader titleId="inventoryInput.title" />
      <OfflineNotice unsaved={page.unsaved} />
      <ReauthDialog
        open={page.reauth}
        onSignedIn={() => {
          page.setReauth(false);
          // The same rows on the same base version: a save made elsewhere meanwhile is still a 409.
          void onSave();
        }}
      />
      {locked ? (
        <p className="alert alert-warning" role="status">
          <FormattedMessage id="inventoryInput.locked" />
        </p>
      ) : null}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSave();
        }}
      >
        {rows.length === 0 ? (
          <p className="inventory-empty">
            <FormattedMessage id="inventoryInput.empty" />
          </p>
        ) : null}
        <ol className="inventory-rows">
          {rows.map((row, i) => (
            <InventoryRowItem
              key={row.key}
              row={row}
              i={i}
              rowId={`${idBase}-${row.key}`}
              shownErrors={view.shownErrors}
              page={page}
            />
          ))}
        </ol>
        {!locked ? (
          <p>
            <button type="button" className="button-link" onClick={page.addRow}>
              <FormattedMessage id="inventoryInput.add" />
            </button>
          </p>
        ) : null}
        <div className="inventory-actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={saveDisabled}
            aria-disabled={saveDisabled}
          >
            <FormattedMessage id={blocked ? 'inventoryInput.blocked' : 'inventoryInput.save'} />
          </button>
          <Link to="/agency">
            <FormattedMessage id="inventoryInput.overview" />
          </Link>
        </div>
      </form>
    </div>
  );
}
