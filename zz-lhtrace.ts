// throwaway: run Lighthouse once and dump its trace
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import lighthouse from 'lighthouse';
const [url, out, slow] = process.argv.slice(2);
const port = 9333;
const child = spawn('/usr/bin/chromium', ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync',`--remote-debugging-port=${port}`,`--user-data-dir=/tmp/lhprof-${Date.now()}`,'about:blank'], { stdio: 'ignore' });
for (;;) { try { if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break; } catch {} await new Promise(r=>setTimeout(r,100)); }
const r = await lighthouse(url!, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], ...(slow ? { throttling: { cpuSlowdownMultiplier: Number(slow) } } : {}) });
fs.writeFileSync(out!, JSON.stringify((r as any).artifacts.Trace.traceEvents));
console.log('TBT', r!.lhr.audits['total-blocking-time']!.numericValue, 'index', r!.lhr.environment.benchmarkIndex);
child.kill();
process.exit(0);
