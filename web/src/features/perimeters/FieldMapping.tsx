import {
  AGENCIES,
  type AgencyCode,
  isAgencyCode,
  PERIMETER_MAPPED_FIELDS,
  type PerimeterFieldMapping,
  type PerimetersInspectResult,
} from '@ciffc/contracts';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MappingChoice } from './api.ts';

/**
 * The mapping proposed for a file: with an agency chosen for the whole file, that agency's
 * remembered mapping when the file has its attributes; else what the API proposed.
 */
export function proposedChoice(
  inspected: PerimetersInspectResult,
  agency: AgencyCode | undefined,
): MappingChoice {
  const names = new Map(inspected.attributes.map((a) => [a.name.toLowerCase(), a.name]));
  const spelled = (name: string | null) => (name === null ? null : names.get(name.toLowerCase()));
  const remembered = agency ? inspected.saved.find((s) => s.agency_code === agency) : undefined;
  if (remembered && PERIMETER_MAPPED_FIELDS.every((f) => spelled(remembered[f]) !== undefined))
    return {
      mapping: {
        fire_id: spelled(remembered.fire_id) ?? null,
        captured_at: spelled(remembered.captured_at) ?? null,
        agency: spelled(remembered.agency) ?? null,
        area_ha: spelled(remembered.area_ha) ?? null,
      },
      agency,
      from: agency,
    };
  return {
    mapping: agency ? inspected.detected : inspected.proposed,
    agency,
    from: agency ? null : inspected.proposed_from,
  };
}

/**
 * The mapping step of the perimeter import (docs/perimeters.md, "Field mapping"): which attribute
 * of the file holds the fire number, the capture date, the agency and the agency's hectares, each
 * detected automatically when none is chosen; for the national centre, one agency for the whole file.
 */
export function FieldMapping({
  inspected,
  choice,
  national,
  onChange,
}: {
  inspected: PerimetersInspectResult;
  choice: MappingChoice;
  national: boolean;
  onChange: (choice: MappingChoice) => void;
}) {
  const id = useId();
  const intl = useIntl();
  const language = intl.locale.startsWith('fr') ? 'fr' : 'en';
  const setField = (field: keyof PerimeterFieldMapping, value: string) =>
    onChange({ ...choice, mapping: { ...choice.mapping, [field]: value || null } });
  return (
    <fieldset>
      <legend>
        <FormattedMessage id="perimetersImport.mapping" />
      </legend>
      <p id={`${id}-help`}>
        <FormattedMessage
          id="perimetersImport.mappingHelp"
          values={{ count: inspected.total_features, attributes: inspected.attributes.length }}
        />
      </p>
      {national ? (
        <p>
          <label htmlFor={`${id}-agency-all`}>
            <FormattedMessage id="perimetersImport.fileAgency" />
          </label>{' '}
          <select
            id={`${id}-agency-all`}
            value={choice.agency ?? ''}
            onChange={(e) => {
              const agency = isAgencyCode(e.target.value) ? e.target.value : undefined;
              onChange(proposedChoice(inspected, agency));
            }}
          >
            <option value="">{intl.formatMessage({ id: 'perimetersImport.fileAgencyNone' })}</option>
            {AGENCIES.map((a) => (
              <option key={a.code} value={a.code}>
                {a.name[language]} ({a.code.toUpperCase()})
              </option>
            ))}
          </select>
        </p>
      ) : null}
      {PERIMETER_MAPPED_FIELDS.map((field) => (
        <p key={field}>
          <label htmlFor={`${id}-${field}`}>
            <FormattedMessage id={`perimetersImport.field.${field}`} />
          </label>{' '}
          <select
            id={`${id}-${field}`}
            aria-describedby={`${id}-help`}
            value={choice.mapping[field] ?? ''}
            onChange={(e) => setField(field, e.target.value)}
          >
            <option value="">{intl.formatMessage({ id: 'perimetersImport.detect' })}</option>
            {inspected.attributes.map((a) => (
              <option key={a.name} value={a.name}>
                {a.samples.length
                  ? intl.formatMessage(
                      { id: 'perimetersImport.attribute' },
                      { name: a.name, samples: a.samples.join(', ') },
                    )
                  : a.name}
              </option>
            ))}
          </select>
        </p>
      ))}
      {choice.from ? (
        <p>
          <FormattedMessage id="perimetersImport.remembered" values={{ agency: choice.from.toUpperCase() }} />
        </p>
      ) : null}
    </fieldset>
  );
}
