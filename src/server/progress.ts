type Progress = { step: string; done: number; total: number };

/**
 * Progress on stderr for long jobs (seeding, benchmarks): one updating line on a terminal, a line
 * per tenth otherwise so CI logs stay short.
 */
export function createProgressReporter(label: string, stream: NodeJS.WriteStream = process.stderr) {
  let lastStep = '';
  let lastTenth = -1;
  return ({ step, done, total }: Progress) => {
    const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
    const line = `${label}: ${step} ${done.toLocaleString('en-IN')}/${total.toLocaleString('en-IN')} (${percent}%)`;
    if (stream.isTTY) {
      stream.write(`\r\x1b[2K${line}${done >= total ? '\n' : ''}`);
      return;
    }
    const tenth = Math.floor(percent / 10);
    if (step !== lastStep || tenth !== lastTenth) {
      stream.write(`${line}\n`);
      lastStep = step;
      lastTenth = tenth;
    }
  };
}
