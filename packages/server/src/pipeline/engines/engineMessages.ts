/**
 * What an engine that could not read a file says in `json_ocr.message` (contract §1: the
 * service's texts are Spanish). The library's own words, when there are any, go in `detail`.
 */
export const ENGINE_MESSAGES = {
  malformed_xml: 'El XML no está bien formado',
  not_an_image: 'El archivo no es una imagen PNG, JPEG, TIFF, GIF, BMP ni WebP',
  unreadable_image: 'No se pudo leer la imagen',
  unreadable_pdf: 'No se pudo leer el PDF (estructura inválida o dañada)',
} as const;
