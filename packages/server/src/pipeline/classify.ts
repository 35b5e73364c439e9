import { CFDI_NAMESPACES } from './engines/cfdi.js';
import { fold } from './text.js';

/** Type given to a document the classifier cannot place. */
export const UNKNOWN_TYPE = 'unknown';
/** Below this score the classifier answers `unknown`. */
export const MIN_SCORE = 0.35;

export interface ClassificationInput {
  mime: string;
  text: string;
  /** Namespace URI of an XML file's root element, when known. */
  xmlRootNamespace?: string;
  fileName?: string;
}

export interface Classification {
  /** A contract document type, or `unknown` (confidence 0). */
  type: string;
  subtype: string | null;
  /** 0–1. */
  confidence: number;
}

interface Rule {
  re: RegExp;
  /** 0–1; negative weights count against the type. */
  w: number;
  subtype?: string;
}

const r = (pattern: string, w: number, subtype?: string): Rule => ({ re: new RegExp(pattern), w, subtype });

/**
 * Keyword evidence per type, on folded text (uppercase, no accents). A type's score combines
 * its positive weights as independent evidence (1 − Π(1 − w)), scaled down by negative ones.
 */
const RULES: Record<string, Rule[]> = {
  invoice: [
    r(String.raw`\bFACTURA\b`, 0.5),
    r(String.raw`COMPROBANTE FISCAL DIGITAL`, 0.7, 'cfdi'),
    r(String.raw`FOLIO FISCAL`, 0.6, 'cfdi'),
    r(String.raw`\bCFDI\b`, 0.4, 'cfdi'),
    r(String.raw`\bEMISOR\b`, 0.3),
    r(String.raw`\bRECEPTOR\b`, 0.3),
    r(String.raw`USO (?:DEL )?CFDI`, 0.4, 'cfdi'),
    r(String.raw`SELLO DIGITAL DEL (?:CFDI|SAT|EMISOR)`, 0.4, 'cfdi'),
    r(String.raw`REGIMEN FISCAL`, 0.2),
    r(String.raw`VERIFICACFDI`, 0.5, 'cfdi'),
    r(String.raw`VALOR UNITARIO`, 0.3),
    r(String.raw`\bENDOS[OA]`, 0.2),
    r(String.raw`\bTENENCIA\b|\bREFRENDO\b|LINEA DE CAPTURA`, -0.3),
  ],
  tax_payment: [
    r(String.raw`IMPUESTO SOBRE (?:LA )?TENENCIA`, 0.8, 'tenencia'),
    r(String.raw`\bTENENCIA\b`, 0.7, 'tenencia'),
    r(String.raw`\bREFRENDO\b`, 0.6, 'refrendo'),
    r(String.raw`CONTROL VEHICULAR`, 0.5, 'refrendo'),
    r(String.raw`DERECHOS (?:VEHICULARES|DE (?:PLACAS|CIRCULACION))`, 0.4),
    r(String.raw`LINEA DE CAPTURA`, 0.4),
    r(String.raw`RECIBO (?:OFICIAL )?DE PAGO|COMPROBANTE DE PAGO|RECIBO OFICIAL`, 0.4),
    r(String.raw`EJERCICIO FISCAL`, 0.2),
    r(String.raw`\bPLACAS?\b`, 0.1),
    // A dealer's invoice often bills the plates and tenencia paperwork as a concept line.
    r(String.raw`\bFACTURA\b`, -0.5),
  ],
  ine: [
    r(String.raw`INSTITUTO (?:NACIONAL|FEDERAL) ELECTORAL`, 0.9),
    r(String.raw`CREDENCIAL PARA VOTAR`, 0.9),
    r(String.raw`CLAVE DE ELECTOR`, 0.7),
    r(String.raw`(?:^|\n)\s*IDMEX`, 0.8),
  ],
  id_front: [
    r(String.raw`\bPASAPORTE\b|\bPASSPORT\b|(?:^|\n)P<MEX`, 0.7, 'passport'),
    r(String.raw`LICENCIA (?:DE|PARA) CONDUCIR|LICENCIA DE MANEJO`, 0.7, 'driver_license'),
    r(String.raw`CEDULA PROFESIONAL`, 0.6, 'professional_id'),
  ],
  curp: [
    r(String.raw`CLAVE UNICA DE REGISTRO DE POBLACION`, 0.9),
    r(String.raw`CONSTANCIA DE LA CLAVE`, 0.8),
    r(String.raw`REGISTRO NACIONAL DE POBLACION|\bRENAPO\b`, 0.5),
    r(String.raw`\bCURP\b`, 0.3),
  ],
  repuve: [r(String.raw`\bREPUVE\b`, 0.8), r(String.raw`REGISTRO PUBLICO VEHICULAR`, 0.9), r(String.raw`CONSTANCIA DE INSCRIPCION`, 0.4)],
  certificate_title: [
    r(String.raw`TARJETA DE CIRCULACION`, 0.9, 'tarjeta_circulacion'),
    r(String.raw`CERTIFICATE OF TITLE|CERTIFICADO DE TITULO`, 0.9, 'title'),
    r(String.raw`TITULO DE PROPIEDAD`, 0.7, 'title'),
    r(String.raw`LINEA DE CAPTURA|RECIBO (?:OFICIAL )?DE PAGO|COMPROBANTE DE PAGO`, -0.5),
    r(String.raw`TOTAL (?:A PAGAR|PAGADO)|IMPORTE PAGADO`, -0.4),
  ],
  alta_vehicular: [
    r(String.raw`ALTA VEHICULAR`, 0.9),
    r(String.raw`ALTA DEL? VEHICULO|ALTA DE PLACAS|CONSTANCIA DE ALTA`, 0.8),
    r(String.raw`MOVIMIENTO\s*:?\s*ALTA`, 0.6),
    r(String.raw`REEMPLACAMIENTO`, 0.4),
  ],
  vehicle_certificate: [
    r(String.raw`VERIFICACION VEHICULAR|CERTIFICADO DE VERIFICACION|CONSTANCIA DE VERIFICACION`, 0.8, 'verificacion'),
    r(String.raw`CONSTANCIA DE BAJA|BAJA VEHICULAR|BAJA DE PLACAS|BAJA DEL? VEHICULO`, 0.8, 'baja'),
    r(String.raw`CERTIFICADO VEHICULAR|CONSTANCIA VEHICULAR`, 0.8),
    r(String.raw`\bHOLOGRAMA\b`, 0.3, 'verificacion'),
  ],
  bank_account: [
    r(String.raw`ESTADO DE CUENTA`, 0.7),
    r(String.raw`\bCLABE\b`, 0.5),
    r(String.raw`CUENTA (?:BANCARIA|DE CHEQUES|DE AHORRO)`, 0.5),
    r(String.raw`\b(?:BBVA|BANORTE|SANTANDER|BANAMEX|CITIBANAMEX|HSBC|SCOTIABANK|INBURSA|BANCOPPEL|BANCO AZTECA)\b`, 0.3),
    r(String.raw`SALDO (?:ANTERIOR|FINAL|PROMEDIO)`, 0.3),
  ],
  lumo_checklist: [r(String.raw`\bLUMO\b`, 0.6), r(String.raw`CHECK\s?-?LIST|LISTA DE VERIFICACION|INSPECCION VEHICULAR`, 0.4)],
};

/** File-name words that hint at a type (weak evidence). */
const FILE_HINTS: [RegExp, string][] = [
  [/FACTURA|INVOICE|CFDI/, 'invoice'],
  [/TENENCIA|REFRENDO/, 'tax_payment'],
  [/\bINE\b|\bIFE\b|CREDENCIAL/, 'ine'],
  [/\bCURP\b/, 'curp'],
  [/REPUVE/, 'repuve'],
  [/TARJETA|CIRCULACION|TITLE|TITULO/, 'certificate_title'],
  [/\bALTA\b/, 'alta_vehicular'],
  [/VERIFICACION|\bBAJA\b/, 'vehicle_certificate'],
  [/ESTADO DE CUENTA|BANCO|CLABE/, 'bank_account'],
  [/\bPLACAS?\b/, 'vehicle_plate'],
];

const PLATE_TOKEN = /(?<![A-Z0-9])[A-Z]{3}[\s-]?\d{2,4}[\s-]?[A-Z0-9]{0,2}(?![A-Z0-9])/;

const round = (n: number) => Math.round(n * 100) / 100;

/** Manual classification: the caller's type always wins. */
export function manualClassification(type: string): Classification & { method: 'manual' } {
  return { type: type.trim(), subtype: null, confidence: 1, method: 'manual' };
}

/**
 * Document type from the XML namespace (CFDI 3.3/4.0 → `factura_xml`, confidence 1) or from
 * Spanish keywords in the text. Fallback: `{type: 'unknown', subtype: null, confidence: 0}`
 * when there is no text or no type scores at least MIN_SCORE.
 */
export function classifyDocument(input: ClassificationInput): Classification {
  const ns = input.xmlRootNamespace;
  if (ns && CFDI_NAMESPACES[ns]) return { type: 'factura_xml', subtype: `cfdi_${CFDI_NAMESPACES[ns]}`, confidence: 1 };
  const text = fold(input.text ?? '');
  const hint = input.fileName ? fold(input.fileName).replace(/[_\-.]+/g, ' ') : '';
  if (!text.trim()) return { type: UNKNOWN_TYPE, subtype: null, confidence: 0 };

  const scores: { type: string; score: number; subtype: string | null }[] = [];
  for (const [type, rules] of Object.entries(RULES)) {
    let miss = 1;
    let penalty = 1;
    const subtypes: [string, number][] = [];
    for (const rule of rules) {
      if (!rule.re.test(text)) continue;
      if (rule.w < 0) penalty *= 1 + rule.w;
      else {
        miss *= 1 - rule.w;
        if (rule.subtype) subtypes.push([rule.subtype, rule.w]);
      }
    }
    if (FILE_HINTS.some(([re, t]) => t === type && re.test(hint))) miss *= 0.7;
    subtypes.sort((a, b) => b[1] - a[1]);
    scores.push({ type, score: (1 - miss) * penalty, subtype: subtypes[0]?.[0] ?? null });
  }
  // A photo of a plate: little text, a plate-shaped token in it, and no other type's keywords.
  const otherwise = scores.some((s) => s.score > 0);
  if (!otherwise && text.replace(/\s+/g, ' ').trim().length <= 80 && PLATE_TOKEN.test(text)) {
    scores.push({
      type: 'vehicle_plate',
      score: FILE_HINTS.some(([re, t]) => t === 'vehicle_plate' && re.test(hint)) ? 0.7 : 0.5,
      subtype: null,
    });
  }
  if (input.mime.includes('xml') && /\bCFDI\b/.test(text)) scores.push({ type: 'factura_xml', score: 0.9, subtype: null });
  scores.sort((a, b) => b.score - a.score);
  const [top, second] = scores;
  if (!top || top.score < MIN_SCORE) return { type: UNKNOWN_TYPE, subtype: null, confidence: 0 };
  const margin = second ? 1 - second.score / (2 * top.score) : 1;
  const subtype = top.type === 'ine' ? ineSide(text) : top.subtype;
  return { type: top.type, subtype, confidence: round(Math.min(0.99, top.score * margin)) };
}

/** Which sides of a voter card the text shows. */
function ineSide(text: string): string {
  const front = /\bNOMBRE\b|\bDOMICILIO\b|CLAVE DE ELECTOR/.test(text);
  const back = /(?:^|\n)\s*IDMEX/.test(text);
  return front && back ? 'front_and_reverse' : back ? 'reverse' : 'front';
}
