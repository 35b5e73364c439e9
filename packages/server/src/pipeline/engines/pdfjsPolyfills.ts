/**
 * pdf.js (inside unpdf) calls `ArrayBuffer.prototype.transferToFixedLength` (ES2024) while it
 * loads a page's fonts. Node 20 lacks it, and pdf.js then drops the rest of the page's
 * operator list silently: a page with text lost its images (the QR code of a printed CFDI).
 * Imported by every module that loads pdf.js.
 */
import 'core-js/actual/array-buffer/transfer-to-fixed-length.js';
