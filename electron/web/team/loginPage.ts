/**
 * The sign-in page of a district server: plain HTML with a form and no script, so it works under
 * a policy that allows no script at all. The app itself (the renderer) loads only once signed in.
 */
const CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function loginPage(query: URLSearchParams): { html: string; headers: Record<string, string> } {
  const wait = Number(query.get('wait'));
  const slowed = Number(query.get('slowed'));
  const problem = query.has('failed')
    ? 'That name and password do not match an active user.'
    : wait > 0
      ? `Too many wrong passwords from this computer. Try again in ${Math.ceil(wait)} minutes.`
      : slowed > 0
        ? `Too many wrong passwords for this name: each try now waits. Try again in ${Math.ceil(slowed)} second${Math.ceil(slowed) === 1 ? '' : 's'}.`
        : '';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Sign in - District Recon</title>
<style>body{font-family:system-ui,sans-serif;max-width:22rem;margin:4rem auto;padding:0 1rem}label{display:block;margin:.75rem 0}input{display:block;width:100%;padding:.4rem;margin-top:.25rem}button{margin-top:1rem;padding:.5rem 1rem}p[role=alert]{color:#a00}</style>
</head>
<body>
<h1>District Recon</h1>
<p>Sign in with the name and password your district's admin gave you.</p>
${problem ? `<p role="alert">${problem}</p>` : ''}
<form method="post" action="/auth/login">
<label>Name <input name="name" autocomplete="username" required maxlength="64" autofocus></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required maxlength="1024"></label>
<button type="submit">Sign in</button>
</form>
</body>
</html>`;
  return {
    html,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': CSP,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // Not no-referrer: under it Chromium sends the form's POST with `Origin: null`, which the
      // server's cross-site check refuses, so no one could sign in. same-origin still tells other
      // sites nothing.
      'referrer-policy': 'same-origin',
    },
  };
}
