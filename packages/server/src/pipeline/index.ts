export type { OcrEngine, OcrInput, OcrOutput, ClassificationMethod } from './types.js';
export {
  cfdiXmlEngine,
  parseCfdi,
  cfdiOf,
  cfdiParsedData,
  cfdiText,
  normalizePedimento,
  aduanaOfPedimento,
  CFDI_NAMESPACES,
} from './engines/cfdi.js';
export type { Cfdi, CfdiConcept, CustomsEntry } from './engines/cfdi.js';
export { pdfEngine, pdfTextEngine, type PdfEngineOptions } from './engines/pdfText.js';
export { pageImages, type RawImage } from './engines/pdfImages.js';
export {
  TesseractPool,
  sharedTesseractPool,
  closeSharedTesseractPool,
  type Recognized,
  type TesseractPoolOptions,
} from './engines/tesseractPool.js';
export { layoutText, layoutOcrLines, type TextBox } from './layout/index.js';
export { imageEngine, noImageEngine, tesseractEngine, type TesseractOptions } from './engines/image.js';
export { fixtureEngine, OcrSourceError, type OcrFixtureLookup } from './engines/fixture.js';
export { parseXml, rootNamespace, decodeXml } from './engines/xml.js';
export { verifyCfdiSeal, sealValidityCodes, type SealCheck } from './seal/index.js';
export { runOcr, defaultEngines, sniffMime, sha256Hex, type OcrRun } from './runOcr.js';
export {
  classifyDocument,
  manualClassification,
  UNKNOWN_TYPE,
  MIN_SCORE,
  type Classification,
  type ClassificationInput,
} from './classify.js';
export { extractParsedData, sanitizeParsedData, withNormalizedIdentifiers, EXTRACTED_TYPES } from './extractors/index.js';
export { splitFullName, fullName, type PersonName } from './extractors/names.js';
export { vehicleFromDescription, type DescribedVehicle } from './extractors/description.js';
export { findTd1, parseTd1, type Td1Mrz } from './mrz.js';
export {
  computeValidity,
  isValidityProblem,
  DOCUMENT_VALIDITY_VALUES,
  VALIDITY_CODES,
  REQUIRED_FIELDS,
  type DocumentValidityValue,
  type ValidityCode,
  type ValidityInput,
} from './validity.js';
export { extractCodes, codesFromText, qrCodes, qrOfImage, qrOfPdf, parseSatQr, type ExtractedCode, type SatQr } from './codes/index.js';
export { ownerInfo, type OwnerInfo } from './owner.js';
export { processDocument, type ProcessDocumentInput, type ProcessedDocument } from './processDocument.js';
export { MemoryBudget, readingCost } from './memoryBudget.js';
