import { definedOnly } from '@vcase/shared';
import { segments, view } from '../text.js';
import { findMakeModel, findMotor, findPedimentoNumber } from './fields.js';
import { findVin } from './vin.js';
import { LABELS } from './labels.js';

export interface DescribedVehicle {
  vin?: string;
  numero_motor?: string;
  marca?: string;
  modelo?: string;
  anio_modelo?: number;
  /** A customs-entry number written in the text, as written (not normalized). */
  pedimento?: string;
}

/**
 * The vehicle a concept description names: "AUTOMOVIL NUEVO MARCA NISSAN TIPO VERSA SENSE
 * MODELO 2024 SERIE 3N1CN8AE1RK812345 MOTOR HR16123456X COLOR BLANCO".
 */
export function vehicleFromDescription(description: string): DescribedVehicle {
  const t = view(unglueMakes(description));
  const segs = segments(t, LABELS);
  const labeled = definedOnly({
    vin: findVin(t, segs, { description: true })?.vin,
    numero_motor: findMotor(segs),
    pedimento: findPedimentoNumber(segs),
    ...findMakeModel(segs),
  });
  // Labeled values win; a known make in running text fills in only when no make is labeled.
  return labeled.marca ? labeled : { ...unlabeledMakeModel(t.folded), ...labeled };
}

/** Makes sold in Mexico, as descriptions write them (folded). */
const MAKES = [
  'ACURA',
  'ALFA ROMEO',
  'AUDI',
  'BAIC',
  'BMW',
  'BUICK',
  'BYD',
  'CADILLAC',
  'CHANGAN',
  'CHEVROLET',
  'CHIREY',
  'CHRYSLER',
  'CUPRA',
  'DODGE',
  'FIAT',
  'FORD',
  'FOTON',
  'GMC',
  'GWM',
  'HONDA',
  'HYUNDAI',
  'INFINITI',
  'ISUZU',
  'JAC',
  'JAGUAR',
  'JEEP',
  'JETOUR',
  'KIA',
  'LAND ROVER',
  'LINCOLN',
  'MAZDA',
  'MERCEDES BENZ',
  'MERCEDES-BENZ',
  'MG',
  'MINI',
  'MITSUBISHI',
  'NISSAN',
  'OMODA',
  'PEUGEOT',
  'PORSCHE',
  'RAM',
  'RENAULT',
  'SEAT',
  'SUBARU',
  'SUZUKI',
  'TESLA',
  'TOYOTA',
  'VOLKSWAGEN',
  'VOLVO',
  'VW',
];
const MAKE_RE = new RegExp(String.raw`(?<![A-Z0-9])(${MAKES.map((m) => m.replace(/[-\s]/g, '[-\\s]')).join('|')})(?![A-Z0-9])`);
/** Field words OCR may glue to the make before them ("VOLKSWAGENTIPO JETTA"). */
const GLUED_FIELDS = 'TIPO|MODELO|LINEA|SUBMARCA|VERSION|SERIE|MOTOR|COLOR';
const GLUED = new RegExp(`(?<![A-Z0-9])(${MAKES.map((m) => m.replace(/[-\s]/g, '[-\\s]')).join('|')})(${GLUED_FIELDS})(?![A-Z])`, 'gi');

/** The text with a space put back between a known make and the field word OCR glued to it. */
export function unglueMakes(text: string): string {
  return text.replace(GLUED, '$1 $2');
}

/** Words that end a model name in running text. */
const MODEL_END = /^(?:SERIE|NIV|VIN|MOTOR|COLOR|MODELO|ANO|AÑO|TRANSMISION|PUERTAS|CILINDROS|PEDIMENTO|NUMERO|NO|CON|PARA|TIPO|VERSION)$/;

/**
 * Make, model and year named in running text without labels ("VOLKSWAGEN JETTA COMFORTLINE
 * 2024 SERIE …"): a known make, the words after it up to a year or a field word, and a
 * model year after the make. Only used when the text labels no make.
 */
function unlabeledMakeModel(folded: string): DescribedVehicle {
  const m = MAKE_RE.exec(folded);
  if (!m) return {};
  const out: DescribedVehicle = {
    marca: m[1]
      .replace(/\s*-\s*|\s+/g, ' ')
      .replace('MERCEDES BENZ', 'MERCEDES-BENZ')
      .replace(/^VW$/, 'VOLKSWAGEN'),
  };
  const words: string[] = [];
  for (const w of folded
    .slice(m.index + m[0].length)
    .split(/[\s,;]+/)
    .filter(Boolean)) {
    if (/^\d{4}$/.test(w) || MODEL_END.test(w) || words.length === 3) break;
    if (!/^[A-Z0-9][A-Z0-9.-]*$/.test(w)) break;
    words.push(w);
  }
  if (words.length) out.modelo = words.join(' ');
  const year = /(?<!\d)(19[5-9]\d|20\d\d)(?!\d)/.exec(folded.slice(m.index));
  if (year && Number(year[1]) <= new Date().getFullYear() + 1) out.anio_modelo = Number(year[1]);
  return out;
}
