import pkg from '../package.json';

// The command's entry. `vcase --version` alone is answered here, before the rest loads: the
// rest brings the SDK and its schemas, which take longer to load than Node takes to start.
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) process.stdout.write(`${pkg.version}\n`);
else await import('./process.js');
