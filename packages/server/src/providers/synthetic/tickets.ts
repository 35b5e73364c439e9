import { ddmmyyyy, seeded } from './seed.js';

export function syntheticTickets(key: string): Record<string, unknown> {
  const r = seeded('tickets', key);
  const n = r.chance(0.5) ? 0 : r.int(1, 3);
  return {
    infractions: Array.from({ length: n }, () => ({
      date: ddmmyyyy(r.int(1, 28), r.int(1, 12), r.int(2020, 2025)),
      amount: r.int(5, 60) * 100,
      status: r.pick(['PAGADA', 'NO PAGADA', 'NO PAGADA']),
    })),
  };
}

export function syntheticTenencia(key: string, now = new Date()): Record<string, unknown> {
  const r = seeded('tenencia', key);
  const year = now.getUTCFullYear();
  const debts = r.chance(0.5) ? [] : [year - r.int(0, 2)];
  return { years: [...new Set(debts)].map((fiscal_year) => ({ fiscal_year, amount: r.int(8, 40) * 100 + 0.5 })) };
}
