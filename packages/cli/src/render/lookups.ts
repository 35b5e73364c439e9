import type { CreditBureauResponse, IneResultResponse, PedimentoResponse, RapiResponse, RenapoResponse, RepuveResponse } from '@vcase/sdk';
import { paint, statusTone, type Style } from '../ui/style.js';
import { heading, renderPairs, renderTable, type Cell } from '../ui/table.js';
import { flatten, status, when, yesNo } from './format.js';

function head(style: Style, title: string, state: string): string {
  return style.tty ? heading(style, `${title} · ${paint(style, statusTone(state), state)}`) : '';
}

export function renderRepuve(body: RepuveResponse, style: Style): string {
  const out = head(style, 'REPUVE', body.job_status);
  const info = body.info;
  const pairs: [string, Cell][] = [
    ['codigo', status(body.codigo)],
    ['job', `${body.job_id} (${body.job_status})`],
  ];
  if (info) {
    const thefts = info.reporte_robo.filter((r) => !/^(sin|no)\b|recuperad|cancelad/i.test(r.estatus));
    pairs.push(
      ['niv', info.niv],
      ['placa', info.placa],
      ['vehículo', `${info.marca} ${info.modelo} ${info.anio_modelo} · ${info.tipo} · ${info.clase}`],
      ['entidad', info.entidad_emplacado],
      ['inscripción', info.fecha_inscripcion],
      ['actualización', info.fecha_actualizacion],
      [
        'reporte de robo',
        info.reporte_robo.length
          ? { text: info.reporte_robo.map((r) => `${r.tipo_reporte}: ${r.estatus}`).join(' · '), tone: thefts.length ? 'red' : 'green' }
          : { text: 'none', tone: 'green' },
      ],
      ['robo USA/Canadá', alarm(info.robo_usa_can.tiene_robo)],
      ['aviso judicial', alarm(info.aviso_judicial.tiene_aviso_judicial)],
    );
  } else if (body.job_status === 'completed') {
    pairs.push(['info', { text: 'vehicle not registered', tone: 'yellow' }]);
  }
  return out + renderPairs(style, pairs);
}

function alarm(flag: boolean): Cell {
  return flag ? { text: 'YES', tone: 'red' } : { text: 'no', tone: 'green' };
}

export function renderPedimento(body: PedimentoResponse, style: Style): string {
  const pairs: [string, Cell][] = [
    ['job', `${body.job_id} (${body.status})`],
    ['source', body.source],
  ];
  if (body.result) {
    pairs.push(['success', yesNo(body.result.success)]);
    pairs.push(...flatten(body.result.data ?? {}));
  }
  return head(style, 'Pedimento', body.status) + renderPairs(style, pairs);
}

export function renderRapi(body: RapiResponse, style: Style): string {
  const pairs: [string, Cell][] = [
    ['job', `${body.job_id} (${body.status})`],
    ['message', body.message ?? undefined],
  ];
  if (body.result) pairs.push(...flatten(body.result));
  return (
    head(style, 'RAPI', body.status) +
    renderPairs(
      style,
      pairs.filter(([, v]) => v !== undefined),
    )
  );
}

export function renderRenapo(body: RenapoResponse, style: Style): string {
  const d = body.data;
  const pairs: [string, Cell][] = [
    ['curp', d.curp],
    ['job', `${d.job_id} (${d.status}) · ${when(d.created_at)}`],
    ['queries', `${body.completed_count}/${body.query_count} completed`],
  ];
  if (d.person) {
    const p = d.person;
    pairs.push(
      ['nombre', [p.first_name, p.paternal_surname, p.maternal_surname].filter(Boolean).join(' ')],
      ['nacimiento', [p.birth_date, p.birth_state, p.birth_country].filter(Boolean).join(' · ')],
      ['sexo', p.sex],
      ['estatus CURP', status(p.curp_status)],
      ['validación', [p.validation_status, p.validation_code, p.message_code].filter(Boolean).join(' · ')],
      ['documento probatorio', p.probative_doc],
    );
  }
  if (d.probative_doc_url) pairs.push(['probative_doc_url', d.probative_doc_url]);
  if (d.probative_doc_data) pairs.push(...flatten(d.probative_doc_data, 'acta'));
  return head(style, 'RENAPO', body.status) + renderPairs(style, pairs);
}

export function renderBureau(body: CreditBureauResponse, style: Style): string {
  const pairs: [string, Cell][] = [
    ['source', body.source],
    ['queries', `${body.completed_count}/${body.query_count} completed`],
  ];
  if (body.document) pairs.push(['report PDF', body.document.url]);
  if (body.data) pairs.push(...flatten(body.data));
  return head(style, 'Credit bureau', body.status) + renderPairs(style, pairs);
}

export function renderIne(body: IneResultResponse, style: Style): string {
  if (!body.data) return head(style, 'INE', body.status) + renderPairs(style, [['status', status(body.status)]]);
  const d = body.data;
  return (
    head(style, 'INE', body.status) +
    renderPairs(style, [
      ['nombre', `${d.names} ${d.first_last_name} ${d.second_last_name}`.trim()],
      ['nacimiento', d.birth_date],
      ['sexo', d.gender],
      ['curp', d.curp],
      ['clave de elector', d.elector_key],
      ['estado / municipio / sección', `${d.state} / ${d.municipality} / ${d.section}`],
      ['localidad', d.locality],
      ['emisión / vigencia', `${d.emission} / ${d.validity}`],
      ['cic', d.cic],
      ['ocr', d.ocr],
      ['identificador ciudadano', d.citizen_identifier],
    ])
  );
}

function recordCell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  return typeof v === 'object' ? JSON.stringify(v) : typeof v === 'boolean' ? yesNo(v) : String(v);
}

/** A generic table for a list of flat objects (admin answers and the like). */
export function renderRecords(style: Style, records: Record<string, unknown>[], keys: string[]): string {
  return renderTable(
    style,
    keys.map((k) => ({ header: k, shrink: true })),
    records.map((r) => keys.map((k) => recordCell(r[k]))),
  );
}
