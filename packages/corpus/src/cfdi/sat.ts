import type { Invoice } from './model.js';

/** SAT's verification page, which the printed CFDI's QR code opens. */
export const SAT_VERIFY_URL = 'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx';

/** The QR's content: `?id=UUID&re=RFC emisor&rr=RFC receptor&tt=total&fe=last 8 of Sello`. */
export function satQrUrl(inv: Invoice): string {
  const q = (v: string) => encodeURIComponent(v);
  return (
    `${SAT_VERIFY_URL}?id=${inv.timbre.uuid}&re=${q(inv.emisor.rfc)}&rr=${q(inv.receptor.rfc)}` +
    `&tt=${inv.total.toFixed(2)}&fe=${q(inv.sello.slice(-8))}`
  );
}

/** Cadena original del complemento de certificación digital del SAT (TFD 1.1). */
export function tfdCadena(inv: Invoice): string {
  const t = inv.timbre;
  return `||1.1|${t.uuid}|${t.fechaTimbrado}|${t.rfcProvCertif}|${inv.sello}|${t.noCertificadoSAT}||`;
}

export const TIPO_RELACION: Record<string, string> = {
  '01': 'Nota de crédito de los documentos relacionados',
  '04': 'Sustitución de los CFDI previos',
  '07': 'CFDI por aplicación de anticipo',
};

export const USO_CFDI: Record<string, string> = {
  G01: 'Adquisición de mercancías',
  G03: 'Gastos en general',
  I08: 'Otra maquinaria y equipo',
  S01: 'Sin efectos fiscales',
};

export const FORMA_PAGO: Record<string, string> = {
  '01': 'Efectivo',
  '02': 'Cheque nominativo',
  '03': 'Transferencia electrónica de fondos',
  '99': 'Por definir',
};

export const REGIMEN: Record<string, string> = {
  '601': 'General de Ley Personas Morales',
  '605': 'Sueldos y Salarios e Ingresos Asimilados a Salarios',
  '612': 'Personas Físicas con Actividades Empresariales y Profesionales',
  '626': 'Régimen Simplificado de Confianza',
};
