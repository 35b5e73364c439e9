/**
 * World manufacturer identifiers (a VIN's first three characters) of the makes sold in Mexico,
 * from the manufacturers' published VIN decoding guides. Used only to choose among the VINs an
 * OCR misread could have come from (docs/rules.md, "VIN"): a WMI missing here never refuses a VIN.
 */
export const KNOWN_WMIS = new Set([
  // Built in Mexico (WMI 3…).
  '3N1', '3N6', '3N8', '3VW', '3VV', '3G1', '3GN', '3GC', '3GK', '3GT', '3GY', '3FA', '3FM', '3FT', '3LN', '3HG', '3CZ',
  '3TM', '3TY', '3MY', '3MZ', '3MV', '3MD', '3KP', '3C4', '3C6', '3C3', '3D7', '3MW', '3AL',
  // United States and Canada.
  '1FA', '1FM', '1FT', '1FD', '2FM', '1G1', '1GC', '1GN', '1GT', '1GK', '2G1', '2GN', '1HG', '2HG', '2HK', '5FN', '5J6',
  '19X', '1N4', '1N6', '5N1', '4T1', '4T3', '5TD', '5TF', '2T1', '2T3', '1C4', '1C6', '2C3', '2C4', '1J4', '1J8', '5YJ',
  '5UX', '4JG', '4S3', '4S4', '5NP', '5NM', '5XY', '5KB', '7SA',
  // Asia and Europe.
  'JN1', 'JN8', 'JTD', 'JTE', 'JTN', 'JT2', 'JT3', 'JHM', 'JM1', 'JM3', 'JS2', 'JS3', 'JA3', 'JA4', 'JF1', 'JF2', 'KMH',
  'KM8', 'KNA', 'KND', 'KL1', 'MA3', 'MR0', 'MMB', 'LSG', 'LSJ', 'LGW', 'LVV', 'LGX', 'LC0', 'WVW', 'WVG', 'WV1', 'WV2',
  'WAU', 'WA1', 'WBA', 'WBS', 'WBX', 'WDD', 'WDC', 'W1K', 'W1N', 'VSS', 'VF1', 'VF3', 'YV1', 'YV4', 'ZFA', 'ZAC', 'SAL', 'SAJ',
  '93Y', '8A1', '9BW',
]);
