// Types for installedBundle.mjs (plain JavaScript, as bin.mjs loads it before tsx).
export declare function freshBundleEntry(root: string, bundleDir: string): string | null;
