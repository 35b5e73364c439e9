import { CREDIT_BUREAU_PATH_SEGMENT, type CreditBureauResponse } from '@vcase/shared';
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import type { Principal } from '../../auth/principal.js';
import type { ServerContext } from '../../context.js';
import { badRequest, notFound } from '../../errors.js';
import { loadCase } from '../caseAccess.js';
import { casePrimaryVin } from '../caseDerived.service.js';
import { caseLookups, obj } from './caseLookups.js';
import { NO_PRIMARY_VIN } from './pedimento.service.js';
import { caseOwner, lookupStatus, startLookup, type AfterLookup, type LookupResult } from './lookupJob.js';
import { vehicleFacts } from './vehicleFacts.js';

type BureauResult = LookupResult & { document?: { key: string; uuid: string } };

function flatten(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
  }
  return [`${prefix}: ${value === null || value === undefined ? '—' : String(value)}`];
}

/**
 * Text in characters `font` can draw: the standard PDF fonts encode WinAnsi only, and a report
 * is the bureau's text. An accented letter outside it loses its accent; anything else (arrows,
 * CJK, emoji, control characters) becomes `?`, so the report is never lost to a character.
 */
function drawableIn(font: PDFFont): (text: string) => string {
  const supported = new Set(font.getCharacterSet());
  const one = (c: string) => {
    if (supported.has(c.codePointAt(0) as number)) return c;
    const bare = c.normalize('NFD').replace(/\p{M}/gu, '');
    return bare && [...bare].every((b) => supported.has(b.codePointAt(0) as number)) ? bare : '?';
  };
  return (text) => Array.from(text, one).join('');
}

/** The verification-report PDF of a bureau answer. */
export async function bureauReportPdf(vin: string, report: Record<string, unknown>, generatedAt: Date): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const drawable = drawableIn(font);
  let page = pdf.addPage([612, 792]);
  let y = 740;
  page.drawText('Reporte de verificación vehicular', { x: 50, y, size: 18, font: bold, color: rgb(0.1, 0.2, 0.4) });
  y -= 28;
  for (const line of [`NIV: ${vin}`, `Fuente: ${CREDIT_BUREAU_PATH_SEGMENT}`, `Generado: ${generatedAt.toISOString()}`]) {
    page.drawText(drawable(line), { x: 50, y, size: 11, font });
    y -= 16;
  }
  y -= 10;
  for (const line of flatten(report)) {
    if (y < 60) {
      page = pdf.addPage([612, 792]);
      y = 740;
    }
    page.drawText(drawable(Array.from(line).slice(0, 100).join('')), { x: 50, y, size: 10, font });
    y -= 14;
  }
  pdf.setTitle(`Reporte de verificación ${vin}`);
  pdf.setCreationDate(generatedAt);
  return pdf.save();
}

/** After a successful bureau lookup: generate and store the verification report. */
export const attachBureauReport: AfterLookup = async (ctx, job, result) => {
  if (result.kind !== 'ok') return result;
  const report = obj(result.data.report) ?? result.data;
  const bytes = await bureauReportPdf(job.payload.key, report, ctx.clock.now());
  const stored = await ctx.storage.put(bytes, 'pdf');
  return { ...result, document: { key: stored.key, uuid: ctx.ids() } } as BureauResult;
};

export async function startBureau(ctx: ServerContext, principal: Principal, caseId: string) {
  const row = await loadCase(ctx, principal, caseId);
  const vin = await casePrimaryVin(ctx, row.id);
  if (!vin) throw badRequest(NO_PRIMARY_VIN);
  const job = await startLookup(ctx, caseOwner(row), { source: 'bureau', key: vin, input: await vehicleFacts(ctx, row.id, vin) });
  return { job_id: job.id, vin, status: 'pending' as const };
}

export async function getBureau(ctx: ServerContext, principal: Principal, caseId: string): Promise<CreditBureauResponse> {
  const row = await loadCase(ctx, principal, caseId);
  const jobs = await caseLookups(ctx.db, row.id, 'bureau');
  const latest = jobs[0];
  if (!latest) throw notFound('No se ha ejecutado ninguna consulta de buró para este caso');
  const status = lookupStatus(latest);
  const r = latest.result as BureauResult | null;
  const completed = status === 'completed' && r?.kind === 'ok';
  return {
    case_id: row.id,
    source: CREDIT_BUREAU_PATH_SEGMENT,
    status: completed || status !== 'completed' ? status : 'error',
    query_count: jobs.length,
    completed_count: jobs.filter((j) => lookupStatus(j) === 'completed').length,
    data: completed && r?.kind === 'ok' ? (obj(r.data.report) ?? r.data) : null,
    document: completed && r?.document ? { url: `${ctx.address.baseUrl}/files/${r.document.key}`, uuid: r.document.uuid } : null,
  };
}
