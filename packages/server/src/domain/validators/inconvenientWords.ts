/**
 * "Palabras inconvenientes": four-letter words RENAPO and SAT never let stand as the first
 * four letters of a CURP or of a persona física's RFC (docs/rules.md, "CURP and RFC").
 *
 * CURP: Instructivo Normativo para la Asignación de la Clave Única de Registro de Población
 * (Secretaría de Gobernación, DOF 23/10/1996 and later editions), Anexo 2, "Catálogo de
 * palabras inconvenientes": when the four letters form one of these words, the second letter
 * (the first internal vowel) is replaced by X (BACA → BXCA).
 *
 * RFC: "Algoritmo para generar el RFC con homoclave para personas físicas y morales" (SAT,
 * released through IFAI request 0610100135506, 18/10/2006), regla 9ª of personas físicas and
 * Anexo IV, "Lista completa de palabras inconvenientes con sus palabras correctas": the last
 * letter is replaced by X (BUEY → BUEX). The regla 9ª table omits CAKO and MEAS; the annex, the
 * complete list, holds them. A persona moral's RFC (three letters) is not subject to it.
 *
 * Both lists were cross-checked letter by letter against independent transcriptions.
 */

export const CURP_INCONVENIENT_WORDS: ReadonlySet<string> = new Set([
  'BACA', 'BAKA', 'BUEI', 'BUEY', 'CACA', 'CACO', 'CAGA', 'CAGO', 'CAKA', 'CAKO', 'COGE', 'COGI',
  'COJA', 'COJE', 'COJI', 'COJO', 'COLA', 'CULO', 'FALO', 'FETO', 'GETA', 'GUEI', 'GUEY', 'JETA',
  'JOTO', 'KACA', 'KACO', 'KAGA', 'KAGO', 'KAKA', 'KAKO', 'KOGE', 'KOGI', 'KOJA', 'KOJE', 'KOJI',
  'KOJO', 'KOLA', 'KULO', 'LILO', 'LOCA', 'LOCO', 'LOKA', 'LOKO', 'MAME', 'MAMO', 'MEAR', 'MEAS',
  'MEON', 'MIAR', 'MION', 'MOCO', 'MOKO', 'MULA', 'MULO', 'NACA', 'NACO', 'PEDA', 'PEDO', 'PENE',
  'PIPI', 'PITO', 'POPO', 'PUTA', 'PUTO', 'QULO', 'RATA', 'ROBA', 'ROBE', 'ROBO', 'RUIN', 'SENO',
  'TETA', 'VACA', 'VAGA', 'VAGO', 'VAKA', 'VUEI', 'VUEY', 'WUEI', 'WUEY',
]);

export const RFC_INCONVENIENT_WORDS: ReadonlySet<string> = new Set([
  'BUEI', 'BUEY', 'CACA', 'CACO', 'CAGA', 'CAGO', 'CAKA', 'CAKO', 'COGE', 'COJA', 'COJE', 'COJI',
  'COJO', 'CULO', 'FETO', 'GUEY', 'JOTO', 'KACA', 'KACO', 'KAGA', 'KAGO', 'KAKA', 'KOGE', 'KOJO',
  'KULO', 'MAME', 'MAMO', 'MEAR', 'MEAS', 'MEON', 'MION', 'MOCO', 'MULA', 'PEDA', 'PEDO', 'PENE',
  'PUTA', 'PUTO', 'QULO', 'RATA', 'RUIN',
]);

/** The four letters RENAPO assigns: an inconvenient word gets X as its second letter. */
export const curpLettersAsAssigned = (letters: string): string =>
  CURP_INCONVENIENT_WORDS.has(letters) ? `${letters[0]}X${letters.slice(2)}` : letters;
