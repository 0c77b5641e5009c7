// electron-builder afterSign hook: notarises the signed macOS app with Apple's notary service.
// Reads APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID from the environment (never from a
// file in the repository); without them it logs one line and skips, so unsigned local builds work.
// CommonJS because electron-builder loads hooks with require(); modules are imported lazily inside.
const REQUIRED = ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'];

/** @param {import('app-builder-lib').AfterPackContext} context */
exports.default = async function notarizeApp(context) {
  if (context.electronPlatformName !== 'darwin') return;
  const missing = REQUIRED.filter((name) => !process.env[name]);
  if (missing.length > 0) {
    console.log(`notarize: skipped, ${missing.join(', ')} not set (the app is signed but not notarised).`);
    return;
  }
  const appName = context.packager.appInfo.productFilename;
  const { join } = await import('node:path');
  const appPath = join(context.appOutDir, `${appName}.app`);
  const { notarize } = await import('@electron/notarize');
  console.log(`notarize: submitting ${appPath} (this can take several minutes)...`);
  await notarize({
    appPath,
    appleId: process.env.APPLE_ID,
    appleIdPassword: process.env.APPLE_APP_SPECIFIC_PASSWORD,
    teamId: process.env.APPLE_TEAM_ID,
  });
  console.log('notarize: done, ticket stapled.');
};
