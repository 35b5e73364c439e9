export { verifyCfdiSeal, SEAL_REASONS, type SealCheck, type SealStatus } from './verify.js';
export { sealValidityCodes, certificateExpiredAt, type SealValidityCode } from './codes.js';
export { readCertificado, CERTIFICATE_PROBLEMS, type SealCertificate } from './certificate.js';
export { cadenaOriginal, cfdiVersionOf, isComprobante, type CadenaResult, type CfdiVersion } from './cadena.js';
export { parseElementTree, type XmlElement } from './xmlTree.js';
