import pkg from '../package.json';

// The command's entry. `vcase --version` alone is answered here, before the rest (the SDK and
// its schemas) loads. Bench row: `vcase --version` wall time (docs/performance.md, round 12).
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) process.stdout.write(`${pkg.version}\n`);
else await import('./process.js');
