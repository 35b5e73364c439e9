import { companiesOf, makeCompany, type Company } from '../data/companies.js';
import { fullName, makePerson } from '../data/people.js';
import { makeVehicle, type Vehicle } from '../data/vehicles.js';
import { makeCertificate, makeCertificateNumber, makeSeal, makeUuid } from '../ids/cfdiIds.js';
import { makePedimento } from '../ids/pedimento.js';
import { fold } from '../ids/fold.js';
import { rfcMoral } from '../ids/rfc.js';
import type { Rng } from '../random.js';
import { importedVehicleDescription, newVehicleDescription, SERVICES, usedVehicleDescription } from './describe.js';
import type { Concept, Invoice, InvoiceKind, InvoiceParty } from './model.js';

export interface InvoiceOptions {
  version?: '3.3' | '4.0';
  encoding?: 'UTF-8' | 'ISO-8859-1';
}

const POSTAL_CODES = ['06600', '03100', '44160', '45050', '64000', '66220', '72000', '52140', '54060', '76000'];
const pad = (n: number) => String(n).padStart(2, '0');
const round2 = (n: number) => Math.round(n * 100) / 100;

/** An ISO local date-time in the CFDI version's years (3.3 until March 2023, 4.0 from 2022). */
function issueDate(rng: Rng, version: '3.3' | '4.0'): Date {
  const [from, to] = version === '3.3' ? [Date.UTC(2021, 0, 4), Date.UTC(2023, 2, 28)] : [Date.UTC(2023, 0, 9), Date.UTC(2025, 9, 30)];
  const day = new Date(from + rng.int(0, Math.floor((to - from) / 86_400_000)) * 86_400_000);
  day.setUTCHours(rng.int(9, 18), rng.int(0, 59), rng.int(0, 59));
  return day;
}
const iso = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
  `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

function companyParty(c: Company, version: '3.3' | '4.0', withForm: boolean): InvoiceParty {
  // CFDI 4.0 writes the name as SAT registers it, without the corporate form.
  const nombre = version === '3.3' && withForm ? `${c.name}, ${c.form}` : c.name;
  return { rfc: c.rfc, nombre, regimen: c.regimen, cp: c.cp, persona: 'moral', address: `${c.street}, ${c.city}` };
}

function vehicleConcept(rng: Rng, kind: InvoiceKind, v: Vehicle, price: number, pedimento: Invoice['pedimento']): Concept {
  const concept: Concept = {
    claveProdServ: v.body === 'SEDAN' ? '25101503' : '25101507',
    noIdentificacion: `${v.claveVehicular.slice(0, 4)}-${v.anio}`,
    cantidad: 1,
    claveUnidad: 'H87',
    unidad: 'PIEZA',
    descripcion: '',
    valorUnitario: price,
    importe: price,
    iva: round2(price * 0.16),
  };
  if (kind === 'nuevo_complemento' || kind === 'importado_complemento') {
    const aduana =
      kind === 'importado_complemento' && pedimento
        ? { numero: pedimento.formatted, fecha: pedimento.fecha, aduana: pedimento.aduana.name }
        : undefined;
    concept.ventaVehiculos = { claveVehicular: v.claveVehicular, niv: v.vin, aduana };
  }
  if (kind === 'importado_concepto' && pedimento) concept.pedimento = pedimento.formatted;
  concept.descripcion =
    kind === 'usado'
      ? usedVehicleDescription(rng, v)
      : kind === 'usado_complemento'
        ? 'VENTA DE VEHICULO USADO SEGUN COMPLEMENTO'
        : kind.startsWith('importado')
          ? importedVehicleDescription(v)
          : newVehicleDescription(rng, v, !(kind === 'nuevo_complemento' && rng.chance(0.5)));
  return concept;
}

function serviceConcepts(rng: Rng): Concept[] {
  return rng
    .shuffle(SERVICES)
    .slice(0, rng.int(1, 3))
    .map((s) => {
      const cantidad = s.unidad[0] === 'MON' ? rng.int(1, 3) : 1;
      const valorUnitario = rng.int(s.price[0], s.price[1]);
      const importe = cantidad * valorUnitario;
      return {
        claveProdServ: s.clave,
        cantidad,
        claveUnidad: s.unidad[0],
        unidad: s.unidad[1],
        descripcion: s.text,
        valorUnitario,
        importe,
        iva: round2(importe * 0.16),
      };
    });
}

/** A stamped ingreso (I) CFDI of `kind`, every identifier well-formed. */
export function buildInvoice(rng: Rng, kind: InvoiceKind, opts: InvoiceOptions = {}): Invoice {
  const version = opts.version ?? rng.pick(['3.3', '4.0'] as const);
  const fecha = issueDate(rng, version);
  const year = fecha.getUTCFullYear();
  const vehicular = kind !== 'servicio';
  const imported = kind.startsWith('importado');
  const emitterPool = kind === 'servicio' ? companiesOf('services') : imported ? companiesOf('importer') : companiesOf('dealer');
  const emisorCompany = makeCompany(rng, rng.pick(emitterPool));
  let emisor = companyParty(emisorCompany, version, rng.chance(0.6));
  // A used car is often sold by a person with business activity (persona física, 13-character RFC).
  if (kind === 'usado' && rng.chance(0.5)) {
    const seller = makePerson(rng);
    emisor = {
      rfc: seller.rfc,
      nombre: fold(fullName(seller)),
      regimen: rng.pick(['612', '626']),
      cp: emisorCompany.cp,
      persona: 'fisica',
      address: emisorCompany.city,
    };
  }

  // Buyers: mostly people (names with accents and Ñ), sometimes a fleet company.
  let receptor: InvoiceParty;
  if (rng.chance(vehicular ? 0.25 : 0.5)) {
    const c = makeCompany(rng, rng.pick(companiesOf('fleet')));
    receptor = { ...companyParty(c, version, rng.chance(0.5)), usoCfdi: vehicular ? 'G01' : 'G03' };
  } else {
    const p = makePerson(rng);
    const name = fullName(p);
    receptor = {
      rfc: p.rfc,
      nombre: rng.chance(0.5) ? fold(name) : name,
      regimen: rng.pick(['605', '612', '626']),
      cp: rng.pick(POSTAL_CODES),
      persona: 'fisica',
      usoCfdi: vehicular ? 'G01' : 'G03',
    };
  }

  let vehicle: Vehicle | undefined;
  let pedimento: Invoice['pedimento'];
  const conceptos: Concept[] = [];
  if (vehicular) {
    const used = kind.startsWith('usado') || imported;
    vehicle = makeVehicle(rng, { imported, year: used ? rng.int(year - 6, year - 1) : rng.int(year, year + 1) });
    if (imported) {
      const p = makePedimento(rng, year);
      const f = new Date(fecha.getTime() - rng.int(10, 90) * 86_400_000);
      pedimento = { ...p, fecha: iso(f).slice(0, 10) };
    }
    const price = rng.int(used ? 160 : 280, used ? 620 : 950) * 1000 + rng.pick([0, 500, 900]);
    conceptos.push(vehicleConcept(rng, kind, vehicle, round2(price / 1.16), pedimento));
  } else conceptos.push(...serviceConcepts(rng));

  const subtotal = round2(conceptos.reduce((s, c) => s + c.importe, 0));
  const iva = round2(conceptos.reduce((s, c) => s + c.iva, 0));
  const stampedAt = new Date(fecha.getTime() + rng.int(20, 900) * 1000);
  const related = kind === 'relacionado' ? { tipo: rng.pick(['04', '07']), uuids: [makeUuid(rng)] } : undefined;
  return {
    kind,
    version,
    encoding: opts.encoding ?? 'UTF-8',
    bom: false,
    pretty: rng.chance(0.6),
    serie: rng.pick(['A', 'F', 'FA', 'AV', 'VN']),
    folio: String(rng.int(1000, 99999)),
    fecha: iso(fecha),
    formaPago: vehicular ? rng.pick(['03', '02', '99']) : rng.pick(['03', '01']),
    metodoPago: rng.chance(0.8) ? 'PUE' : 'PPD',
    lugarExpedicion: emisorCompany.cp,
    emisor,
    receptor,
    conceptos,
    subtotal,
    iva,
    total: round2(subtotal + iva),
    relacionados: related,
    noCertificado: makeCertificateNumber(rng),
    certificado: makeCertificate(rng),
    sello: makeSeal(rng),
    timbre: {
      uuid: makeUuid(rng),
      fechaTimbrado: iso(stampedAt),
      rfcProvCertif: rfcMoral(rng, rng.pick(['SPC', 'TFD', 'CEC']), { y: 2008 + rng.int(0, 8), m: rng.int(1, 12), d: rng.int(1, 28) }),
      noCertificadoSAT: makeCertificateNumber(rng),
      selloSAT: makeSeal(rng),
    },
    vehicle,
    pedimento,
    usadoComplement: kind === 'usado_complemento',
  };
}
