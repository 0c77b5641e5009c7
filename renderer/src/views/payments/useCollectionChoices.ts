import { useQuery } from '@tanstack/react-query';
import type { Option } from '../../components/Fields';
import { reads, usePayees } from '../../data/queries';

/** The schools and GL accounts a collection is recorded against (removed ones are not offered). */
export function useCollectionChoices(): { payeeOptions: Option[]; accountOptions: Option[] } {
  const payees = usePayees();
  const accounts = useQuery(reads.glAccounts()).data ?? [];
  return {
    payeeOptions: payees
      .filter((payee) => !payee.removed)
      .map((payee) => ({ value: String(payee.id), label: payee.name })),
    accountOptions: accounts
      .filter((account) => !account.removed)
      .map((account) => ({ value: account.number, label: `${account.number} ${account.label}` })),
  };
}
