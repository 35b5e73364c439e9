export { cadenaOriginal, cfdiVersionOf, isComprobante, type CadenaResult, type CfdiVersion } from './cadena.js';
export { parseElementTree, type XmlElement } from './xmlTree.js';
