import { EMPTY_PLATES_MESSAGES } from '@vcase/shared';
import { describe, expect, it } from 'vitest';
import { OTHER_VIN, plateEntry, VIN } from './testPlates.js';
import { plateRoster, selectCasePlates, type CasePlateEntry } from './plateSelection.js';

const entry = (plate: string, over: Partial<CasePlateEntry> = {}) => plateEntry(plate, over);

const pairs = (rows: CasePlateEntry[]) => rows.map((r) => `${r.plate}:${r.entity}:${r.file_id}`);

describe('plate selection (contract §4.5 rules 1–5)', () => {
  it.each<[string, CasePlateEntry[], string | null, string[]]>([
    ['rule 1: an entry whose niv equals the case VIN is kept', [entry('AAA1111')], VIN, ['AAA1111:JAL:file-AAA1111']],
    [
      'rule 1: an entry whose partial niv is a suffix of the case VIN is kept',
      [entry('AAA1111', { niv: 'KP042788' })],
      VIN,
      ['AAA1111:JAL:file-AAA1111'],
    ],
    [
      'rule 1: an entry with a different VIN is dropped',
      [entry('AAA1111', { niv: OTHER_VIN }), entry('BBB2222')],
      VIN,
      ['BBB2222:JAL:file-BBB2222'],
    ],
    [
      'rule 1: a partial niv that is not a suffix of the case VIN is dropped',
      [entry('AAA1111', { niv: 'GDM9AXKP' }), entry('BBB2222')],
      VIN,
      ['BBB2222:JAL:file-BBB2222'],
    ],
    [
      'rule 2: an empty niv does not disqualify an entry',
      [entry('AAA1111', { niv: null }), entry('BBB2222', { niv: '  ' })],
      VIN,
      ['AAA1111:JAL:file-AAA1111', 'BBB2222:JAL:file-BBB2222'],
    ],
    [
      'rule 3: the same plate in two states is two plates, both kept',
      [entry('AAA1111', { entity: 'JAL' }), entry('AAA1111', { entity: 'MEX', file_id: 'mex' })],
      VIN,
      ['AAA1111:JAL:file-AAA1111', 'AAA1111:MEX:mex'],
    ],
    [
      'rule 3: an entry without entity is the plate known in one entity (the newer entry wins, with that entity)',
      [
        entry('AAA1111', { entity: 'NLE', file_id: 'nle', document_date: '01/01/2020' }),
        entry('AAA1111', { entity: '', file_id: 'none', document_date: '01/01/2023' }),
      ],
      VIN,
      ['AAA1111:NLE:none'],
    ],
    [
      'rule 3: an entry without entity is no third plate when the plate is known in two entities (both already kept)',
      [
        entry('AAA1111', { entity: 'NLE', file_id: 'nle' }),
        entry('AAA1111', { entity: 'CMX', file_id: 'cmx' }),
        entry('AAA1111', { entity: ' ', file_id: 'none' }),
      ],
      VIN,
      ['AAA1111:NLE:nle', 'AAA1111:CMX:cmx'],
    ],
    ['rule 3: a plate known in no entity keeps its entry', [entry('AAA1111', { entity: '', file_id: 'none' })], VIN, ['AAA1111::none']],
    [
      'rule 4: among entries of the same pair the most recent document_date wins',
      [
        entry('AAA1111', { file_id: 'old', document_date: '05/06/2021' }),
        entry('AAA1111', { file_id: 'undated', document_date: '' }),
        entry('AAA1111', { file_id: 'new', document_date: '01/02/2023' }),
      ],
      VIN,
      ['AAA1111:JAL:new'],
    ],
    [
      'rule 5: without a consolidated VIN nothing is filtered',
      [entry('AAA1111', { niv: OTHER_VIN }), entry('BBB2222', { niv: VIN })],
      null,
      ['AAA1111:JAL:file-AAA1111', 'BBB2222:JAL:file-BBB2222'],
    ],
  ])('%s', (_name, entries, caseVin, kept) => {
    const out = selectCasePlates(entries, caseVin);
    expect(pairs(out.plates).sort()).toEqual([...kept].sort());
    expect(out.emptyMessage).toBeNull();
  });

  it.each<[string, CasePlateEntry[], string]>([
    ['empty: the case has no plates → `No se encontraron the service registradas`', [], EMPTY_PLATES_MESSAGES.NO_PLATES],
    [
      'empty: plates exist but none belongs to the case VIN → `Las the service registradas no corresponden al VIN del expediente`',
      [entry('AAA1111', { niv: OTHER_VIN })],
      EMPTY_PLATES_MESSAGES.PLATES_NOT_FOR_CASE_VIN,
    ],
  ])('%s', (_name, entries, message) => {
    expect(selectCasePlates(entries, VIN)).toEqual({ plates: [], emptyMessage: message });
  });

  it('lists kept plates most recent first, undated last', () => {
    const out = selectCasePlates(
      [
        entry('UND1111', { document_date: '' }),
        entry('OLD1111', { document_date: '01/01/2020' }),
        entry('NEW1111', { document_date: '01/01/2025' }),
      ],
      VIN,
    );
    expect(out.plates.map((p) => p.plate)).toEqual(['NEW1111', 'OLD1111', 'UND1111']);
  });
});

describe('plate roster: main first, then the rest, previous plates included', () => {
  it('adds the portal previous plates with the entity of the plate they preceded, once', () => {
    const kept = [
      entry('NEW1111', { entity: 'MEX', document_date: '01/01/2025', previous_plate: 'OLD-11-11' }),
      entry('OTH2222', { entity: 'JAL', document_date: '01/01/2023', previous_plate: 'NEW1111' }),
    ];
    expect(plateRoster(kept, kept[0])).toEqual([
      { plate: 'NEW1111', entity: 'MEX', role: 'main', successor: null },
      { plate: 'OTH2222', entity: 'JAL', role: 'other', successor: null },
      { plate: 'OLD1111', entity: 'MEX', role: 'previous', successor: 'NEW1111' },
    ]);
  });

  it('lists every kept plate as other when there is no main plate', () => {
    expect(plateRoster([entry('AAA1111')], null).map((r) => r.role)).toEqual(['other']);
  });
});
