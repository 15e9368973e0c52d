import { useIntl } from 'react-intl';

/** The agency sitrep's strings: `t('field.a_ltg')` reads `agencySitrep.field.a_ltg`. */
export function useT() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `agencySitrep.${id}` }, values);
}
