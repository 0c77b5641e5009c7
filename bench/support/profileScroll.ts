/**
 * A diagnostic, not a bench: drives the renderer bench's wheel scroll through Transactions with
 * Chromium's tracer on, then prints where the main thread's time went (top-level task kinds, GC,
 * layout, script by function). Run: `npx tsx bench/support/profileScroll.ts` (BENCH_SCALE-aware).
 */
import { writeFileSync } from 'node:fs';
import { openBigStore, openInChromium } from './bigApp';

const scale = Number(process.env.BENCH_SCALE ?? '1');
const total = Math.round(1_000_000 * scale);
const steps = Number(process.env.PROFILE_STEPS ?? '150');
const ROW_HEIGHT = 34;
const out = process.env.PROFILE_OUT ?? '/tmp/district-recon-bench/scroll-trace.json';

const app = await openInChromium(await openBigStore(total), { bypassCSP: Boolean(process.env.PROFILE_CSS) });
const { host, browser, page } = app;
await page.goto(host.launchUrl);
await page.getByRole('heading', { name: 'Overview' }).waitFor();
await page.goto(`${host.url}/#/transactions`);
const body = page.locator('[role="grid"][aria-label="Transactions"] [data-virtual-scroll]');
await body.locator('.data-table-item').first().waitFor();
// An experiment's extra CSS, to try a style change without a rebuild.
if (process.env.PROFILE_CSS) await page.addStyleTag({ content: process.env.PROFILE_CSS });
const box = (await body.boundingBox())!;
await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
const cdp = await page.context().newCDPSession(page);
const sampling = process.env.PROFILE_CPU !== '0';
if (sampling) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
}
await browser.startTracing(page, {
  categories: [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'v8',
    'v8.execute',
    'blink.user_timing',
    'disabled-by-default-v8.cpu_profiler',
  ],
});
for (let i = 0; i < steps; i++) {
  await page.mouse.wheel(0, 20 * ROW_HEIGHT);
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => done()))');
}
await page.waitForTimeout(300);
const trace = await browser.stopTracing();
const profile = sampling ? ((await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }).profile : null;
writeFileSync(out, trace);
await app.close();

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  tid: number;
  pid: number;
  cat: string;
  args?: { data?: Record<string, unknown> };
}
const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
// The renderer main thread: the one running the most RunTask time with FunctionCall children.
const threads = new Map<string, number>();
for (const e of events)
  if (e.name === 'FunctionCall' && e.dur)
    threads.set(`${e.pid}:${e.tid}`, (threads.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
const main = [...threads.entries()].sort((a, b) => b[1] - a[1])[0]![0];
const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur !== undefined);
const tasks = onMain
  .filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
  .sort((a, b) => b.dur! - a.dur!);
const long = tasks.filter((t) => t.dur! > 50_000);
console.log(
  `main thread tasks: ${tasks.length}, over 50 ms: ${long.length}, longest ${(tasks[0]?.dur ?? 0) / 1000} ms`,
);
// Wall time includes time the OS gave other processes (2 shared cores); thread time is this thread's own work.
const cpu = tasks.map((t) => (t.tdur ?? t.dur!) / 1000).sort((a, b) => b - a);
console.log(
  `by thread time: over 50 ms: ${cpu.filter((ms) => ms > 50).length}, over 30 ms: ${cpu.filter((ms) => ms > 30).length}, longest ${cpu[0]?.toFixed(1)} ms, top 5: ${cpu
    .slice(0, 5)
    .map((ms) => ms.toFixed(1))
    .join(', ')}`,
);
const sum = (name: string) => onMain.filter((e) => e.name === name).reduce((s, e) => s + e.dur!, 0) / 1000;
const sumThread = (name: string) =>
  onMain.filter((e) => e.name === name).reduce((s, e) => s + (e.tdur ?? e.dur!), 0) / 1000;
console.log(
  `per wheel step, thread ms: ${['FunctionCall', 'FireAnimationFrame', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'MinorGC', 'MajorGC'].map((n) => `${n} ${(sumThread(n) / steps).toFixed(2)}`).join(', ')}`,
);
for (const name of [
  'FunctionCall',
  'EventDispatch',
  'TimerFire',
  'FireAnimationFrame',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'PrePaint',
  'Layerize',
  'MinorGC',
  'MajorGC',
  'V8.GC_SCAVENGER',
  'V8.GC_MARK_COMPACTOR',
  'ParseHTML',
  'HitTest',
  'ScrollLayer',
])
  console.log(`${name.padEnd(24)} ${sum(name).toFixed(1)} ms`);
// What the longest tasks contained.
for (const t of long.slice(0, 5)) {
  const inside = onMain.filter((e) => e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur! && e !== t);
  const kinds = new Map<string, number>();
  for (const e of inside)
    if (
      [
        'FunctionCall',
        'Layout',
        'UpdateLayoutTree',
        'MinorGC',
        'MajorGC',
        'Paint',
        'EventDispatch',
        'TimerFire',
        'FireAnimationFrame',
        'V8.GC_MARK_COMPACTOR',
        'V8.GC_SCAVENGER',
      ].includes(e.name)
    )
      kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur!);
  console.log(
    `long task ${(t.dur! / 1000).toFixed(1)} ms: ${[...kinds].map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`).join(', ')}`,
  );
}

if (!profile) process.exit(0);
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}
// Self time by function, and inclusive time by function (a function counted once per sample).
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const label = (id: number) => {
  const f = byId.get(id)!.callFrame;
  return `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
};
profile.samples.forEach((id, i) => {
  const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  self.set(label(id), (self.get(label(id)) ?? 0) + dt);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const l = label(at);
    if (seen.has(l)) continue;
    seen.add(l);
    inclusive.set(l, (inclusive.get(l) ?? 0) + dt);
  }
});
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `  ${v.toFixed(1).padStart(8)} ms  ${k}`)
    .join('\n');
console.log(`self time, top 30:\n${top(self, 30)}`);
console.log(`inclusive time, top 40:\n${top(inclusive, 40)}`);
