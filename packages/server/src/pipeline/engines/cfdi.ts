import { parseDate } from '../../domain/validators/dates.js';
import { validateVin } from '../../domain/validators/vin.js';
import { vehicleFromDescription } from '../extractors/description.js';
import type { OcrEngine, OcrOutput } from '../types.js';
import { attr, child, children, decodeXml, descendants, parseXml, rootNamespace, rootOf, textContent, type XmlNode } from './xml.js';
import { ENGINE_MESSAGES } from './engineMessages.js';
import { verifyCfdiSeal, type SealCheck } from '../seal/index.js';

export const CFDI_NAMESPACES: Record<string, '3.3' | '4.0'> = {
  'http://www.sat.gob.mx/cfd/3': '3.3',
  'http://www.sat.gob.mx/cfd/4': '4.0',
};

export interface CfdiConcept {
  clave_prod_serv?: string;
  no_identificacion?: string;
  cantidad?: number;
  descripcion?: string;
  valor_unitario?: number;
  importe?: number;
  pedimentos: string[];
}

export interface CustomsEntry {
  numero: string;
  fecha?: string;
  aduana?: string;
}

/** What a CFDI says, in the shape kept as `json_ocr`. */
export interface Cfdi {
  source: 'cfdi_xml';
  version: '3.3' | '4.0';
  namespace: string;
  serie?: string;
  folio?: string;
  /** DD/MM/YYYY */
  fecha?: string;
  fecha_iso?: string;
  subtotal?: number;
  total?: number;
  moneda?: string;
  tipo_comprobante?: string;
  /** Last 8 characters of `Sello`: the `fe` of the SAT status expression. */
  sello_fe?: string;
  emisor: { rfc?: string; nombre?: string; regimen_fiscal?: string };
  receptor: { rfc?: string; nombre?: string; uso_cfdi?: string };
  conceptos: CfdiConcept[];
  timbre?: { uuid?: string; fecha_timbrado?: string; rfc_prov_certif?: string };
  vehiculo?: {
    niv?: string;
    clave_vehicular?: string;
    numero_motor?: string;
    marca?: string;
    modelo?: string;
    anio_modelo?: number;
    source: 'ventavehiculos' | 'vehiculousado' | 'descripcion';
  };
  informacion_aduanera: CustomsEntry[];
  /** The issuer's seal (docs/rules.md, "CFDI seal"), checked by the engine; absent from `parseCfdi`. */
  signature?: SealCheck;
}

const num = (v: string | undefined) => {
  const n = v === undefined ? NaN : Number(v);
  return Number.isFinite(n) ? n : undefined;
};

/** Customs number: the official 21-character form `YY  AA  PPPP  NNNNNNN` when it has 15 digits. */
export function normalizePedimento(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 15) return value.trim().replace(/\s+/g, ' ');
  return `${digits.slice(0, 2)}  ${digits.slice(2, 4)}  ${digits.slice(4, 8)}  ${digits.slice(8)}`;
}

function customsOf(node: XmlNode): CustomsEntry[] {
  return children(node, 'InformacionAduanera')
    .map((n) => {
      const numero = attr(n, 'NumeroPedimento', 'numero');
      if (!numero) return undefined;
      const entry: CustomsEntry = { numero: normalizePedimento(numero) };
      const fecha = parseDate(attr(n, 'fecha'));
      if (fecha) entry.fecha = fecha;
      const aduana = attr(n, 'aduana');
      if (aduana) entry.aduana = aduana;
      return entry;
    })
    .filter((e): e is CustomsEntry => !!e);
}

/** Parses a CFDI 3.3 or 4.0; undefined when the XML is not one. Throws on malformed XML. */
export function parseCfdi(xml: string): Cfdi | undefined {
  return cfdiOf(parseXml(xml));
}

/** The CFDI of a parsed XML document, or undefined. */
export function cfdiOf(doc: XmlNode): Cfdi | undefined {
  const root = rootOf(doc);
  const namespace = rootNamespace(doc);
  const version = namespace ? CFDI_NAMESPACES[namespace] : undefined;
  if (!root || !namespace || !version) return undefined;
  const c = root.node;
  const emisor = child(c, 'Emisor');
  const receptor = child(c, 'Receptor');
  const timbre = descendants(child(c, 'Complemento'), 'TimbreFiscalDigital')[0];
  const sello = attr(c, 'Sello');
  const fechaIso = attr(c, 'Fecha');

  const customs: CustomsEntry[] = [];
  const conceptos: CfdiConcept[] = children(child(c, 'Conceptos'), 'Concepto').map((n) => {
    const own = customsOf(n);
    customs.push(...own);
    const concept: CfdiConcept = {
      clave_prod_serv: attr(n, 'ClaveProdServ'),
      no_identificacion: attr(n, 'NoIdentificacion'),
      cantidad: num(attr(n, 'Cantidad')),
      descripcion: attr(n, 'Descripcion'),
      valor_unitario: num(attr(n, 'ValorUnitario')),
      importe: num(attr(n, 'Importe')),
      pedimentos: own.map((e) => e.numero),
    };
    return concept;
  });

  const cfdi: Cfdi = {
    source: 'cfdi_xml',
    version,
    namespace,
    serie: attr(c, 'Serie'),
    folio: attr(c, 'Folio'),
    fecha: parseDate(fechaIso),
    fecha_iso: fechaIso,
    subtotal: num(attr(c, 'SubTotal')),
    total: num(attr(c, 'Total')),
    moneda: attr(c, 'Moneda'),
    tipo_comprobante: attr(c, 'TipoDeComprobante'),
    sello_fe: sello && sello.length >= 8 ? sello.slice(-8) : undefined,
    emisor: { rfc: attr(emisor, 'Rfc')?.toUpperCase(), nombre: attr(emisor, 'Nombre'), regimen_fiscal: attr(emisor, 'RegimenFiscal') },
    receptor: { rfc: attr(receptor, 'Rfc')?.toUpperCase(), nombre: attr(receptor, 'Nombre'), uso_cfdi: attr(receptor, 'UsoCFDI') },
    conceptos,
    timbre: timbre
      ? {
          uuid: attr(timbre, 'UUID')?.toUpperCase(),
          fecha_timbrado: attr(timbre, 'FechaTimbrado'),
          rfc_prov_certif: attr(timbre, 'RfcProvCertif'),
        }
      : undefined,
    informacion_aduanera: customs,
  };
  cfdi.vehiculo = vehicleOf(c, conceptos, customs);
  return JSON.parse(JSON.stringify(cfdi)) as Cfdi; // drops undefined keys
}

/**
 * The vehicle an invoice sells: the new-vehicle complement (`ventavehiculos:VentaVehiculos`
 * in a concept), the used-vehicle complement (`vehiculousado:VehiculoUsado`), and the concept
 * descriptions ("… SERIE <VIN> MOTOR <n>"), in that order of trust.
 */
function vehicleOf(c: XmlNode, conceptos: CfdiConcept[], customs: CustomsEntry[]): Cfdi['vehiculo'] {
  const venta = descendants(child(c, 'Conceptos'), 'VentaVehiculos')[0];
  const usado = descendants(child(c, 'Complemento'), 'VehiculoUsado')[0];
  // The same pedimento may be declared on the concept and in the complement: merge them.
  for (const e of [...customsOf(venta ?? {}), ...customsOf(usado ?? {})]) {
    const same = customs.find((k) => k.numero === e.numero);
    if (same) Object.assign(same, { ...e, ...same, fecha: same.fecha ?? e.fecha, aduana: same.aduana ?? e.aduana });
    else customs.push(e);
  }
  if (usado && !customs.length) {
    const numero = attr(usado, 'NumPedIm', 'NumeroPedimento');
    if (numero) customs.push({ numero: normalizePedimento(numero), aduana: attr(usado, 'Aduana') });
  }

  // The vehicle's concept: the one carrying the complement, else the first with a VIN in it.
  const described =
    conceptos
      .map((k) => (k.descripcion ? vehicleFromDescription(k.descripcion) : {}))
      .sort((a, b) => Number(!!b.vin) - Number(!!a.vin))[0] ?? {};
  // Without customs nodes, a pedimento written in the vehicle's description ("… PEDIMENTO 19
  // 50 3456 1234567") still makes the vehicle an imported one.
  if (!customs.length && described.pedimento) customs.push({ numero: normalizePedimento(described.pedimento) });

  const niv = attr(venta, 'Niv') ?? attr(usado, 'NIV', 'NumeroSerie') ?? described.vin;
  const out: NonNullable<Cfdi['vehiculo']> = {
    source: venta ? 'ventavehiculos' : usado ? 'vehiculousado' : 'descripcion',
    niv: niv ? validateVin(niv).normalized : undefined,
    clave_vehicular: attr(venta, 'ClaveVehicular') ?? attr(usado, 'ClaveVehicular'),
    numero_motor: attr(usado, 'NumeroMotor') ?? described.numero_motor,
    marca: attr(usado, 'Marca') ?? described.marca,
    modelo: described.modelo ?? attr(usado, 'Tipo'),
    anio_modelo: num(attr(usado, 'Modelo')) ?? described.anio_modelo,
  };
  const has = Object.entries(out).some(([k, v]) => k !== 'source' && v !== undefined);
  return has ? out : undefined;
}

/** A readable rendering of the CFDI, for classification, search and display. */
export function cfdiText(cfdi: Cfdi): string {
  const lines = [
    `CFDI ${cfdi.version} FACTURA${cfdi.tipo_comprobante ? ` TIPO ${cfdi.tipo_comprobante}` : ''}`,
    cfdi.timbre?.uuid && `FOLIO FISCAL: ${cfdi.timbre.uuid}`,
    (cfdi.serie || cfdi.folio) && `SERIE Y FOLIO: ${[cfdi.serie, cfdi.folio].filter(Boolean).join(' ')}`,
    cfdi.fecha && `FECHA DE EMISION: ${cfdi.fecha}`,
    `EMISOR: ${cfdi.emisor.nombre ?? ''} RFC: ${cfdi.emisor.rfc ?? ''}`,
    `RECEPTOR: ${cfdi.receptor.nombre ?? ''} RFC: ${cfdi.receptor.rfc ?? ''}`,
    ...cfdi.conceptos.map((k) => `CONCEPTO: ${k.descripcion ?? ''}${k.importe !== undefined ? ` IMPORTE: ${k.importe}` : ''}`),
    ...cfdi.informacion_aduanera.map((e) => `PEDIMENTO: ${e.numero}${e.aduana ? ` ADUANA: ${e.aduana}` : ''}`),
    cfdi.vehiculo?.niv && `NIV: ${cfdi.vehiculo.niv}`,
    cfdi.total !== undefined && `TOTAL: ${cfdi.total}${cfdi.moneda ? ` ${cfdi.moneda}` : ''}`,
  ];
  return lines.filter((l): l is string => typeof l === 'string' && !!l).join('\n');
}

/** parsed_data (operator-surface §5) of a CFDI. */
export function cfdiParsedData(cfdi: Cfdi): Record<string, unknown> {
  const v = cfdi.vehiculo;
  const pedimento = cfdi.informacion_aduanera[0];
  const aduana = pedimento?.aduana ?? (pedimento ? aduanaOfPedimento(pedimento.numero) : undefined);
  const folio = [cfdi.serie, cfdi.folio].filter(Boolean).join('-');
  const data: Record<string, unknown> = {
    rfc_emisor: cfdi.emisor.rfc,
    nombre_emisor: cfdi.emisor.nombre,
    rfc_receptor: cfdi.receptor.rfc,
    nombre_receptor: cfdi.receptor.nombre,
    monto_total: cfdi.total,
    fecha_emision: cfdi.fecha,
    fecha_documento: cfdi.fecha,
    folio_fiscal: cfdi.timbre?.uuid,
    folio: folio || undefined,
    vin: v?.niv,
    numero_motor: v?.numero_motor,
    marca: v?.marca,
    modelo: v?.modelo,
    anio_modelo: v?.anio_modelo,
    pedimento: pedimento?.numero,
    aduana,
    // An imported vehicle's year, as customs declares it: the model year.
    ano_vehiculo: pedimento ? v?.anio_modelo : undefined,
  };
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined && value !== ''));
}

/** Customs office code: the second group of a pedimento number (`24  47  3456  4000123` → 47). */
export function aduanaOfPedimento(pedimento: string): string | undefined {
  const digits = pedimento.replace(/\D/g, '');
  return digits.length === 15 ? digits.slice(2, 4) : undefined;
}

const XML_MIMES = new Set(['application/xml', 'text/xml']);

/**
 * The document type of a CFDI: an invoice of a sale (TipoDeComprobante `I`, `ingreso` in 3.2)
 * is an `invoice`, listed and checked as contract §4.8 says; payments (`P`), payroll (`N`),
 * credit notes (`E`) and transfers (`T`) stay `factura_xml` (docs/rules.md, "CFDI types").
 */
export function cfdiDocumentType(cfdi: Pick<Cfdi, 'tipo_comprobante'>): 'invoice' | 'factura_xml' {
  const tipo = cfdi.tipo_comprobante?.trim().toUpperCase();
  return tipo === 'I' || tipo === 'INGRESO' ? 'invoice' : 'factura_xml';
}

/**
 * CFDI XML (3.3 and 4.0) parsed for real: type `invoice` or `factura_xml` (`cfdiDocumentType`),
 * parsed_data straight from the XML, the issuer's seal checked (`json_ocr.signature`). Other
 * XML yields its text content and no type; malformed XML yields no text.
 */
export const cfdiXmlEngine: OcrEngine = {
  name: 'cfdi_xml',
  supports: (mime) => XML_MIMES.has(mime.toLowerCase()) || mime.toLowerCase().endsWith('+xml'),
  async run({ bytes }): Promise<OcrOutput> {
    const xml = decodeXml(bytes);
    let cfdi: Cfdi | undefined;
    let doc: XmlNode;
    try {
      doc = parseXml(xml);
      cfdi = cfdiOf(doc);
    } catch (err) {
      return {
        text: '',
        json_ocr: { source: 'xml', error: 'malformed_xml', message: ENGINE_MESSAGES.malformed_xml, detail: (err as Error).message },
      };
    }
    if (!cfdi) {
      return { text: textContent(doc).join('\n'), json_ocr: { source: 'xml', root_namespace: rootNamespace(doc) ?? null } };
    }
    const signature = verifyCfdiSeal(xml);
    if (signature) cfdi.signature = signature;
    return {
      text: cfdiText(cfdi),
      json_ocr: cfdi as unknown as Record<string, unknown>,
      parsed_data: cfdiParsedData(cfdi),
      type: cfdiDocumentType(cfdi),
    };
  },
};
