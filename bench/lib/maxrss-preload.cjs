// Preloaded (NODE_OPTIONS=--require) into a measured Node process: on exit, writes the
// process's own peak resident set size (bytes) to $BENCH_MAXRSS_FILE.
'use strict';
const fs = require('node:fs');
const file = process.env.BENCH_MAXRSS_FILE;
if (file) {
  process.on('exit', () => {
    try {
      // resourceUsage().maxRSS is in kilobytes.
      fs.writeFileSync(file, String(process.resourceUsage().maxRSS * 1024));
    } catch {
      // the measurement is best effort; the sampled figure remains
    }
  });
}
