#!/usr/bin/env node
// The CLI entry: runs the TypeScript sources through tsx, so `npx district-recon` works right
// after `npm install` with no build step.
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('./main.ts', import.meta.url);
process.exitCode = await main(process.argv.slice(2));
