// Types for cliBundle.mjs (plain JavaScript, as the install step runs it with node alone).
export declare const WORKER_ENTRIES: Record<string, string>;
export declare function bundleCli(
  root: string,
  outdir: string,
  entries: Record<string, string>,
): Promise<{ files: { name: string; contents: Uint8Array }[]; inputs: string[] }>;
