import type { CaseFile, DocumentSignature } from '@vcase/sdk';
import type { Cell } from '../ui/table.js';

const TONES = { valid: 'green', invalid: 'red', unverifiable: 'yellow' } as const;

/** A CFDI's seal in one cell: the status, then why it is not valid, or the certificate when it is. */
export function sealCell(seal: DocumentSignature | null | undefined): Cell {
  if (!seal) return undefined;
  const certificate = seal.certificate && `certificado ${seal.certificate.number} · ${seal.certificate.rfc}`;
  const detail = seal.status === 'valid' ? certificate : seal.reason;
  return { text: [seal.status, detail].filter(Boolean).join(' · '), tone: TONES[seal.status] };
}

/** The seal processing kept in a document's OCR (CFDI XML only; docs/rules.md, "CFDI seal"). */
export function sealOf(ocr: unknown): DocumentSignature | undefined {
  const seal = (ocr as { signature?: DocumentSignature } | null)?.signature;
  return seal && typeof seal === 'object' && seal.status in TONES ? seal : undefined;
}

/** The case's CFDI seals counted by status (invalid first), or undefined when it has no CFDI XML. */
export function sealSummary(files: readonly CaseFile[]): Cell {
  const seals = files.map((f) => sealOf(f.ocr)).filter((s): s is DocumentSignature => !!s);
  if (!seals.length) return undefined;
  const count = (status: DocumentSignature['status']) => seals.filter((s) => s.status === status).length;
  const parts = (['invalid', 'unverifiable', 'valid'] as const).filter((s) => count(s)).map((s) => `${count(s)} ${s}`);
  const worst = count('invalid') ? 'invalid' : count('unverifiable') ? 'unverifiable' : 'valid';
  return { text: parts.join(' · '), tone: TONES[worst] };
}
