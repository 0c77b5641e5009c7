import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { describeError } from '../errors';

export interface Action<A, R> {
  /** Resolves true when the engine accepted it; otherwise the reason is in `error`. */
  run(args: A): Promise<boolean>;
  busy: boolean;
  error: string | null;
  result: R | undefined;
  clear(): void;
}

/**
 * An engine command (sign-off, save, acknowledge) as a mutation: busy while in flight, its error in
 * words, and what to refresh or replace in the cache once it succeeded (awaited before `run` resolves).
 */
export function useAction<A, R>(
  command: (args: A) => Promise<R>,
  onDone?: (result: R, client: QueryClient, args: A) => unknown,
): Action<A, R> {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: command,
    onSuccess: (result, args) => onDone?.(result, client, args),
  });
  const { mutateAsync } = mutation;
  const run = useCallback(
    (args: A) =>
      mutateAsync(args).then(
        () => true,
        () => false,
      ),
    [mutateAsync],
  );
  return {
    run,
    busy: mutation.isPending,
    error: mutation.error ? describeError(mutation.error) : null,
    result: mutation.data,
    clear: mutation.reset,
  };
}

/** For a command whose answer is the new state of a read (a saved setting, the account list): cache it as that read's data. */
export function replaces<R>(key: QueryKey): (result: R, client: QueryClient) => void {
  return (result, client) => client.setQueryData(key, result);
}
