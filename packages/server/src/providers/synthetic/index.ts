import type { SandboxSource } from '@vcase/shared';
import { syntheticPlatePortal } from './platePortal.js';

type Generator = (key: string, input: unknown) => Record<string, unknown>;

/**
 * Deterministic synthetic answers for sources without a fixture, derived from a hash of
 * the key, so demos work unconfigured and the same key always answers the same.
 */
export const SYNTHETIC: Partial<Record<SandboxSource, Generator>> = {
  plate_portal: (key) => syntheticPlatePortal(key),
};

export function registerSynthetic(source: SandboxSource, generator: Generator) {
  SYNTHETIC[source] = generator;
}
