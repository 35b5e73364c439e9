import { test } from 'vitest';
import { validateCurp } from '../../src/domain/validators/curp.js';
import { validateRfc, rfcCheckDigit } from '../../src/domain/validators/rfc.js';
import { validateVin, vinCheckDigit } from '../../src/domain/validators/vin.js';
test('x', () => {
for (const c of ['HEGG560427MVZRRL04','BOXW310820HNERXN08']) console.log(c, validateCurp(c));
for (const r of ['COSC8001137NA','EKU9003173C9','XIA190128J61','XAXX010101000','XEXX010101000','GODE561231GR8', 'IIA040805DZ4','MAG041126GT8']) console.log(r, validateRfc(r).checksumValid, rfcCheckDigit(r));
for (const v of ['1M8GDM9AXKP042788','1M8GDM9AYKP042788','3VWFE21C04M000001']) console.log(v, validateVin(v), vinCheckDigit(v));
});
