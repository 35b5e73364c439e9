import { money, type Concept, type Invoice } from './model.js';

const NS = {
  '3.3': { cfdi: 'http://www.sat.gob.mx/cfd/3', xsd: 'http://www.sat.gob.mx/sitio_internet/cfd/3/cfdv33.xsd' },
  '4.0': { cfdi: 'http://www.sat.gob.mx/cfd/4', xsd: 'http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd' },
} as const;
const TFD = {
  ns: 'http://www.sat.gob.mx/TimbreFiscalDigital',
  xsd: 'http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd',
};
const VENTA = {
  ns: 'http://www.sat.gob.mx/ventavehiculos',
  xsd: 'http://www.sat.gob.mx/sitio_internet/cfd/ventavehiculos/ventavehiculos11.xsd',
};
const USADO = {
  ns: 'http://www.sat.gob.mx/vehiculousado',
  xsd: 'http://www.sat.gob.mx/sitio_internet/cfd/vehiculousado/vehiculousado.xsd',
};

const escape = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One element: attributes in order, undefined ones left out. */
function el(name: string, attrs: Record<string, string | number | undefined>, children?: string[]): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escape(String(v))}"`)
    .join('');
  return children?.length ? `<${name}${a}>${children.join('')}</${name}>` : `<${name}${a}/>`;
}

const traslado = (base: number, importe: number) =>
  el('cfdi:Traslado', { Base: money(base), Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.160000', Importe: money(importe) });

function concepto(inv: Invoice, c: Concept): string {
  const v40 = inv.version === '4.0';
  const children = [el('cfdi:Impuestos', {}, [el('cfdi:Traslados', {}, [traslado(c.importe, c.iva)])])];
  if (c.pedimento) children.push(el('cfdi:InformacionAduanera', { NumeroPedimento: c.pedimento }));
  if (c.ventaVehiculos) {
    const vv = c.ventaVehiculos;
    const aduana = vv.aduana
      ? [el('ventavehiculos:InformacionAduanera', { numero: vv.aduana.numero, fecha: vv.aduana.fecha, aduana: vv.aduana.aduana })]
      : [];
    children.push(
      el('cfdi:ComplementoConcepto', {}, [
        el('ventavehiculos:VentaVehiculos', { version: '1.1', ClaveVehicular: vv.claveVehicular, Niv: vv.niv }, aduana),
      ]),
    );
  }
  return el(
    'cfdi:Concepto',
    {
      ClaveProdServ: c.claveProdServ,
      NoIdentificacion: c.noIdentificacion,
      Cantidad: c.cantidad,
      ClaveUnidad: c.claveUnidad,
      Unidad: c.unidad,
      Descripcion: c.descripcion,
      ValorUnitario: money(c.valorUnitario),
      Importe: money(c.importe),
      ObjetoImp: v40 ? '02' : undefined,
    },
    children,
  );
}

function vehiculoUsado(inv: Invoice): string {
  const v = inv.vehicle!;
  const valor = Math.round(inv.subtotal * 0.85);
  return el('vehiculousado:VehiculoUsado', {
    Version: '1.0',
    montoAdquisicion: money(valor),
    montoEnajenacion: money(inv.subtotal),
    claveVehicular: v.claveVehicular,
    marca: v.marca,
    tipo: v.modelo,
    modelo: v.anio,
    numeroMotor: v.motor,
    numeroSerie: v.vin,
    NIV: v.vin,
    valor: money(valor),
  });
}

export interface XmlOptions {
  /** Leave the seal out (`Sello=""`) and the timbre too: what a signer receives. */
  unsigned?: boolean;
}

/** The comprobante as text (before encoding). */
export function comprobanteXml(inv: Invoice, opts: XmlOptions = {}): string {
  const v40 = inv.version === '4.0';
  const ns = NS[inv.version];
  const hasVenta = inv.conceptos.some((c) => c.ventaVehiculos);
  const schema = [`${ns.cfdi} ${ns.xsd}`, hasVenta && `${VENTA.ns} ${VENTA.xsd}`, inv.usadoComplement && `${USADO.ns} ${USADO.xsd}`]
    .filter(Boolean)
    .join(' ');
  const related = inv.relacionados
    ? [
        el(
          'cfdi:CfdiRelacionados',
          { TipoRelacion: inv.relacionados.tipo },
          inv.relacionados.uuids.map((u) => el('cfdi:CfdiRelacionado', { UUID: u })),
        ),
      ]
    : [];
  const emisor = el('cfdi:Emisor', { Rfc: inv.emisor.rfc, Nombre: inv.emisor.nombre, RegimenFiscal: inv.emisor.regimen });
  const receptor = el('cfdi:Receptor', {
    Rfc: inv.receptor.rfc,
    Nombre: inv.receptor.nombre,
    DomicilioFiscalReceptor: v40 ? inv.receptor.cp : undefined,
    RegimenFiscalReceptor: v40 ? inv.receptor.regimen : undefined,
    UsoCFDI: inv.receptor.usoCfdi,
  });
  const impuestos = el('cfdi:Impuestos', { TotalImpuestosTrasladados: money(inv.iva) }, [
    el('cfdi:Traslados', {}, [
      el('cfdi:Traslado', {
        Base: v40 ? money(inv.subtotal) : undefined,
        Impuesto: '002',
        TipoFactor: 'Tasa',
        TasaOCuota: '0.160000',
        Importe: money(inv.iva),
      }),
    ]),
  ]);
  const complements: string[] = [];
  if (inv.usadoComplement) complements.push(vehiculoUsado(inv));
  if (!opts.unsigned) {
    const t = inv.timbre;
    complements.push(
      el('tfd:TimbreFiscalDigital', {
        'xmlns:tfd': TFD.ns,
        'xsi:schemaLocation': `${TFD.ns} ${TFD.xsd}`,
        Version: '1.1',
        UUID: t.uuid,
        FechaTimbrado: t.fechaTimbrado,
        RfcProvCertif: t.rfcProvCertif,
        SelloCFD: inv.sello,
        NoCertificadoSAT: t.noCertificadoSAT,
        SelloSAT: t.selloSAT,
      }),
    );
  }
  const root = el(
    'cfdi:Comprobante',
    {
      'xmlns:cfdi': ns.cfdi,
      'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      'xmlns:ventavehiculos': hasVenta ? VENTA.ns : undefined,
      'xmlns:vehiculousado': inv.usadoComplement ? USADO.ns : undefined,
      'xsi:schemaLocation': schema,
      Version: inv.version,
      Serie: inv.serie,
      Folio: inv.folio,
      Fecha: inv.fecha,
      Sello: opts.unsigned ? '' : inv.sello,
      FormaPago: inv.formaPago,
      NoCertificado: inv.noCertificado,
      Certificado: inv.certificado,
      SubTotal: money(inv.subtotal),
      Moneda: 'MXN',
      Total: money(inv.total),
      TipoDeComprobante: 'I',
      Exportacion: v40 ? '01' : undefined,
      MetodoPago: inv.metodoPago,
      LugarExpedicion: inv.lugarExpedicion,
    },
    [
      ...related,
      emisor,
      receptor,
      el(
        'cfdi:Conceptos',
        {},
        inv.conceptos.map((c) => concepto(inv, c)),
      ),
      impuestos,
      ...(complements.length ? [el('cfdi:Complemento', {}, complements)] : []),
    ],
  );
  const body = inv.pretty ? indent(root) : root;
  return `<?xml version="1.0" encoding="${inv.encoding}"?>\n${body}\n`;
}

/** One element per line, two spaces per level (attributes stay on their element's line). */
function indent(xml: string): string {
  let depth = 0;
  return xml
    .replace(/></g, '>\n<')
    .split('\n')
    .map((line) => {
      if (line.startsWith('</')) depth--;
      const out = `${'  '.repeat(Math.max(depth, 0))}${line}`;
      if (!line.startsWith('</') && !line.endsWith('/>') && !line.includes('</')) depth++;
      return out;
    })
    .join('\n');
}

/** The file's bytes: UTF-8 (optionally with a BOM) or ISO-8859-1. */
export function invoiceXmlBytes(inv: Invoice): Buffer {
  const text = comprobanteXml(inv);
  if (inv.encoding === 'ISO-8859-1') return Buffer.from(text, 'latin1');
  return Buffer.concat([inv.bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, 'utf8')]);
}

/**
 * Signs the invoice through `sign` (a CSD signer given the unsigned comprobante, answering the
 * signed XML): Sello, NoCertificado and Certificado are taken from its answer, so the timbre
 * (SelloCFD), the QR code (`fe`) and the printed seals agree with the real signature.
 */
export function signInvoice(inv: Invoice, sign: (xml: string) => string): Invoice {
  const signed = sign(comprobanteXml(inv, { unsigned: true }));
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(signed)?.[1];
  const sello = attr('Sello');
  if (!sello) throw new Error('the signer returned no Sello');
  return { ...inv, sello, noCertificado: attr('NoCertificado') ?? inv.noCertificado, certificado: attr('Certificado') ?? inv.certificado };
}
