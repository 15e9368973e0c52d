import { useCallback, useRef } from 'react';
import { type SetURLSearchParams, useSearchParams } from 'react-router';

type Options = Parameters<SetURLSearchParams>[1];

/**
 * `useSearchParams`, with changes that build on the last address asked for. react-router gives a
 * change the parameters of the last render, and its navigation is committed in a transition: two
 * choices made before the page renders the first one's address (a quick hand on a busy machine)
 * both start from the same address, and the second drops the first. Until the router hands over
 * new parameters, each change starts from the one asked for before it; once it does (this page's
 * navigation, or Back), from those.
 */
export function useAddressParams(): [
  URLSearchParams,
  (change: (next: URLSearchParams) => void, options?: Options) => void,
] {
  const [params, setParams] = useSearchParams();
  const asked = useRef<{ from: URLSearchParams; to: URLSearchParams }>(undefined);
  const update = useCallback(
    (change: (next: URLSearchParams) => void, options?: Options) => {
      const next = new URLSearchParams(asked.current?.from === params ? asked.current.to : params);
      change(next);
      asked.current = { from: params, to: next };
      setParams(next, options);
    },
    [params, setParams],
  );
  return [params, update];
}
