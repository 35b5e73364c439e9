export * from './vin.js';
export * from './curp.js';
export * from './rfc.js';
export * from './plates.js';
export * from './entities.js';
export * from './dates.js';
export * from './ine.js';
export * from './inconvenientWords.js';
