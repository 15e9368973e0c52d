import {
  catalogueOptions,
  EMPTY_RESOURCE_CHOICE,
  type ResourceChoice,
  type ResourceOptions,
} from '@ciffc/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { installFetch, json } from '../../test/fake-fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ResourcePicker } from './ResourcePicker.tsx';

function Harness({ initial, onChange }: { initial: ResourceChoice; onChange?: (c: ResourceChoice) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ResourcePicker
      legend="Resource, row 1"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

const options = () => json<ResourceOptions>(catalogueOptions('en'));

describe('ResourcePicker', () => {
  it('offers three labelled, required selects; children wait for their parent', async () => {
    installFetch({ '/v1/resource/options': options });
    renderWithProviders(<Harness initial={EMPTY_RESOURCE_CHOICE} />);
    const category = (await screen.findByLabelText('Category')) as HTMLSelectElement;
    await waitFor(() => expect(category.disabled).toBe(false));
    const sub = screen.getByLabelText('Subcategory') as HTMLSelectElement;
    const item = screen.getByLabelText('Item') as HTMLSelectElement;
    expect([category.required, sub.required, item.required]).toEqual([true, true, true]);
    expect(sub.disabled).toBe(true);
    expect(item.disabled).toBe(true);
    expect(screen.getByRole('group', { name: 'Resource, row 1' })).toBeTruthy();
    expect([...category.options].map((o) => o.text)).toEqual([
      '- Select -',
      'Aircraft',
      'Crews',
      'Overhead',
      'Equipment',
    ]);
  });

  it('clears subcategory and item when the category changes, item when the subcategory changes', async () => {
    installFetch({ '/v1/resource/options': options });
    const onChange = vi.fn();
    renderWithProviders(
      <Harness
        initial={{ category: 'aircraft', subcategory: 'rotary-wing', item: 'HM' }}
        onChange={onChange}
      />,
    );
    const item = (await screen.findByLabelText('Item')) as HTMLSelectElement;
    await waitFor(() => expect(item.value).toBe('HM'));
    await userEvent.selectOptions(screen.getByLabelText('Subcategory'), 'airtankers');
    expect(onChange).toHaveBeenLastCalledWith({ category: 'aircraft', subcategory: 'airtankers', item: '' });
    // Retired airtankers are not offered for a new choice.
    expect([...item.options].map((o) => o.value)).not.toContain('CL215');
    await userEvent.selectOptions(screen.getByLabelText('Item'), 'CL415');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'equipment');
    expect(onChange).toHaveBeenLastCalledWith({ category: 'equipment', subcategory: '', item: '' });
  });

  it('speaks French', async () => {
    installFetch({ '/v1/resource/options': options });
    renderWithProviders(<Harness initial={{ category: 'equipment', subcategory: 'pumps', item: 'MK3' }} />, {
      locale: 'fr',
    });
    const item = (await screen.findByLabelText('Article')) as HTMLSelectElement;
    await waitFor(() => expect(item.selectedOptions[0]?.text).toBe('Pompe haute pression Mark-3'));
    expect(screen.getByLabelText('Catégorie')).toBeTruthy();
    expect(screen.getByLabelText('Sous-catégorie')).toBeTruthy();
  });
});
