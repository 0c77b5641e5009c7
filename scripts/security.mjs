// `npm run security`: electronegativity over the app's sources (the Electron hosts, the preload and
// the renderer). Fails when it reports anything. A finding that is reviewed and accepted carries an
// `eng-disable CHECK_ID` annotation on its line, with the reason in a comment right above it, so the
// justification lives beside the code it concerns.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const run = require('@doyensec/electronegativity');
const root = dirname(dirname(fileURLToPath(import.meta.url)));
const electronVersion = require('electron/package.json').version;
// Scanned together: electronegativity's global checks (CSP, navigation limits, permission handler)
// look across the whole input, so main, preload and renderer must be one scan.
const INPUTS = ['electron/main', 'electron/preload', 'renderer/index.html', 'renderer/src'];

const scanDir = mkdtempSync(join(tmpdir(), 'recon-security-'));
for (const input of INPUTS) cpSync(join(root, input), join(scanDir, input), { recursive: true });
let result;
try {
  result = await run({ input: scanDir, electronVersionOverride: electronVersion, isRelative: true });
} finally {
  rmSync(scanDir, { recursive: true, force: true });
}
const findings = result.issues ?? [];
const errors = result.errors ?? [];
console.log(
  `electronegativity (Electron ${electronVersion}) over ${INPUTS.join(', ')}: ` +
    `${result.globalChecks} global and ${result.atomicChecks} atomic checks, ${findings.length} findings, ${errors.length} parse errors`,
);
for (const finding of findings) {
  const where =
    finding.file && finding.file !== 'N/A' ? `${finding.file}:${finding.location?.line ?? '?'}` : '(whole app)';
  console.log(
    `  ${finding.id} [${finding.severity?.name ?? finding.severity}/${finding.confidence?.name ?? finding.confidence}] ${where}: ${finding.description}`,
  );
}
for (const error of errors) console.log(`  parse error: ${error.file}: ${error.message ?? error.error ?? ''}`);
const failed = findings.length > 0 || errors.length > 0;
console.log(failed ? 'electronegativity: unjustified findings (see above).' : 'electronegativity: no findings.');
process.exit(failed ? 1 : 0);
