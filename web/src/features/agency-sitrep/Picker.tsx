import type { ResourceChoice } from '@ciffc/contracts';
import { getIn } from '../../shared/editing/field-path.ts';
import { ResourcePicker } from '../../shared/resources/ResourcePicker.tsx';
import { useForm } from './useForm.ts';
import { useT } from './useT.ts';

/** A row's resource (category, subcategory, item) through the shared resource picker. */
export function Picker({ name, legend }: { name: string; legend: string }) {
  const f = useForm();
  const t = useT();
  const raw = (getIn(f.form, name) ?? {}) as Partial<ResourceChoice> & { amount?: number | null };
  const value: ResourceChoice = {
    category: raw.category ?? '',
    subcategory: raw.subcategory ?? '',
    item: raw.item ?? '',
  };
  return (
    <ResourcePicker
      name={name}
      legend={legend}
      value={value}
      disabled={f.disabled}
      errors={{
        category: f.errors[`${name}.category`],
        subcategory: f.errors[`${name}.subcategory`],
        item: f.errors[`${name}.item`],
      }}
      // The choice's own errors only: the amount beside it keeps its error.
      onChange={(next) =>
        f.change(name, { ...raw, ...next }, null, [
          name,
          `${name}.category`,
          `${name}.subcategory`,
          `${name}.item`,
        ])
      }
      onBlur={() => {
        const required = t('error.required');
        f.flag({
          [`${name}.category`]: value.category ? undefined : required,
          [`${name}.subcategory`]: value.subcategory ? undefined : required,
          [`${name}.item`]: value.item ? undefined : required,
        });
        f.blur(name);
      }}
    />
  );
}
