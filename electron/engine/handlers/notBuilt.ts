import { ContractError } from '../../../shared/contract';

/** Placeholder for a method whose issue is still open; every use is replaced as the issues land. */
export function notBuilt(method: string): () => Promise<never> {
  return async () => {
    throw new ContractError('INTERNAL', `${method} is not available in this build yet.`);
  };
}
