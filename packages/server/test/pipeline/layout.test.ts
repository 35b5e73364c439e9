import { describe, expect, it } from 'vitest';
import { layoutOcrLines, layoutText, type TextBox } from '../../src/pipeline/layout/index.js';

/**
 * Boxes of a page drawn as monospaced rows: each word stands at its character column (6 units
 * wide), each row 14 units below the last (10 high). A row of only '~' is a paragraph gap.
 */
function page(rows: readonly string[]): TextBox[] {
  const boxes: TextBox[] = [];
  let y = 0;
  for (const row of rows) {
    if (/^~+$/.test(row)) {
      y += 14;
      continue;
    }
    for (const m of row.matchAll(/\S+/g)) {
      boxes.push({ text: m[0], x0: m.index * 6, x1: (m.index + m[0].length) * 6, y0: y, y1: y + 10 });
    }
    y += 14;
  }
  return boxes;
}

describe('layoutText: reading order of a positioned text layer', () => {
  const cases: { name: string; rows: string[]; text: string[] }[] = [
    {
      name: 'two columns EMISOR | RECEPTOR are read one after the other',
      rows: [
        'EMISOR                              RECEPTOR',
        'AUTOMOTRIZ DEL NORTE SA DE CV       JUAN PEREZ LOPEZ',
        'RFC: ADN010101AB1                   RFC: PELJ800101A14',
        'Regimen: 601                        Uso CFDI: G01',
        'Lugar de expedicion: 64000',
        '~',
        'DATOS ADICIONALES',
        'VIN: 3N1CN8AE5RK812345 Marca: NISSAN',
      ],
      text: [
        'EMISOR',
        'AUTOMOTRIZ DEL NORTE SA DE CV',
        'RFC: ADN010101AB1',
        'Regimen: 601',
        'Lugar de expedicion: 64000',
        'RECEPTOR',
        'JUAN PEREZ LOPEZ',
        'RFC: PELJ800101A14',
        'Uso CFDI: G01',
        'DATOS ADICIONALES',
        'VIN: 3N1CN8AE5RK812345 Marca: NISSAN',
      ],
    },
    {
      name: 'a form of labels before aligned values reads line by line',
      rows: ['RFC emisor:       ADN010101AB1', 'Nombre emisor:    AUTOMOTRIZ DEL NORTE', 'RFC receptor:     PELJ800101A14'],
      text: ['RFC emisor: ADN010101AB1', 'Nombre emisor: AUTOMOTRIZ DEL NORTE', 'RFC receptor: PELJ800101A14'],
    },
    {
      name: 'labels printed above their values read label then value',
      rows: ['PLACA          NUMERO DE SERIE', 'MNO-12-34      KMHCT41D8EU123456'],
      text: ['PLACA', 'MNO-12-34', 'NUMERO DE SERIE', 'KMHCT41D8EU123456'],
    },
    {
      name: 'a single line with a wide gap is not a column',
      rows: ['FACTURA                 Serie A Folio 1234', '~', 'Fecha: 01/02/2024'],
      text: ['FACTURA Serie A Folio 1234', 'Fecha: 01/02/2024'],
    },
    {
      name: 'a block beside the issuer header (a folio fiscal box) is read after it',
      rows: [
        'AUTOMOTRIZ DEL NORTE SA DE CV          FOLIO FISCAL:',
        'RFC: ADN010101AB1                      6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
        'AV. CONSTITUCION 100 MONTERREY         FECHA: 12/03/2024',
      ],
      text: [
        'AUTOMOTRIZ DEL NORTE SA DE CV',
        'RFC: ADN010101AB1',
        'AV. CONSTITUCION 100 MONTERREY',
        'FOLIO FISCAL:',
        '6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B',
        'FECHA: 12/03/2024',
      ],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(layoutText(page(c.rows)).split('\n')).toEqual(c.text);
    });
  }

  it('joins runs that touch into one word and keeps word gaps as spaces', () => {
    const boxes: TextBox[] = [
      { text: 'NO. DE', x0: 0, x1: 36, y0: 0, y1: 10 },
      { text: 'SERIE:', x0: 39, x1: 75, y0: 0, y1: 10 },
      { text: '3N1CN8AE', x0: 78, x1: 126, y0: 0, y1: 10 },
      { text: '5RK812345', x0: 126, x1: 180, y0: 1, y1: 11 },
    ];
    expect(layoutText(boxes)).toBe('NO. DE SERIE: 3N1CN8AE5RK812345');
  });
});

describe('layoutOcrLines: OCR lines cut per column are put back into rows', () => {
  it('keeps lines in their order when a tall mark (a photo edge) is read at the start of one', () => {
    const word = (text: string, x0: number, y0: number, y1 = y0 + 10) => ({ text, x0, x1: x0 + text.length * 6, y0, y1 });
    const lines = [[word('ROMERO', 100, 0)], [word('LOPEZ', 100, 14)], [word(')', 80, 0, 60), word('ROCIO', 100, 28)]];
    expect(layoutOcrLines(lines).split('\n')).toEqual(['ROMERO', 'LOPEZ', 'ROCIO']);
  });

  it('reads the columns of a row the engine split, one column after the other', () => {
    const boxes = page([
      'EMISOR                    RECEPTOR',
      'ACME SA DE CV             JUAN PEREZ',
      'RFC: AAA010101AAA         RFC: PELJ800101A14',
    ]);
    const byColumn = [boxes.filter((b) => b.x0 < 150 && b.y0 === 0), boxes.filter((b) => b.x0 >= 150 && b.y0 === 0)];
    for (const y of [14, 28])
      byColumn.push(
        boxes.filter((b) => b.x0 < 150 && b.y0 === y),
        boxes.filter((b) => b.x0 >= 150 && b.y0 === y),
      );
    expect(layoutOcrLines(byColumn).split('\n')).toEqual([
      'EMISOR',
      'ACME SA DE CV',
      'RFC: AAA010101AAA',
      'RECEPTOR',
      'JUAN PEREZ',
      'RFC: PELJ800101A14',
    ]);
  });
});
