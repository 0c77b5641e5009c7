// The CLI bundle's entry (test/helpers/cliBundle.ts): what electron/cli/bin.mjs does, with main.ts
// bundled in instead of loaded through tsx.
import { main } from '../../electron/cli/main';

process.exitCode = await main(process.argv.slice(2));
