import type { SandboxSource } from '@vcase/shared';
import { syntheticSatCfdi, syntheticSatPedimento } from './fiscal.js';
import { syntheticIne, syntheticRenapo } from './person.js';
import { syntheticPlatePortal } from './platePortal.js';
import { syntheticTenencia, syntheticTickets } from './tickets.js';
import { syntheticAmda, syntheticAmis, syntheticBureau, syntheticPedimento, syntheticRapi, syntheticRepuve } from './vehicle.js';

type Generator = (key: string, input: unknown) => Record<string, unknown>;

/**
 * Deterministic synthetic answers for sources without a fixture, derived from a hash of
 * the key, so demos work unconfigured and the same key always answers the same.
 * `ocr` has none: without a fixture the real OCR engines read the file.
 */
export const SYNTHETIC: Partial<Record<SandboxSource, Generator>> = {
  plate_portal: (key) => syntheticPlatePortal(key),
  repuve: (key, input) => syntheticRepuve(key, input),
  pedimento: (key) => syntheticPedimento(key),
  rapi: (key) => syntheticRapi(key),
  renapo: (key, input) => syntheticRenapo(key, input),
  bureau: (key, input) => syntheticBureau(key, input),
  tickets: (key) => syntheticTickets(key),
  tenencia: (key) => syntheticTenencia(key),
  sat_cfdi: (key, input) => syntheticSatCfdi(key, input),
  sat_pedimento: (key) => syntheticSatPedimento(key),
  amda: (key, input) => syntheticAmda(key, input),
  amis: (key, input) => syntheticAmis(key, input),
  ine: (key) => syntheticIne(key),
};
