import { packageTestConfig } from '../vitest.shared.ts';

export default packageTestConfig({ include: ['test/**/*.test.ts'], testTimeout: 60_000 });
