import { useContext } from 'react';
import { type FormApi, FormContext } from './form-context.ts';

/** The sitrep form's values, errors and actions, from the nearest FormProvider. */
export function useForm(): FormApi {
  const api = useContext(FormContext);
  if (!api) throw new Error('useForm outside the sitrep form');
  return api;
}
