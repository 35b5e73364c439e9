export { createRng, hash32, type Rng } from './random.js';
export { FAMILIES, SCAN_FORMATS, VOCABULARY, absentKeys, type Expected, type Family, type Format, type ScanFormat } from './expected.js';
export {
  generateCorpus,
  CORPUS_VERSION,
  DEFAULT_SEED,
  type GenerateOptions,
  type Manifest,
  type ManifestEntry,
} from './corpus/generate.js';
export { subjectDocuments, subjectInvoice, printInvoice, type BuildContext, type CorpusDocument } from './corpus/documents.js';
export {
  PLAN,
  type Subject,
  type InvoiceSubject,
  type CardSubject,
  type IneSubject,
  type ScanSpec,
  type CfdiLayout,
} from './corpus/plan.js';
// Invoices
export { INVOICE_KINDS, type Invoice, type InvoiceKind, type Concept, type InvoiceParty } from './cfdi/model.js';
export { buildInvoice, type InvoiceOptions } from './cfdi/build.js';
export { comprobanteXml, invoiceXmlBytes, signInvoice } from './cfdi/xml.js';
export { invoiceFields } from './cfdi/expected.js';
export { satQrUrl, tfdCadena, SAT_VERIFY_URL } from './cfdi/sat.js';
export { layoutA } from './pdf/layoutA.js';
export { layoutB } from './pdf/layoutB.js';
export { layoutC } from './pdf/layoutC.js';
export { qrModules, qrPng } from './pdf/qr.js';
// Cards and receipts
export { buildTarjeta, tarjetaFields, type Tarjeta } from './cards/tarjeta.js';
export { tarjetaPdf, TARJETA_LAYOUTS } from './cards/tarjetaLayouts.js';
export { buildTenencia, tenenciaFields, PRINTS_VEHICLE, type Tenencia } from './cards/tenencia.js';
export { tenenciaPdf } from './cards/tenenciaLayout.js';
export { buildIne, ineBackFields, ineFrontFields, type IneCard } from './cards/ine.js';
export { ineBackPdf, ineFrontPdf, CARD_SIZE } from './cards/ineLayout.js';
// Scans
export { rasterizePdf } from './scan/raster.js';
export { applyEffects, someEffects, type ScanEffects } from './scan/effects.js';
export { encodeScan, EXTENSIONS } from './scan/formats.js';
// Identifiers
export { makeVin, vinCheckDigit, isValidVin } from './ids/vin.js';
export { makeCurp, curpCheckDigit, isValidCurp, CURP_PATTERN } from './ids/curp.js';
export { rfcFisica, rfcMoral, rfcCheckDigit, RFC_PATTERN } from './ids/rfc.js';
export { claveElector, ineMrz, mrzCheckDigit, CLAVE_ELECTOR_PATTERN } from './ids/ine.js';
export { makePedimento, ADUANAS, type Pedimento } from './ids/pedimento.js';
export { isInconvenient } from './ids/inconvenient.js';
export { makePerson, fullName, type Person } from './data/people.js';
export { makeVehicle, type Vehicle } from './data/vehicles.js';
export { PLATE_STATES, normalizePlate, type PlateState } from './data/states.js';
