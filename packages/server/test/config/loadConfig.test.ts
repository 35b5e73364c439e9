import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

describe('server settings (operator-surface §1)', () => {
  it('names a bad setting as the operator writes it, flag and variable', () => {
    expect(() => loadConfig({}, { VCASE_WEBHOOK_TIMEOUT_MS: 'soon' })).toThrow(/^invalid configuration:\n {2}VCASE_WEBHOOK_TIMEOUT_MS: /);
    expect(() => loadConfig({ port: 'x' }, {})).toThrow(/\n {2}--port \/ PORT: /);
    expect(() => loadConfig({}, { VCASE_WORKERS: '-1' })).toThrow(/\n {2}--workers \/ VCASE_WORKERS: /);
    expect(() => loadConfig({}, { VCASE_JOB_LEASE_MS: '10' })).toThrow(/\n {2}VCASE_JOB_LEASE_MS: /);
  });

  it('reads the job lease, which the job runner defaults when unset', () => {
    expect(loadConfig({}, { VCASE_JOB_LEASE_MS: '1500' }).jobLeaseMs).toBe(1500);
    expect(loadConfig({}, {}).jobLeaseMs).toBeUndefined();
  });

  it('reads yes/no settings from the usual words and refuses any other', () => {
    for (const yes of ['true', 'TRUE', '1', 'yes', 'on', ' True '])
      expect(loadConfig({}, { VCASE_ALLOW_PRIVATE_URLS: yes }).allowPrivateUrls).toBe(true);
    for (const no of ['false', '0', 'no', 'OFF']) expect(loadConfig({}, { VCASE_ALLOW_PRIVATE_URLS: no }).allowPrivateUrls).toBe(false);
    expect(loadConfig({}, {}).allowPrivateUrls).toBe(false);
    expect(() => loadConfig({}, { VCASE_ALLOW_PRIVATE_URLS: 'yes-please' })).toThrow(/VCASE_ALLOW_PRIVATE_URLS: use true or false/);
  });
});
