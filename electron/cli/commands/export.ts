/** Placeholder until its issue lands. */
export async function run(_argv: string[]): Promise<number> {
  process.stderr.write('district-recon export: not available in this build yet\n');
  return 1;
}
