import { buildIne, ineBackFields, ineFrontFields } from '../cards/ine.js';
import { ineBackPdf, ineFrontPdf } from '../cards/ineLayout.js';
import { buildTarjeta, tarjetaFields } from '../cards/tarjeta.js';
import { tarjetaPdf } from '../cards/tarjetaLayouts.js';
import { buildTenencia, PRINTS_VEHICLE, tenenciaFields } from '../cards/tenencia.js';
import { tenenciaPdf } from '../cards/tenenciaLayout.js';
import { buildInvoice } from '../cfdi/build.js';
import { invoiceFields } from '../cfdi/expected.js';
import type { Invoice } from '../cfdi/model.js';
import { invoiceXmlBytes, signInvoice } from '../cfdi/xml.js';
import { expected, type Expected, type Family } from '../expected.js';
import { layoutA } from '../pdf/layoutA.js';
import { layoutB } from '../pdf/layoutB.js';
import { layoutC } from '../pdf/layoutC.js';
import { createRng, type Rng } from '../random.js';
import { applyEffects, someEffects } from '../scan/effects.js';
import { encodeScan, EXTENSIONS } from '../scan/formats.js';
import { rasterizePdf } from '../scan/raster.js';
import type { CfdiLayout, InvoiceSubject, ScanSpec, Subject } from './plan.js';

/** One file of the corpus and what it holds. */
export interface CorpusDocument {
  /** File name, e.g. `cfdi-01-nuevo-complemento-40-A.pdf`. */
  file: string;
  mime: string;
  bytes: Buffer;
  expected: Expected;
}

export interface BuildContext {
  seed: string;
  quick: boolean;
  /** A CSD signer for the invoices (see `signInvoice`); without it the seals are random. */
  sign?: (xml: string) => string;
  /** false: the XML and PDFs only, no scans (the slow part). */
  scans?: boolean;
}

const MIMES: Record<string, string> = {
  xml: 'application/xml',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  tif: 'image/tiff',
};
const mimeOf = (file: string) => MIMES[file.slice(file.lastIndexOf('.') + 1)];

/** A CFDI in one of the three printed layouts. */
export function printInvoice(inv: Invoice, layout: CfdiLayout, opts: { printXml?: boolean; cliente?: boolean } = {}): Promise<Buffer> {
  if (layout === 'A') return layoutA(inv);
  if (layout === 'B') return layoutB(inv, { receptorTitle: opts.cliente ? 'Cliente' : 'Receptor' });
  return layoutC(inv, { printXml: opts.printXml });
}

/** The invoice a subject describes (its own seeded draw), signed when a signer is given. */
export function subjectInvoice(subject: InvoiceSubject, ctx: Pick<BuildContext, 'seed' | 'sign'>): Invoice {
  const inv = buildInvoice(createRng(`${ctx.seed}:${subject.name}`), subject.kind, {
    version: subject.version,
    encoding: subject.encoding,
  });
  const withBom = { ...inv, bom: !!subject.bom };
  return ctx.sign ? signInvoice(withBom, ctx.sign) : withBom;
}

/**
 * The scans of one printed page: rendered once per resolution, given the scan's own defects,
 * then saved in each format. Scans the quick corpus leaves out are skipped when `quick`.
 */
async function* scansOf(
  pdf: Buffer,
  stem: string,
  scans: ScanSpec[],
  rng: Rng,
  ctx: BuildContext,
  make: (spec: ScanSpec) => Omit<Expected, 'absent'>,
  unscored: readonly string[] = [],
) {
  const rasters = new Map<number, Buffer[]>();
  if (ctx.scans === false) return;
  for (const spec of scans) {
    if (ctx.quick && !spec.quick) continue;
    if (!rasters.has(spec.dpi)) rasters.set(spec.dpi, await rasterizePdf(pdf, spec.dpi));
    const page = rasters.get(spec.dpi)![0];
    const scanRng = rng.fork(`scan:${spec.format}:${spec.dpi}`);
    const scanned = await applyEffects(page, someEffects(scanRng, !!spec.clean), scanRng);
    const suffix = spec.format === 'pdf_image' ? 'scan' : spec.format;
    const file = `${stem}-${spec.dpi}dpi-${suffix}.${EXTENSIONS[spec.format]}`;
    yield {
      file,
      mime: mimeOf(file),
      bytes: await encodeScan(scanned, spec.format, spec.dpi),
      expected: expected({ ...make(spec), format: spec.format, dpi: spec.dpi }, unscored),
    };
  }
}

async function* invoiceDocuments(subject: InvoiceSubject, ctx: BuildContext): AsyncGenerator<CorpusDocument> {
  const inv = subjectInvoice(subject, ctx);
  const rng = createRng(`${ctx.seed}:${subject.name}:prints`);
  if (!ctx.quick || subject.quick) {
    const file = `${subject.name}.xml`;
    yield {
      file,
      mime: mimeOf(file),
      bytes: invoiceXmlBytes(inv),
      expected: expected({ family: 'cfdi_xml', layout: `cfdi_${inv.version}`, format: 'xml', type: 'invoice', fields: invoiceFields(inv) }),
    };
  }
  for (const print of subject.prints) {
    const wantsPdf = !ctx.quick || print.quick;
    const wantsScans = ctx.scans !== false && print.scans.some((sc) => !ctx.quick || sc.quick);
    if (!wantsPdf && !wantsScans) continue;
    const pdf = await printInvoice(inv, print.layout, print);
    // Layout A prints Serie and Folio apart: the folio's combined form is not on the page.
    const unscored = print.layout === 'A' ? ['folio'] : [];
    const fields = invoiceFields(inv, { folio: print.layout !== 'A' });
    const stem = `${subject.name}-${print.layout}`;
    const layout = `${print.layout}${print.printXml ? '+xml' : ''}`;
    if (wantsPdf)
      yield {
        file: `${stem}.pdf`,
        mime: 'application/pdf',
        bytes: pdf,
        expected: expected({ family: 'cfdi_pdf', layout, format: 'pdf', type: 'invoice', fields }, unscored),
      };
    yield* scansOf(
      pdf,
      stem,
      print.scans,
      rng.fork(print.layout),
      ctx,
      () => ({ family: 'cfdi_scan', layout, format: 'png', type: 'invoice', fields }),
      unscored,
    );
  }
}

async function* cardDocuments(
  name: string,
  family: Family,
  type: Expected['type'],
  layout: string,
  pdf: Buffer,
  fields: Record<string, unknown>,
  o: { pdf: boolean; quick: boolean; scans: ScanSpec[]; rng: Rng; ctx: BuildContext },
): AsyncGenerator<CorpusDocument> {
  if (o.pdf && (!o.ctx.quick || o.quick))
    yield { file: `${name}.pdf`, mime: 'application/pdf', bytes: pdf, expected: expected({ family, layout, format: 'pdf', type, fields }) };
  yield* scansOf(pdf, name, o.scans, o.rng, o.ctx, () => ({ family, layout, format: 'png', type, fields }));
}

/** Every file one subject of the plan yields, in order. */
export async function* subjectDocuments(subject: Subject, ctx: BuildContext): AsyncGenerator<CorpusDocument> {
  if (subject.family === 'cfdi') return yield* invoiceDocuments(subject, ctx);
  const rng = createRng(`${ctx.seed}:${subject.name}`);
  if (subject.family === 'ine') {
    const card = buildIne(rng);
    for (const side of subject.sides) {
      const pdf = side.side === 'front' ? await ineFrontPdf(card) : await ineBackPdf(card);
      const fields = side.side === 'front' ? ineFrontFields(card) : ineBackFields(card);
      yield* cardDocuments(`${subject.name}-${side.side}`, 'ine', 'ine', side.side, pdf, fields, {
        ...side,
        quick: !!side.quick,
        rng: rng.fork(side.side),
        ctx,
      });
    }
  } else if (subject.family === 'tarjeta') {
    const t = buildTarjeta(rng, subject.state);
    yield* cardDocuments(subject.name, 'tarjeta', 'certificate_title', t.state.code, await tarjetaPdf(t), tarjetaFields(t), {
      ...subject,
      quick: !!subject.quick,
      rng: rng.fork('scans'),
      ctx,
    });
  } else {
    const t = buildTenencia(rng, subject.state);
    yield* cardDocuments(
      subject.name,
      'tenencia',
      'tax_payment',
      t.state.code,
      await tenenciaPdf(t),
      tenenciaFields(t, PRINTS_VEHICLE[t.state.code]),
      { ...subject, quick: !!subject.quick, rng: rng.fork('scans'), ctx },
    );
  }
}
