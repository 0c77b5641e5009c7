import { BankStatementError } from '../../../electron/engine/bank';

/** The error a parser refuses a file with; fails the test when the file is accepted. */
export function refusalOf(run: () => unknown): BankStatementError {
  try {
    run();
  } catch (error) {
    if (error instanceof BankStatementError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}
