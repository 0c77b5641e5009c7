/**
 * What axe finds against WCAG 2 A and AA in `container`, one "rule: html" line per finding (a test
 * expects none). Colour contrast is left to the end-to-end run: happy-dom does no layout.
 */
export async function axeFindings(container: Element): Promise<string[]> {
  const axe = (await import('axe-core')).default;
  const result = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`);
}
