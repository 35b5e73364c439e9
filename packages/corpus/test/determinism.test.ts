import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { subjectDocuments } from '../src/corpus/documents.js';
import { PLAN, type Subject } from '../src/corpus/plan.js';

const digest = async (subject: Subject, seed: string) => {
  const out: Record<string, string> = {};
  for await (const doc of subjectDocuments(subject, { seed, quick: true })) {
    out[doc.file] = createHash('sha256').update(doc.bytes).update(JSON.stringify(doc.expected)).digest('hex');
  }
  return out;
};

describe('determinism', () => {
  // An invoice with a PDF and a scan, and an INE card with a scan of each side.
  const subjects = [PLAN.find((s) => s.name.startsWith('cfdi-01-'))!, PLAN.find((s) => s.name === 'ine-1')!];

  it('writes the same bytes on every run', async () => {
    for (const subject of subjects) {
      const a = await digest(subject, 'determinism');
      expect(Object.keys(a).length).toBeGreaterThan(1);
      expect(await digest(subject, 'determinism')).toEqual(a);
    }
  });

  it('another seed writes other documents', async () => {
    const a = await digest(subjects[0], 'determinism');
    const b = await digest(subjects[0], 'another seed');
    expect(Object.keys(b)).toEqual(Object.keys(a));
    for (const file of Object.keys(a)) expect(b[file], file).not.toBe(a[file]);
  });
});
