// Makes sure Debian's Chromium is there before the end-to-end tests: installs it when we run
// as root, otherwise stops with the exact command. Never downloads a browser build.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const executable = process.env.CHROMIUM ?? '/usr/bin/chromium';

if (!existsSync(executable)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const command = 'apt-get update && apt-get install -y chromium';
  if (!isRoot) {
    console.error(
      `Chromium is missing at ${executable}. Install it with:\n  sudo sh -c '${command}'`,
    );
    process.exit(1);
  }
  console.log(`Chromium is missing; installing it from Debian's packages: ${command}`);
  const result = spawnSync('sh', ['-c', command], { stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(executable)) {
    console.error('Installing Chromium failed.');
    process.exit(1);
  }
}
