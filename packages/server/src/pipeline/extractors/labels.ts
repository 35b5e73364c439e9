import { fold, type LabelSpec } from '../text.js';

/**
 * Field labels Mexican vehicle, tax and identity documents print (folded: uppercase, no
 * accents). Every label also ends the value before it, so unrelated ones are listed too.
 */
export const LABELS: Record<string, LabelSpec> = {
  vin: {
    pattern:
      String.raw`NO\.?\s*(?:DE\s*)?SERIE|NUM(?:ERO|\.)?\s*(?:DE\s*)?SERIE|SERIE\s*VEHICULAR|SERIE|N\.\s?I\.\s?V\.?|NIV|VIN|` +
      String.raw`NUMERO\s*DE\s*IDENTIFICACION\s*VEHICULAR`,
  },
  placa: {
    pattern:
      String.raw`NO\.?\s*DE\s*PLACAS?|NUM(?:ERO|\.)?\s*DE\s*PLACAS?|` +
      String.raw`PLACAS?(?:\s*DE\s*CIRCULACION|\s*(?:NUEVAS?|ASIGNADAS?|ACTUAL(?:ES)?|VIGENTES?))?|MATRICULA`,
  },
  // A previous plate is not the document's plate: its own key keeps it out of `placa`.
  placa_anterior: { pattern: String.raw`PLACAS?\s*(?:ANTERIOR(?:ES)?|DE\s*BAJA|DADAS?\s*DE\s*BAJA)` },
  entidad: {
    pattern:
      String.raw`ENTIDAD(?:\s*FEDERATIVA)?(?:\s*DE\s*(?:EMPLACADO|EMPLACAMIENTO|REGISTRO|PLACAS)|\s*QUE\s*EMPLACO|\s*EMISORA)?|` +
      String.raw`ESTADO\s*QUE\s*EMPLACO|EMPLACADO\s*EN`,
  },
  estado: { pattern: 'ESTADO', colon: true },
  propietario: {
    pattern:
      String.raw`NOMBRE\s*DEL\s*PROPIETARIO|NOMBRE\s*DEL\s*TITULAR|PROPIETARIO|TITULAR|NOMBRE\s*DEL\s*CONTRIBUYENTE|CONTRIBUYENTE|` +
      String.raw`RAZON\s*SOCIAL`,
  },
  nombre: { pattern: String.raw`NOMBRE\(?S?\)?`, colon: true },
  // A bare MOTOR is a label only before a value with a digit (engine numbers have one): in
  // "FORD MOTOR COMPANY" or "HYUNDAI MOTOR DE MEXICO" it is part of a name.
  numero_motor: { pattern: String.raw`NO\.?\s*(?:DE\s*)?MOTOR|NUM(?:ERO|\.)?\s*(?:DE\s*)?MOTOR|MOTOR(?=\s*[:#]?\s*[A-Z0-9-]*\d)` },
  marca: { pattern: 'MARCA' },
  anio: { pattern: String.raw`A[NÑ]O\s*(?:MODELO|DEL?\s*MODELO|DE\s*FABRICACION)?|ANIO\s*MODELO` },
  modelo: { pattern: 'MODELO' },
  linea: { pattern: String.raw`LINEA|SUB\s?-?MARCA` },
  tipo: { pattern: String.raw`TIPO(?:\s*DE\s*VEHICULO)?|CLASE|VERSION|CARROCERIA` },
  folio_fiscal: { pattern: String.raw`FOLIO\s*FISCAL|UUID` },
  folio: { pattern: String.raw`NO\.?\s*DE\s*FOLIO|NUM(?:ERO|\.)?\s*DE\s*FOLIO|FOLIO|NO\.?\s*DE\s*CONSTANCIA` },
  fecha_expedicion: {
    pattern:
      String.raw`FECHA\s*(?:Y\s*HORA\s*)?DE\s*(?:EXPEDICION|EMISION|ALTA|REGISTRO|INSCRIPCION|IMPRESION|MOVIMIENTO|CERTIFICACION)|` +
      String.raw`EXPEDIDA?\s*EL|FECHA\s*DE\s*ACTUALIZACION`,
  },
  fecha_pago: {
    pattern: String.raw`FECHA\s*(?:Y\s*HORA\s*)?DE\s*(?:PAGO|OPERACION|APLICACION|TRANSACCION)|PAGADO\s*EL`,
  },
  fecha_nacimiento: { pattern: String.raw`FECHA\s*DE\s*NACIMIENTO|NACIMIENTO` },
  fecha: { pattern: 'FECHA' },
  vigencia: { pattern: String.raw`VIGENCIA|VALIDA?\s*HASTA|VENCIMIENTO` },
  total: { pattern: String.raw`TOTAL\s*(?:A\s*PAGAR|PAGADO|GENERAL|NETO)?|IMPORTE\s*(?:TOTAL|PAGADO)|MONTO\s*(?:TOTAL|PAGADO)` },
  subtotal: { pattern: String.raw`SUB\s?-?TOTAL` },
  ejercicio: {
    pattern:
      String.raw`EJERCICIOS?(?:\s*FISCAL(?:ES)?)?(?:\s*(?:A\s*PAGAR|PAGADOS?))?|A[NÑ]OS?\s*(?:A\s*PAGAR|PAGADOS?|FISCAL(?:ES)?)|` +
      String.raw`PERIODOS?(?:\s*(?:DE\s*PAGO|PAGADOS?))?`,
  },
  rfc: { pattern: String.raw`R\.?\s?F\.?\s?C\.?` },
  curp: { pattern: 'CURP' },
  clave_elector: { pattern: String.raw`CLAVE\s*DE\s*ELECTOR` },
  linea_captura: { pattern: String.raw`LINEA\s*DE\s*CAPTURA` },
  pedimento: { pattern: String.raw`(?:NO\.?|NUM(?:ERO|\.)?)?\s*(?:DE\s*)?PEDIMENTO(?:\s*DE\s*IMPORTACION)?` },
  aduana: { pattern: 'ADUANA' },
  other: {
    pattern: [
      'COLOR',
      'CILINDROS',
      'PUERTAS',
      'COMBUSTIBLE',
      'CAPACIDAD',
      'PASAJEROS',
      'TRANSMISION',
      'USO',
      'SERVICIO',
      'DOMICILIO',
      'MUNICIPIO',
      'COLONIA',
      'C\\.P\\.',
      'CODIGO\\s*POSTAL',
      'CLAVE\\s*VEHICULAR',
      'REFERENCIA',
      'CONCEPTO',
      'CANTIDAD',
      'OBSERVACIONES',
      'SEXO',
      'SECCION',
      'A[NÑ]O\\s*DE\\s*REGISTRO',
      'KILOMETRAJE',
      'IMPUESTO',
      'RECARGOS',
      'DERECHOS',
      'DESCUENTO',
      'IVA',
      'CILINDRAJE',
      'ORIGEN',
      'PROCEDENCIA',
      'HOLOGRAMA',
      'FORMA\\s*DE\\s*PAGO',
      'METODO\\s*DE\\s*PAGO',
      'MONEDA',
      'OFICINA',
      'MOVIMIENTO',
      'TELEFONO',
    ].join('|'),
  },
};

/** Invoice labels that name which party a field belongs to. */
export const PARTY_LABELS: Record<string, LabelSpec> = {
  rfc_emisor: { pattern: String.raw`RFC\s*(?:DEL\s*)?EMISOR` },
  rfc_receptor: { pattern: String.raw`RFC\s*(?:DEL\s*)?(?:RECEPTOR|CLIENTE)` },
  nombre_emisor: { pattern: String.raw`(?:NOMBRE|RAZON\s*SOCIAL|DENOMINACION)\s*(?:DEL\s*)?EMISOR|EMISOR|VENDEDOR|EXPEDIDO\s*POR` },
  nombre_receptor: {
    pattern:
      String.raw`(?:NOMBRE|RAZON\s*SOCIAL|DENOMINACION)\s*(?:DEL\s*)?(?:RECEPTOR|CLIENTE)|RECEPTOR|CLIENTE|FACTURAR\s*A|ADQUIRENTE|` +
      String.raw`COMPRADOR`,
  },
};

const ANY_LABEL = new RegExp(
  `^(?:${[...Object.values(LABELS), ...Object.values(PARTY_LABELS)].map((l) => l.pattern).join('|')})\\s*[:#.]?$`,
);

/**
 * Whether a cell of a printed form is a field label alone ("RFC:", "NO. DE SERIE", "TOTAL A
 * PAGAR"): the layout reads such a column beside its values line by line, not as a column.
 */
export function isFieldLabel(text: string): boolean {
  const t = fold(text).replace(/\s+/g, ' ').trim();
  return /:$/.test(t) || ANY_LABEL.test(t);
}

const LABEL_START = new RegExp(
  `^(?:${Object.values(LABELS)
    .map((l) => l.pattern)
    .join('|')})(?![A-ZÑ0-9])\\s*[:#]`,
);

/** Whether a (folded) line starts with a field label and its colon ("RFC: …", "FECHA DE EMISION: …"). */
export function startsWithFieldLabel(line: string): boolean {
  return LABEL_START.test(line.trim());
}
