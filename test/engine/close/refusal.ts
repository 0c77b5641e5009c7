/** The code and one-line message a refused engine call ends with; fails the test if it succeeded. */
export async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
  throw new Error('expected a refusal');
}
