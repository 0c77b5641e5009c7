// The CLI bundle's entry (scripts/build-cli.mjs): what bin.mjs does through tsx, with main.ts bundled in.
import { main } from './main';

process.exitCode = await main(process.argv.slice(2));
