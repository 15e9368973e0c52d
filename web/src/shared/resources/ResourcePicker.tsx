import {
  type NamedCode,
  type ResourceChoice,
  type ResourceIndex,
  type ResourceItem,
  reconcileResourceChoice,
} from '@ciffc/contracts';
import { type FocusEvent, useId } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../i18n/LocaleProvider.tsx';
import type { MessageId } from '../i18n/message-id.ts';
import { useResourceOptions } from './api.ts';
import './resources.css';

type ResourceChoiceField = keyof ResourceChoice;
type ResourceChoiceErrors = Partial<Record<ResourceChoiceField, string | undefined>>;

export interface ResourcePickerProps {
  value: ResourceChoice;
  /** Called with the new choice; children that are no longer valid are already cleared. */
  onChange: (next: ResourceChoice) => void;
  /** Called when focus leaves the picker as a whole (not when it moves between its selects). */
  onBlur?: () => void;
  /** Names the group for assistive technology, e.g. "Resource, row 2". */
  legend?: string;
  /** Shows the legend; hidden by default (the surrounding table or form already says it). */
  showLegend?: boolean;
  disabled?: boolean;
  /** Messages to show under each select (client or server validation). */
  errors?: ResourceChoiceErrors;
  /** Offer retired items too (read-only screens, filters over old data). */
  includeRetired?: boolean;
  /** `name` prefix of the three selects, for forms and the browser validity check. */
  name?: string;
}

const localName = (n: NamedCode, locale: string) => (locale === 'fr' ? n.field_name_fr : n.field_name_en);
const itemName = (i: ResourceItem, locale: string) => (locale === 'fr' ? i.field_item_fr : i.field_item_en);

/**
 * The category → subcategory → item picker shared by inventory rows, mobilizations,
 * demobilizations and the resource availability report (docs/spec/data-entry.md 3.5 and 5.2): three
 * required selects, each labelled; a child's choices depend on its parent and a child that is no
 * longer valid is cleared.
 */
export function ResourcePicker(props: ResourcePickerProps) {
  const { index, isError } = useResourceOptions();
  return <ResourcePickerView {...props} index={index} loadFailed={isError} />;
}

/** The picker over an already loaded catalogue (index undefined: still loading). */
function ResourcePickerView({
  value,
  onChange,
  onBlur,
  legend,
  showLegend = false,
  disabled = false,
  errors = {},
  includeRetired = false,
  name,
  index,
  loadFailed = false,
}: ResourcePickerProps & { index: ResourceIndex | undefined; loadFailed?: boolean }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const id = useId();
  const t = (messageId: MessageId, values?: Record<string, string>) =>
    intl.formatMessage({ id: messageId }, values);

  const keep = (i: ResourceItem) => includeRetired || i.field_active || i.field_item_short === value.item;
  const categories = index?.categories ?? [];
  const subcategories = value.category && index ? index.subcategoriesOf(value.category) : [];
  const items =
    value.category && value.subcategory && index ? index.itemsOf(value.category, value.subcategory) : [];

  const change = (field: ResourceChoiceField, next: string) => {
    const draft: ResourceChoice = { ...value, [field]: next };
    if (field === 'category' && next !== value.category) {
      draft.subcategory = '';
      draft.item = '';
    }
    if (field === 'subcategory' && next !== value.subcategory) draft.item = '';
    onChange(index ? reconcileResourceChoice(draft, index) : draft);
  };

  const handleBlur = (event: FocusEvent<HTMLFieldSetElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && event.currentTarget.contains(next)) return;
    onBlur?.();
  };

  const field = (
    field: ResourceChoiceField,
    labelId: MessageId,
    placeholderId: MessageId,
    enabled: boolean,
    options: { value: string; label: string }[],
  ) => {
    const selectId = `${id}-${field}`;
    const error = errors[field];
    return (
      <div className="field resource-picker-field">
        <label htmlFor={selectId}>{t(labelId)}</label>
        <select
          id={selectId}
          name={name ? `${name}.${field}` : undefined}
          value={value[field]}
          required
          disabled={disabled || !enabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${selectId}-error` : undefined}
          onChange={(e) => change(field, e.target.value)}
        >
          <option value="">{t(enabled ? 'resources.choose' : placeholderId)}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {error ? (
          <p id={`${selectId}-error`} className="field-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <fieldset className="resource-picker" onBlur={handleBlur} aria-busy={!index && !loadFailed}>
      <legend className={showLegend ? undefined : 'visually-hidden'}>
        {legend ?? t('resources.resource')}
      </legend>
      {loadFailed ? (
        <p className="field-error" role="alert">
          {t('resources.loadFailed')}
        </p>
      ) : null}
      {field(
        'category',
        'resources.category',
        'resources.choose',
        categories.length > 0,
        categories.map((c) => ({ value: c.field_code, label: localName(c, locale) })),
      )}
      {field(
        'subcategory',
        'resources.subcategory',
        'resources.chooseCategoryFirst',
        subcategories.length > 0,
        subcategories.map((s) => ({ value: s.field_code, label: localName(s, locale) })),
      )}
      {field(
        'item',
        'resources.item',
        'resources.chooseSubcategoryFirst',
        items.length > 0,
        items.filter(keep).map((i) => ({
          value: i.field_item_short,
          label: i.field_active ? itemName(i, locale) : t('resources.retired', { name: itemName(i, locale) }),
        })),
      )}
    </fieldset>
  );
}
